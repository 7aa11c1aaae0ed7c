// libXext's MIT-SHM calls and the System V shared-memory calls of libc they
// need: the X server writes a screenshot straight into memory we share with
// it, instead of sending every pixel over the X connection.

export const XEXT_LIBRARY = "libXext.so.6";

const P = "pointer" as const;
const B = "buffer" as const;

const xextSymbols = {
  XShmQueryExtension: { parameters: [P], result: "i32" },
  XShmAttach: { parameters: [P, B], result: "i32" },
  XShmDetach: { parameters: [P, B], result: "i32" },
  XShmCreateImage: { parameters: [P, P, "u32", "i32", P, B, "u32", "u32"], result: P },
  XShmGetImage: { parameters: [P, "u64", P, "i32", "i32", "u64"], result: "i32" },
} as const;

const shmSymbols = {
  shmget: { parameters: ["i32", "usize", "i32"], result: "i32" },
  shmat: { parameters: ["i32", P, "i32"], result: P },
  shmdt: { parameters: [P], result: "i32" },
  shmctl: { parameters: ["i32", "i32", P], result: "i32" },
} as const;

export type Xext = Deno.DynamicLibrary<typeof xextSymbols>["symbols"];
export type Shm = Deno.DynamicLibrary<typeof shmSymbols>["symbols"];

export const IPC_PRIVATE = 0;
export const IPC_CREAT = 0o1000;
export const IPC_RMID = 0;
/** shmat's answer on failure: (void*)-1. */
export const SHMAT_FAILED = 0xffff_ffff_ffff_ffffn;

/** XShmSegmentInfo: shmseg (unsigned long), shmid (int), shmaddr (char*), readOnly (Bool). */
export const SEGMENT_INFO_SIZE = 32;
export const SEGMENT_SHMID_OFFSET = 8;
export const SEGMENT_SHMADDR_OFFSET = 16;
export const SEGMENT_READ_ONLY_OFFSET = 24;

/**
 * Both libraries, or null when libXext is missing (screenshots then use
 * XGetImage). libXext is never unloaded: once MIT-SHM has been used, the
 * display holds libXext's close hook, which XCloseDisplay calls.
 */
export function openShmLibraries(): { xext: Xext; shm: Shm; close(): void } | null {
  let xext: Deno.DynamicLibrary<typeof xextSymbols>;
  try {
    xext = Deno.dlopen(XEXT_LIBRARY, xextSymbols);
  } catch {
    return null;
  }
  const libc = Deno.dlopen("libc.so.6", shmSymbols);
  return { xext: xext.symbols, shm: libc.symbols, close: () => libc.close() };
}
