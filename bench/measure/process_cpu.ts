// The CPU time processes spend, from /proc/<pid>/stat (utime + stime, in
// clock ticks of 10 ms): what an application, the X server, the accessibility
// bus and the AT-SPI host spent while a benchmark ran, to set a walk's time
// beside the time its parts took to answer it.

import { statFields } from "../../tests/helpers/proc.ts";

const TICK_MS = 10;

/** CPU milliseconds `pid` has used so far (0 when it is gone). */
export function cpuMs(pid: number): number {
  try {
    const fields = statFields(Deno.readTextFileSync(`/proc/${pid}/stat`));
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return 0;
  }
}

/** The processes among `pids` whose command line contains every one of `parts`. */
export function pidsWith(pids: number[], ...parts: string[]): number[] {
  return pids.filter((pid) => {
    try {
      const command = Deno.readTextFileSync(`/proc/${pid}/cmdline`).replaceAll("\0", " ");
      return parts.every((part) => command.includes(part));
    } catch {
      return false; // gone meanwhile
    }
  });
}

/** CPU milliseconds each named process group spent while `work` ran. */
export async function cpuDuring(
  groups: Record<string, number[]>,
  work: () => Promise<unknown>,
): Promise<Record<string, number>> {
  const total = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const before = Object.fromEntries(Object.entries(groups).map(([k, pids]) => [k, total(pids)]));
  await work();
  return Object.fromEntries(
    Object.entries(groups).map(([k, pids]) => [k, total(pids) - before[k]]),
  );
}
