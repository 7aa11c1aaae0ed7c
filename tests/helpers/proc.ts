// Process and thread facts from Linux's /proc: a stat line's fields, a
// process's state and wait channel, scheduling priority, child processes and
// their open sockets.

/**
 * The fields of a /proc stat line after the command's name, which may hold
 * spaces and parentheses: the first is field 3 (state), parent is [1], utime
 * and stime [11] and [12], nice [16].
 */
export function statFields(stat: string): string[] {
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** A process's name, state letter and kernel wait channel, or nothing when it is gone. */
export function processState(
  pid: number,
): { pid: number; name: string; state: string; wchan: string }[] {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const wchan = Deno.readTextFileSync(`/proc/${pid}/wchan`);
    return [{ pid, name, state: statFields(stat)[0], wchan }];
  } catch {
    return [];
  }
}

/** The nice value of a thread: "thread-self", or "<pid>/task/<tid>". */
export function threadNice(thread: string): number {
  return Number(statFields(Deno.readTextFileSync(`/proc/${thread}/stat`))[16]);
}

/** Nice value of each thread of a process, by thread id. */
export function threadNices(pid: number): Map<number, number> {
  const nices = new Map<number, number>();
  for (const entry of Deno.readDirSync(`/proc/${pid}/task`)) {
    try {
      nices.set(Number(entry.name), threadNice(`${pid}/task/${entry.name}`));
    } catch {
      // the thread ended meanwhile
    }
  }
  return nices;
}

/** The processes whose parent is `pid` and whose command line contains `text`. */
export function childrenMatching(pid: number, text: string): number[] {
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const parent = Number(statFields(Deno.readTextFileSync(`/proc/${entry.name}/stat`))[1]);
      const command = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
      if (parent === pid && command.includes(text)) found.push(Number(entry.name));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

/** How many processes run exactly `command` (arguments joined by spaces), whoever started them. */
export async function processesRunning(command: string): Promise<number> {
  let count = 0;
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const cmdline = await Deno.readTextFile(`/proc/${entry.name}/cmdline`).catch(() => "");
    if (cmdline.split("\0").join(" ").trim() === command) count++;
  }
  return count;
}

/** Waits (at most two minutes) until `holds` answers true; whether it did. */
export async function until(holds: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (await holds()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

/**
 * Polls `probe` every 50 ms until it answers non-null, and returns that; fails
 * naming `what` after `ms` (a condition, never a fixed sleep).
 */
export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | null> | T | null,
  ms: number,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== null) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** How many sockets a process has open. */
export function socketCount(pid: number): number {
  let count = 0;
  for (const entry of Deno.readDirSync(`/proc/${pid}/fd`)) {
    try {
      if (Deno.readLinkSync(`/proc/${pid}/fd/${entry.name}`).startsWith("socket:")) count++;
    } catch {
      // closed meanwhile
    }
  }
  return count;
}
