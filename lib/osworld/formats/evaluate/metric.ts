// What a metric is: a function of the result and the expected value (and the
// task's options) to a score in [0, 1].

export type Metric = (
  result: unknown,
  expected: unknown,
  options: Record<string, unknown>,
) => number;
