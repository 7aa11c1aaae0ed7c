// Timing for the benchmarks: repeated calls measured one by one, and the
// percentiles the tables report.

/** The upper median: the middle value, or the later of the two middle ones. */
export function median(values: number[]): number {
  return percentile(values, 0.5);
}

/** The value `p` (0..1) of the way up the sorted values. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

/** Milliseconds of each of `runs` calls of `call`, after `warmUp` calls that are not measured. */
export async function timeCalls(
  runs: number,
  call: () => unknown,
  warmUp = 0,
): Promise<number[]> {
  for (let i = 0; i < warmUp; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times;
}
