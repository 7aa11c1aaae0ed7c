// Background compute threads (image encoding and decoding, the mock's drawing,
// token counting) run at a lower scheduling priority than the HTTP thread, so
// on a machine with fewer cores than busy threads a health check or a small
// request is answered first instead of waiting for a time slice.

/** gettid's system call number: Deno offers no thread id of its own. */
const GETTID: Partial<Record<typeof Deno.build.arch, bigint>> = { x86_64: 186n, aarch64: 178n };
const PRIO_PROCESS = 0;
/** 10 below the HTTP thread: well below it, far from starved (19 is the floor). */
const BACKGROUND_STEP = 10;
const LOWEST_NICE = 19;

/**
 * The background threads' nice value: 10 below the process's main (HTTP)
 * thread, not an absolute 10. A thread may start at 10 already (a runtime
 * thread that a lowered worker started, reused later), and a service run
 * under `nice` must still keep its workers below its HTTP thread.
 */
function backgroundNice(libc: Deno.DynamicLibrary<typeof LIBC>): number {
  return Math.min(libc.symbols.getpriority(PRIO_PROCESS, Deno.pid) + BACKGROUND_STEP, LOWEST_NICE);
}

/**
 * Lowers the calling thread's priority on Linux (setpriority on the thread's
 * id changes only that thread). Elsewhere, or without FFI permission, the
 * thread keeps its priority: returns whether it was lowered.
 */
export function lowerThreadPriority(): boolean {
  const gettid = GETTID[Deno.build.arch];
  if (Deno.build.os !== "linux" || gettid === undefined) return false;
  return withLibc((libc) => {
    const tid = Number(libc.symbols.syscall(gettid));
    return libc.symbols.setpriority(PRIO_PROCESS, tid, backgroundNice(libc)) === 0;
  });
}

/** The process's thread ids (Linux; empty elsewhere). */
export function threadIds(): number[] {
  try {
    return [...Deno.readDirSync("/proc/self/task")].map((e) => Number(e.name));
  } catch {
    return [];
  }
}

/**
 * Lowers the priority of threads this code did not start itself (a library's
 * worker threads, found as the ids that appeared while it started): returns
 * how many were lowered.
 */
export function lowerPriorityOf(tids: number[]): number {
  if (Deno.build.os !== "linux" || tids.length === 0) return 0;
  return withLibc((libc) => {
    const nice = backgroundNice(libc);
    return tids.filter((tid) => libc.symbols.setpriority(PRIO_PROCESS, tid, nice) === 0).length;
  }) || 0;
}

const LIBC = {
  syscall: { parameters: ["i64"], result: "i64" },
  setpriority: { parameters: ["i32", "u32", "i32"], result: "i32" },
  getpriority: { parameters: ["i32", "u32"], result: "i32" },
} as const;

function withLibc<T>(use: (libc: Deno.DynamicLibrary<typeof LIBC>) => T): T | false {
  try {
    const libc = Deno.dlopen("libc.so.6", LIBC);
    try {
      return use(libc);
    } finally {
      libc.close();
    }
  } catch {
    return false;
  }
}
