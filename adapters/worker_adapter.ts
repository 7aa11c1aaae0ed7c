// An adapter whose platform lives in a Worker (worker_host.ts): the main
// thread only forwards calls, so slow platform calls (X requests, D-Bus
// walks, COM) never block the HTTP thread. Every request has a deadline; a
// worker that crashes or stops answering is replaced and its callers get a
// clear error. A worker is hung when its thread stops (its heartbeat does),
// not when a machine under load makes it slow.

import {
  type ActionOutcome,
  type Adapter,
  type AdapterName,
  AppNotRespondingError,
  type Capture,
  type CaptureAnswer,
  type CaptureLimits,
  type CaptureOptions,
  type ElementOperation,
  type ElementRef,
  type InputAction,
  type ScreenshotTarget,
  type TreeSourceInfo,
  WindowGoneError,
} from "./types.ts";
import type {
  CursorImage,
  EncodedPicture,
  ImageEncoding,
  PixelLayout,
  RawImage,
} from "../lib/model/image.ts";
import { ToolError } from "../lib/model/errors.ts";
import { markSanitizedTree, needsNoSanitizingUtf8 } from "../lib/model/untrusted.ts";
import { readTreeJson, type TreeLayout } from "../lib/model/tree_json_pieces.ts";
import { noteArrivedJson } from "../lib/model/json_text.ts";
import type { Bounds, Element, Monitor, WindowInfo } from "../lib/model/tree.ts";
import {
  HEARTBEAT_MS,
  type Method,
  type Reply,
  type RoomOffer,
  type WorkerMessage,
} from "./worker_protocol.ts";
import { touchedRoom } from "./reply_room.ts";

/**
 * A hang guard, not a speed bound: under two test suites at once (load ~10 on
 * two cores) a worker's start (its modules, the X connection, the AT-SPI
 * host's) took over 15 s, and a service that gave up then would serve the mock.
 */
const STARTUP_TIMEOUT_MS = 60_000;
const CLOSE_TIMEOUT_MS = 2_000;
/**
 * Terminating a worker stops its JavaScript, not a native call in progress
 * (Linux's AT-SPI host only exits once its current D-Bus call ends, 3 s at
 * most). Its successor starts after that, so a slow desktop is never asked
 * twice at once.
 */
const HUNG_WORKER_DRAIN_MS = 3_500;
/** A request unanswered at this many times its deadline is lost, however alive the worker: it is replaced. */
const OVERDUE_FACTOR = 4;

export interface WorkerAdapterOptions {
  /** Deadline of quick requests (window list, monitors, screenshots...). */
  requestTimeoutMs?: number;
  /** Extra time over the capture's own time limit before a capture counts as hung. */
  captureGraceMs?: number;
  /**
   * How long the worker's heartbeat may be missing before a request past its
   * deadline abandons the worker (a beating worker is slow, not hung; 0: at
   * the deadline).
   */
  silenceMs?: number;
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

const LOOSE_UTF8 = new TextDecoder("utf-8", { ignoreBOM: true });
const STRICT_UTF8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });

/**
 * Strict: bytes that are not UTF-8 (or start with a BOM) are broken JSON, not
 * text to repair. Decoded loosely first (mousepad's 222 KB tree in a loop of
 * its own: 0.01–0.02 ms against 0.11–0.2 strictly); only text in which the
 * loose decoder may have put U+FFFD for broken bytes is decoded again
 * strictly, which throws on them.
 */
function strictUtf8(bytes: Uint8Array): string {
  const text = LOOSE_UTF8.decode(bytes);
  return text.includes("\uFFFD") ? STRICT_UTF8.decode(bytes) : text;
}

/** A capture's value, and its root's UTF-8 when nothing in the capture needs sanitizing. */
interface Parsed {
  value: unknown;
  cleanRoot: Uint8Array | null;
}

/**
 * A capture whose root the AT-SPI host wrote in pieces (`layout`): the root
 * read piece by piece, the capture's other fields after it at once; its
 * whole text is never made (lib/model/tree_json_pieces.ts).
 */
function parsedCapture(json: Uint8Array, layout: TreeLayout): Parsed {
  const [start, end] = [layout[1], layout[layout.length - 1]];
  if (strictUtf8(json.subarray(0, start)) !== ROOT_FIRST) {
    throw new SyntaxError("a capture whose root is not where its layout says");
  }
  const root = readTreeJson(json, layout, strictUtf8);
  const after = strictUtf8(json.subarray(end));
  const rest = after === "}" ? {} : after.startsWith(",") ? JSON.parse(`{${after.slice(1)}`) : null;
  if (rest === null) {
    throw new SyntaxError("a capture whose root does not end where its layout says");
  }
  const cleanRoot = needsNoSanitizingUtf8(json) ? json.subarray(start, end) : null;
  return { value: { root, ...rest }, cleanRoot };
}

/** How a capture's JSON starts when the AT-SPI host writes it (see CaptureJson). */
const ROOT_FIRST = '{"root":';

export class WorkerAdapter implements Adapter {
  readonly isMock = false;
  readonly mirrorsTrees: boolean = false;
  private source: TreeSourceInfo = { name: "unknown", note: "the worker has not started yet" };
  /** Whether the worker's desktop encodes screenshots where it grabs them (it said so at start). */
  private encodes = false;
  private worker: Promise<Worker> | null = null;
  private closed = false;
  /** The worker that owns the desktop now (null while none is up). */
  private current: Worker | null = null;
  /** When a replaced worker may still be inside a native call: no successor before then. */
  private drainedAt = 0;
  private readonly pending = new Map<number, Pending>();
  /** The root's UTF-8 of captures parsed from JSON with no string in it that sanitizing would change. */
  private readonly cleanRoots = new WeakMap<object, Uint8Array>();
  private nextId = 0;
  private readonly requestTimeoutMs: number;
  private readonly captureGraceMs: number;
  private readonly silenceMs: number;
  /** When the current worker last said anything (a heartbeat, a reply). */
  private heardAt = 0;
  /** The size of the last reply that came as JSON bytes: room to offer for the next (see touchedRoom). */
  private roomFor = 0;

  constructor(
    readonly name: AdapterName,
    private readonly workerUrl: string,
    /** How errors name the worker ("the Linux desktop worker"). */
    private readonly label: string,
    options: WorkerAdapterOptions,
  ) {
    this.requestTimeoutMs = options.requestTimeoutMs ?? 10_000;
    this.captureGraceMs = options.captureGraceMs ?? 5_000;
    this.silenceMs = options.silenceMs ?? 10_000;
  }

  /**
   * Starts the worker and waits until it owns the desktop; closes the adapter
   * and rejects with the worker's reason when it cannot.
   */
  async started(): Promise<this> {
    try {
      await this.ensureWorker();
    } catch (e) {
      await this.close();
      throw e;
    }
    return this;
  }

  /** The running worker, starting one when there is none. */
  ensureWorker(): Promise<Worker> {
    if (this.closed) return Promise.reject(new Error(`the ${this.name} is closed`));
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
    const worker = new Worker(this.workerUrl, { type: "module" });
    const started = new Promise<Worker>((resolve, reject) => {
      const timer = setTimeout(() => {
        worker.terminate();
        reject(new Error(`${this.label} did not start within ${STARTUP_TIMEOUT_MS} ms`));
      }, STARTUP_TIMEOUT_MS);
      worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
        if (data.kind === "ready") {
          clearTimeout(timer);
          this.source = data.treeSource;
          this.encodes = data.encodes;
          this.heardAt = Date.now();
          worker.onmessage = ({ data }: MessageEvent<WorkerMessage>) => {
            this.heardAt = Date.now();
            if (data.kind === "reply") this.settle(data);
          };
          worker.onerror = (event) => {
            event.preventDefault();
            this.replaceWorker(worker, `${this.label} crashed: ${event.message}`);
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
        reject(new Error(`${this.label} failed to start: ${event.message}`));
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
    if ("json" in reply) {
      this.roomFor = reply.json.length;
      let parsed: Parsed;
      try {
        parsed = parsedCapture(reply.json, reply.layout);
      } catch (e) {
        return job.reject(new Error(`${this.label} answered with broken JSON: ${e}`));
      }
      const { value, cleanRoot } = parsed;
      if (cleanRoot !== null) this.cleanRoots.set(value as object, cleanRoot);
      return job.resolve(value);
    }
    if (!("error" in reply)) return job.resolve(reply.value);
    if (reply.error.kind === "window_gone") {
      return job.reject(new WindowGoneError(reply.error.handle ?? "?"));
    }
    if (reply.error.kind === "not_responding") {
      return job.reject(new AppNotRespondingError(reply.error.message));
    }
    if (reply.error.kind === "tool" && reply.error.code !== undefined) {
      return job.reject(new ToolError(reply.error.code, reply.error.message, reply.error.context));
    }
    job.reject(new Error(reply.error.message));
  }

  private async call<T>(method: Method, args: unknown[], timeoutMs: number): Promise<T> {
    const worker = await this.ensureWorker();
    const id = this.nextId++;
    const started = Date.now();
    return new Promise<T>((resolve, reject) => {
      // At the deadline and after: a worker still beating is given time, up to OVERDUE_FACTOR.
      const overdue = () => {
        const job = this.pending.get(id);
        if (!job) return;
        const silentMs = Date.now() - this.heardAt;
        const waitedMs = Date.now() - started;
        if (silentMs < this.silenceMs && waitedMs < timeoutMs * OVERDUE_FACTOR) {
          job.timer = setTimeout(overdue, HEARTBEAT_MS);
          return;
        }
        const silence = silentMs >= this.silenceMs ? `, silent for ${silentMs} ms` : "";
        this.replaceWorker(
          worker,
          `${this.label} did not answer ${method} within ${timeoutMs} ms${silence}`,
        );
      };
      const timer = setTimeout(overdue, timeoutMs);
      this.pending.set(id, { method, resolve: resolve as (v: unknown) => void, reject, timer });
      worker.postMessage({ kind: "request", request: { id, method, args } });
      this.offerRoom(worker);
    });
  }

  /**
   * After a reply came as JSON bytes, room for the next one's, made while the
   * worker works on a request (see adapters/reply_room.ts).
   */
  private offerRoom(worker: Worker): void {
    const buffer = touchedRoom(this.roomFor);
    this.roomFor = 0;
    if (buffer === null) return;
    worker.postMessage({ kind: "room", buffer } satisfies RoomOffer, [buffer]);
  }

  treeSource(): TreeSourceInfo {
    return this.source;
  }

  listWindows(): Promise<WindowInfo[]> {
    return this.call("listWindows", [], this.requestTimeoutMs);
  }

  async captureTree(
    handle: string | null,
    limits: CaptureLimits,
    options: CaptureOptions = {},
  ): Promise<CaptureAnswer> {
    const answer = await this.call<CaptureAnswer>(
      "captureTree",
      [handle, limits, options],
      limits.timeoutMs + this.captureGraceMs,
    );
    const cleanRoot = answer !== null && "root" in answer ? this.cleanRoots.get(answer) : undefined;
    if (cleanRoot === undefined) return answer;
    const { root } = answer as Capture;
    markSanitizedTree(root);
    noteArrivedJson(root, cleanRoot);
    return answer;
  }

  captureDesktop(application: string | null, limits: CaptureLimits): Promise<Capture | null> {
    return this.call(
      "captureDesktop",
      [application, limits],
      limits.timeoutMs + this.captureGraceMs,
    );
  }

  screenshot(target: ScreenshotTarget, accept: PixelLayout[] = []): Promise<RawImage | null> {
    return this.call("screenshot", [target, accept], this.requestTimeoutMs);
  }

  async encodedScreenshot(
    target: ScreenshotTarget,
    encoding: ImageEncoding,
  ): Promise<EncodedPicture | null> {
    await this.ensureWorker();
    if (!this.encodes) return null;
    return await this.call("encodedScreenshot", [target, encoding], this.requestTimeoutMs);
  }

  input(action: InputAction, handle: string | null): Promise<ActionOutcome> {
    return this.call("input", [action, handle], inputTimeoutMs(action, this.requestTimeoutMs));
  }

  elementOperation(target: ElementRef, op: ElementOperation): Promise<ActionOutcome> {
    return this.call("elementOperation", [target, op], this.requestTimeoutMs);
  }

  readPath(target: ElementRef, limits: CaptureLimits): Promise<Element[] | null> {
    return this.call("readPath", [target, limits], limits.timeoutMs + this.captureGraceMs);
  }

  monitors(): Promise<Monitor[]> {
    return this.call("monitors", [], this.requestTimeoutMs);
  }

  pointer(): Promise<{ x: number; y: number } | null> {
    return this.call("pointer", [], this.requestTimeoutMs);
  }

  cursorImage(): Promise<CursorImage | null> {
    return this.call("cursorImage", [], this.requestTimeoutMs);
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
      this.replaceWorker(worker, `the ${this.name} was closed`);
    }
  }
}
