// The Linux adapter as the service sees it: a thin proxy that forwards every
// call to the worker owning the desktop (worker.ts), so slow X requests and
// D-Bus walks (in the worker's AT-SPI host process) never block the HTTP thread. Every request has a deadline; a worker that crashes or
// stops answering is replaced and its callers get a clear error.

import {
  type ActionOutcome,
  type Adapter,
  AppNotRespondingError,
  type Capture,
  type CaptureLimits,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type RawImage,
  type ScreenshotTarget,
  WindowGoneError,
} from "../types.ts";
import type { Bounds, Monitor, WindowInfo } from "../../lib/core/tree.ts";
import type { Method, Reply, WorkerMessage } from "./protocol.ts";

const WORKER_URL = new URL("./worker.ts", import.meta.url).href;
const STARTUP_TIMEOUT_MS = 15_000;
const CLOSE_TIMEOUT_MS = 2_000;
/**
 * Terminating a worker stops its JavaScript, not a native call in progress, and
 * its AT-SPI host only exits once its current D-Bus call ends (3 s at most, see
 * adapters/linux/atspi/connection.ts). Its successor starts after that, so a slow desktop is never
 * asked twice at once.
 */
const HUNG_WORKER_DRAIN_MS = 3_500;

export interface LinuxAdapterOptions {
  /** Deadline of quick requests (window list, monitors, screenshots...). */
  requestTimeoutMs?: number;
  /** Extra time over the capture's own time limit before a capture counts as hung. */
  captureGraceMs?: number;
}

interface Pending {
  method: Method;
  resolve(value: unknown): void;
  reject(error: Error): void;
  timer: ReturnType<typeof setTimeout>;
}

/** Time an input action may legitimately take: typing is paced, drags have a duration. */
function inputTimeoutMs(action: InputAction, base: number): number {
  if (action.kind === "text") return base + [...action.text].length * 50;
  if (action.kind === "drag") return base + action.durationMs;
  return base;
}

class LinuxAdapter implements Adapter {
  readonly name = "LinuxAdapter" as const;
  readonly isMock = false;
  private worker: Promise<Worker> | null = null;
  private closed = false;
  /** The worker that owns the desktop now (null while none is up). */
  private current: Worker | null = null;
  /** When a replaced worker may still be inside a native call: no successor before then. */
  private drainedAt = 0;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private readonly requestTimeoutMs: number;
  private readonly captureGraceMs: number;

  constructor(options: LinuxAdapterOptions) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.captureGraceMs = options.captureGraceMs ?? 5_000;
  }

  /** The running worker, starting one when there is none. */
  ensureWorker(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error("the Linux adapter is closed"));
    if (this.worker === null) {
      const starting = this.startWorker();
      this.worker = starting;
      // A failed start must not be cached: the next call tries again.
      starting.catch(() => {
        if (this.worker === starting) this.worker = null;
      });
    }
    return this.worker;
  }

  private async startWorker(): Promise<Worker> {
    const wait = this.drainedAt - Date.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    const worker = new Worker(WORKER_URL, { type: "module" });
    const started = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.terminate();
        reject(new Error(`the Linux desktop worker did not start within ${STARTUP_TIMEOUT_MS} ms`));
      }, STARTUP_TIMEOUT_MS);
      worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
        if (data.kind === "ready") {
          clearTimeout(timer);
          worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
            if (data.kind === "reply") this.settle(data);
          };
          worker.onerror = (event) => {
            event.preventDefault();
            this.replaceWorker(worker, `the Linux desktop worker crashed: ${event.message}`);
          };
          this.current = worker;
          resolve(worker);
        } else if (data.kind === "failed") {
          clearTimeout(timer);
          worker.terminate();
          reject(new Error(data.message));
        }
      };
      worker.onerror = (event) => {
        event.preventDefault();
        clearTimeout(timer);
        worker.terminate();
        reject(new Error(`the Linux desktop worker failed to start: ${event.message}`));
      };
    });
    return await started;
  }

  /** Drops a dead or hung worker; its pending callers learn why. The next call starts a new one. */
  private replaceWorker(worker: Worker, reason: string): void {
    worker.terminate();
    if (worker !== this.current) return; // already replaced
    this.current = null;
    this.worker = null;
    this.drainedAt = Date.now() + HUNG_WORKER_DRAIN_MS;
    for (const [id, job] of this.pending) {
      clearTimeout(job.timer);
      job.reject(new Error(`${reason} (request ${job.method} abandoned; the worker is restarted)`));
      this.pending.delete(id);
    }
  }

  private settle(reply: Reply): void {
    const job = this.pending.get(reply.id);
    if (!job) return;
    this.pending.delete(reply.id);
    clearTimeout(job.timer);
    if (!("error" in reply)) return job.resolve(reply.value);
    if (reply.error.kind === "window_gone") {
      return job.reject(new WindowGoneError(reply.error.handle ?? "?"));
    }
    if (reply.error.kind === "not_responding") {
      return job.reject(new AppNotRespondingError(reply.error.message));
    }
    job.reject(new Error(reply.error.message));
  }

  private async call<T>(method: Method, args: unknown[], timeoutMs: number): Promise<T> {
    const worker = await this.ensureWorker();
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replaceWorker(
          worker,
          `the Linux desktop worker did not answer ${method} within ${timeoutMs} ms`,
        );
      }, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject, timer });
      worker.postMessage({ kind: "request", request: { id, method, args } });
    });
  }

  listWindows(): Promise<WindowInfo[]> {
    return this.call("listWindows", [], this.requestTimeoutMs);
  }

  captureTree(handle: string | null, limits: CaptureLimits): Promise<Capture | null> {
    return this.call("captureTree", [handle, limits], limits.timeoutMs + this.captureGraceMs);
  }

  captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null> {
    return this.call(
      "captureDesktop",
      [application, limits],
      limits.timeoutMs + this.captureGraceMs,
    );
  }

  screenshot(target: ScreenshotTarget): Promise<RawImage | null> {
    return this.call("screenshot", [target], this.requestTimeoutMs);
  }

  input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    return this.call("input", [action, handle], inputTimeoutMs(action, this.requestTimeoutMs));
  }

  elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    return this.call("elementOperation", [target, op], this.requestTimeoutMs);
  }

  monitors(): Promise<Monitor[]> {
    return this.call("monitors", [], this.requestTimeoutMs);
  }

  windowsAbove(handle: string): Promise<Bounds[]> {
    return this.call("windowsAbove", [handle], this.requestTimeoutMs);
  }

  activate(handle: string): Promise<[boolean, string]> {
    return this.call("activate", [handle], this.requestTimeoutMs);
  }

  async close(): Promise<void> {
    this.closed = true;
    const running = this.worker;
    this.worker = null;
    const worker = running ? await running.catch(() => null) : null;
    if (worker) {
      const closed = new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, CLOSE_TIMEOUT_MS);
        worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
          if (data.kind === "reply") this.settle(data);
          if (data.kind === "closed") {
            clearTimeout(timer);
            resolve();
          }
        };
      });
      worker.postMessage({ kind: "close" });
      await closed;
      this.replaceWorker(worker, "the Linux adapter was closed");
    }
    if (openAdapter === this) openAdapter = null;
  }
}

/** Xlib's error handlers are process-wide: one adapter (one worker) per process. */
let openAdapter: LinuxAdapter | null = null;

/**
 * Starts the worker and waits until it owns the desktop; rejects with the reason
 * (no display, a missing library, no accessibility bus) when it cannot.
 */
export async function createLinuxAdapter(options: LinuxAdapterOptions = {}): Promise<Adapter> {
  if (openAdapter !== null) {
    throw new Error("a LinuxAdapter is already open in this process (Xlib is process-wide)");
  }
  const adapter = new LinuxAdapter(options);
  openAdapter = adapter;
  try {
    await adapter.ensureWorker();
  } catch (e) {
    await adapter.close();
    throw e;
  }
  return adapter;
}
