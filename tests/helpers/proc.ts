// Process and thread facts from Linux's /proc: scheduling priority, child
// processes and their open sockets.

/** The nice value of a thread: "thread-self", or "<pid>/task/<tid>". */
export function threadNice(thread: string): number {
  const stat = Deno.readTextFileSync(`/proc/${thread}/stat`);
  // Fields after the parenthesised command name start at field 3; nice is field 19.
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
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
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
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
