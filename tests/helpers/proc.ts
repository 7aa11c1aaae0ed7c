// Thread facts from Linux's /proc, for tests of scheduling priority.

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
