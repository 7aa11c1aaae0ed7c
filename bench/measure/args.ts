// The benchmarks' command-line options: `--name value` pairs in any order.

/** The value after `name`, or null when it is not given. */
export function option(name: string): string | null {
  const at = Deno.args.indexOf(name);
  return at >= 0 ? Deno.args[at + 1] : null;
}

/** The number after `name`, or `fallback` when it is not given. */
export function numberOption(name: string, fallback: number): number {
  const value = option(name);
  return value === null ? fallback : Number(value);
}
