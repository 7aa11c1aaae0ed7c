// The polling loop behind wait_for and wait_idle: poll, stop on a result or
// when the time is up, else sleep. At least one poll always happens, even
// with a zero timeout. Sleeping is a timer, so waiting never blocks other
// requests; a caller that has gone (the signal) ends the wait at once.

import { cancelledError, pause } from "../../support/cancel.ts";

export interface LoopOutcome<T> {
  value: T | null;
  elapsedMs: number;
  polls: number;
}

export interface LoopOptions<T> {
  timeoutMs: number;
  pollMs: number;
  poll: () => Promise<T | null>;
  now?: () => number;
  sleep?: (ms: number, signal?: AbortSignal) => Promise<void>;
  /** Aborted when the caller has gone: the wait ends with Cancelled. */
  signal?: AbortSignal;
}

export async function pollUntil<T>(options: LoopOptions<T>): Promise<LoopOutcome<T>> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? pause;
  const started = now();
  let polls = 0;
  const cancelled = () =>
    cancelledError(`the wait (${polls} polls)`, { elapsed_ms: Math.round(now() - started) });
  for (;;) {
    polls++;
    const value = await options.poll();
    const elapsed = now() - started;
    if (value !== null || elapsed >= options.timeoutMs) {
      return { value, elapsedMs: Math.round(elapsed), polls };
    }
    if (options.signal?.aborted) throw cancelled();
    // Never sleep past the deadline: the last poll happens at it.
    await sleep(Math.min(options.pollMs, options.timeoutMs - elapsed), options.signal);
    if (options.signal?.aborted) throw cancelled();
  }
}
