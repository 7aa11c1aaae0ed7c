// Stopping a tool whose caller has gone (MCP's notifications/cancelled, an
// HTTP client that hung up): its pauses end at once, and work it waits for is
// given up, so it answers Cancelled now instead of when the work is done.

import { ToolError } from "../model/errors.ts";

export function pause(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

export function cancelledError(what: string, extra: Record<string, unknown> = {}): ToolError {
  return new ToolError("Cancelled", `${what} was cancelled: the caller has gone`, {}, extra);
}

/**
 * `work`'s result, or Cancelled as soon as the signal aborts. Work that cannot
 * be stopped midway (an OCR job in its worker, a model's answer) runs on and
 * its result is dropped.
 */
export function unlessCancelled<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  what: string,
): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(cancelledError(what));
  return new Promise<T>((resolve, reject) => {
    const cancel = () => reject(cancelledError(what));
    signal.addEventListener("abort", cancel, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener("abort", cancel));
  });
}
