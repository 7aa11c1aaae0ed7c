// The process's open-file limit, so the connection cap can stay below it:
// accepting past it fails with EMFILE for every other file the service opens.

/** Soft RLIMIT_NOFILE, or null where it cannot be read (not Linux). */
export function openFileLimit(): number | null {
  try {
    const limits = Deno.readTextFileSync("/proc/self/limits");
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    if (match === null || match[1] === "unlimited") return null;
    return Number(match[1]);
  } catch {
    return null;
  }
}

/**
 * Connections may use at most half the descriptors: the rest are for the
 * adapter's worker and child processes, X11 and D-Bus sockets, and files.
 */
export function connectionCap(configured: number, fdLimit: number | null): number {
  if (fdLimit === null) return configured;
  return Math.max(8, Math.min(configured, Math.floor(fdLimit / 2)));
}
