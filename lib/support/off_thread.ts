// Work that must not stall the HTTP thread (image encoding and decoding, the
// mock's drawing) runs in a Worker. `OffThread` is the caller's side: one
// lazily started worker per instance, replies matched by id, a ToolError
// keeping its code and context across, and a fresh worker after a crash.
// `answerJobs` is the worker's side.

import { type ErrorCode, ToolError } from "../model/errors.ts";
import { lowerThreadPriority } from "./thread_priority.ts";

interface Reply {
  id: number;
  result?: unknown;
  error?: string;
  code?: string;
  context?: Record<string, unknown>;
}

export class OffThread<Job> {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (e: Error) => void }
  >();

  /** `moduleUrl`: a worker module that calls `answerJobs`. */
  constructor(private readonly moduleUrl: URL, private readonly label: string) {}

  /** Runs `job` in the worker; `transfer` buffers move instead of being copied. */
  run<T>(job: Job, transfer: ArrayBuffer[] = []): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.ensure().postMessage({ job, id }, transfer);
    });
  }

  /** Starts the worker ahead of the first job. */
  start(): void {
    this.ensure();
  }

  stop(): void {
    this.worker?.terminate();
    this.failAll(new Error(`${this.label} worker stopped`));
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.worker = null; // the next call starts a fresh worker
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(this.moduleUrl.href, { type: "module" });
    w.onmessage = (event: MessageEvent<Reply>) => {
      const { id, result, error, code, context } = event.data;
      const job = this.pending.get(id);
      if (!job) return;
      this.pending.delete(id);
      if (error === undefined) job.resolve(result);
      else job.reject(code ? new ToolError(code as ErrorCode, error, context) : new Error(error));
    };
    w.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(`${this.label} worker crashed: ${event.message}`));
    };
    this.worker = w;
    return w;
  }
}

/**
 * Worker side: answers each job with `perform`'s result, transferring the
 * buffers `transferOf` names, at a priority below the HTTP thread's.
 */
export function answerJobs<Job, Result>(
  perform: (job: Job) => Result | Promise<Result>,
  transferOf: (result: Result) => ArrayBuffer[],
): void {
  lowerThreadPriority();
  // deno-lint-ignore no-explicit-any
  const scope = self as any;
  scope.onmessage = async (event: MessageEvent<{ job: Job; id: number }>) => {
    const { id, job } = event.data;
    try {
      const result = await perform(job);
      scope.postMessage({ id, result } satisfies Reply, transferOf(result));
    } catch (e) {
      const reply: Reply = { id, error: (e as Error).message };
      if (e instanceof ToolError) Object.assign(reply, { code: e.code, context: e.context });
      scope.postMessage(reply);
    }
  };
}
