// The worker that owns the Linux desktop: X11, XTest and XRandR live on this
// thread only, and so does the AT-SPI host process that reads trees
// (adapters/linux/atspi/host.ts). Requests are served one at a time.

import {
  AppNotRespondingError,
  type CaptureLimits,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type ScreenshotTarget,
  WindowGoneError,
} from "../types.ts";
import { LinuxDesktop } from "./worker_desktop.ts";
import type { Method, ProxyMessage, Request, WorkerMessage } from "./protocol.ts";

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
  captureDesktop: (d, [application, limits]) =>
    d.captureDesktop(application as string | null, limits as CaptureLimits),
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
      : e instanceof AppNotRespondingError
      ? { kind: "not_responding" as const, message: e.message }
      : { kind: "error" as const, message: (e as Error).message ?? String(e) };
    scope.postMessage({ kind: "reply", id: request.id, error });
  }
}

async function start(): Promise<void> {
  let desktop: LinuxDesktop;
  try {
    desktop = await LinuxDesktop.open();
  } catch (e) {
    scope.postMessage({ kind: "failed", message: (e as Error).message });
    scope.close();
    return;
  }
  let queue = Promise.resolve();
  scope.onmessage = ({ data }) => {
    if (data.kind === "request") {
      queue = queue.then(() => serve(desktop, data.request));
      return;
    }
    queue = queue.then(() => {
      desktop.close();
      scope.postMessage({ kind: "closed" });
      scope.close();
    });
  };
  scope.postMessage({ kind: "ready" });
}

await start();
