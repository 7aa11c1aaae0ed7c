// The Linux adapter as the service sees it: a WorkerAdapter forwarding every
// call to the worker owning the desktop (worker.ts), so slow X requests and
// D-Bus walks (in the worker's AT-SPI host process) never block the HTTP thread.

import type { Adapter } from "../types.ts";
import { WorkerAdapter, type WorkerAdapterOptions } from "../worker_adapter.ts";
import type { LinuxSession } from "./session.ts";

/** The worker per display server: X11 (Xlib, XTest) or Wayland (sway, wlroots protocols). */
const WORKER_URLS: Record<LinuxSession, string> = {
  x11: new URL("./worker.ts", import.meta.url).href,
  wayland: new URL("./wayland_worker.ts", import.meta.url).href,
};

/** Xlib's error handlers are process-wide: one adapter (one worker) per process. */
let openAdapter: LinuxAdapter | null = null;

class LinuxAdapter extends WorkerAdapter {
  /** The AT-SPI host mirrors each tree a caller uses from the bus's events. */
  override readonly mirrorsTrees = true;

  constructor(session: LinuxSession, options: WorkerAdapterOptions) {
    super(
      "LinuxAdapter",
      WORKER_URLS[session],
      session === "wayland" ? "the Wayland desktop worker" : "the Linux desktop worker",
      options,
    );
  }

  override async close(): Promise<void> {
    await super.close();
    if (openAdapter === this) openAdapter = null;
  }
}

/**
 * Starts the worker and waits until it owns the desktop; rejects with the reason
 * (no display, a missing library, no accessibility bus) when it cannot.
 */
export function createLinuxAdapter(
  options: WorkerAdapterOptions & { session?: LinuxSession } = {},
): Promise<Adapter> {
  if (openAdapter !== null) {
    throw new Error("a LinuxAdapter is already open in this process (Xlib is process-wide)");
  }
  openAdapter = new LinuxAdapter(options.session ?? "x11", options);
  return openAdapter.started();
}
