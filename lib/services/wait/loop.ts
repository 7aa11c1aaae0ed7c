// The polling loop behind wait_for and wait_idle: poll, stop on a result or
// when the time is up, else sleep. At least one poll always happens, even
// with a zero timeout. Sleeping is a timer, so waiting never blocks other
// requests.

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
  sleep?: (ms: number) => Promise<void>;
}

const timer = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function pollUntil<T>(options: LoopOptions<T>): Promise<LoopOutcome<T>> {
  const now = options.now ?? (() => performance.now());
  const sleep = options.sleep ?? timer;
  const started = now();
  let polls = 0;
  for (;;) {
    polls++;
    const value = await options.poll();
    const elapsed = now() - started;
    if (value !== null || elapsed >= options.timeoutMs) {
      return { value, elapsedMs: Math.round(elapsed), polls };
    }
    // Never sleep past the deadline: the last poll happens at it.
    await sleep(Math.min(options.pollMs, options.timeoutMs - elapsed));
  }
}
