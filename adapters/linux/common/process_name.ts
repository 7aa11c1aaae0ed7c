// A process's name as /proc tells it, for window lists on X11 and Wayland.

/** The kernel truncates `comm` to 15 bytes. */
const COMM_MAX_LENGTH = 15;

/** Null when the process is gone or lives in another PID namespace. */
export function processNameFromProc(pid: number): string | null {
  try {
    const comm = Deno.readTextFileSync(`/proc/${pid}/comm`).trim();
    if (comm.length < COMM_MAX_LENGTH) return comm;
    // Recover the full name from argv[0] when it extends the truncated comm.
    const argv0 = Deno.readTextFileSync(`/proc/${pid}/cmdline`).split("\0")[0];
    const base = argv0.slice(argv0.lastIndexOf("/") + 1);
    return base.startsWith(comm) ? base : comm;
  } catch {
    return null; // the process is gone or lives in another PID namespace
  }
}
