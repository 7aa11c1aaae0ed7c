// The Linux adapter as the service sees it: a WorkerAdapter forwarding every
// call to the worker owning the desktop (worker.ts), so slow X requests and
// D-Bus walks (in the worker's AT-SPI host process) never block the HTTP thread.

import type { Adapter } from "../types.ts";
import { WorkerAdapter, type WorkerAdapterOptions } from "../worker_adapter.ts";
import type { LinuxBackend } from "./session.ts";

/** The worker per backend: X11 (Xlib, XTest), sway (its IPC, wlroots protocols) or the portal. */
const WORKER_URLS: Record<LinuxBackend, string> = {
  x11: new URL("./worker.ts", import.meta.url).href,
  sway: new URL("./wayland_worker.ts", import.meta.url).href,
  portal: new URL("./portal_worker.ts", import.meta.url).href,
};
const WORKER_NAMES: Record<LinuxBackend, string> = {
  x11: "the Linux desktop worker",
  sway: "the Wayland desktop worker",
  portal: "the portal desktop worker",
};

/** Xlib's error handlers are process-wide: one adapter (one worker) per process. */
let openAdapter: LinuxAdapter | null = null;

class LinuxAdapter extends WorkerAdapter {
  /** The AT-SPI host mirrors each tree a caller uses from the bus's events. */
  override readonly mirrorsTrees = true;

  constructor(backend: LinuxBackend, options: WorkerAdapterOptions) {
    super("LinuxAdapter", WORKER_URLS[backend], WORKER_NAMES[backend], options);
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
  options: WorkerAdapterOptions & { backend?: LinuxBackend } = {},
): Promise<Adapter> {
  if (openAdapter !== null) {
    throw new Error("a LinuxAdapter is already open in this process (Xlib is process-wide)");
  }
  openAdapter = new LinuxAdapter(options.backend ?? "x11", options);
  return openAdapter.started();
}
