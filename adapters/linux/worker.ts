// The worker that owns the Linux desktop: libatspi, GLib, X11, XTest and XRandR
// live on this thread only (libatspi is single-threaded). Requests are served
// one at a time; between them the GLib main context is pumped so libatspi's
// cache follows the applications.

import {
  type CaptureLimits,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type ScreenshotTarget,
  WindowGoneError,
} from "../types.ts";
import { LinuxDesktop } from "./linux_desktop.ts";
import type { Method, ProxyMessage, Request, WorkerMessage } from "./protocol.ts";

/** Often enough that cached states are current when a request comes in. */
const PUMP_INTERVAL_MS = 5;

interface WorkerScope {
  postMessage(message: WorkerMessage, transfer?: Transferable[]): void;
  onmessage: ((event: MessageEvent<ProxyMessage>) => void) | null;
  close(): void;
}
const scope = self as unknown as WorkerScope;

const handlers: Record<Method, (desktop: LinuxDesktop, args: unknown[]) => unknown> = {
  listWindows: (d) => d.listWindows(),
  captureTree: (d, [handle, limits]) =>
    d.captureTree(handle as string | null, limits as CaptureLimits),
  screenshot: (d, [target]) => d.screenshot(target as ScreenshotTarget),
  input: (d, [action, handle]) => d.input(action as InputAction, handle as string | null),
  elementOperation: (d, [target, op]) =>
    d.elementOperation(target as ElementRef, op as ElementOperation),
  monitors: (d) => d.monitors(),
  windowsAbove: (d, [handle]) => d.windowsAbove(handle as string),
  activate: (d, [handle]) => d.activate(handle as string),
};

async function serve(desktop: LinuxDesktop, request: Request): Promise<void> {
  try {
    const value = await handlers[request.method](desktop, request.args);
    // Screenshot pixels move to the main thread instead of being copied.
    const pixels = (value as { data?: unknown } | null)?.data;
    const transfer = pixels instanceof Uint8Array ? [pixels.buffer as ArrayBuffer] : [];
    scope.postMessage({ kind: "reply", id: request.id, value }, transfer);
  } catch (e) {
    const error = e instanceof WindowGoneError
      ? { kind: "window_gone" as const, message: e.message, handle: e.handle }
      : { kind: "error" as const, message: (e as Error).message ?? String(e) };
    scope.postMessage({ kind: "reply", id: request.id, error });
  }
}

function start(): void {
  let desktop: LinuxDesktop;
  try {
    desktop = LinuxDesktop.open();
  } catch (e) {
    scope.postMessage({ kind: "failed", message: (e as Error).message });
    scope.close();
    return;
  }
  const pump = setInterval(() => desktop.pump(), PUMP_INTERVAL_MS);
  let queue = Promise.resolve();
  scope.onmessage = ({ data }) => {
    if (data.kind === "request") {
      queue = queue.then(() => serve(desktop, data.request));
      return;
    }
    queue = queue.then(() => {
      clearInterval(pump);
      desktop.close();
      scope.postMessage({ kind: "closed" });
      scope.close();
    });
  };
  scope.postMessage({ kind: "ready" });
}

start();
