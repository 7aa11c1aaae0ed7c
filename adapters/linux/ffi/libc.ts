// libc symbols for the AT-SPI host's own socket to the accessibility bus
// (adapters/linux/dbus_wire/socket.ts): a Unix stream socket, blocking writes,
// reads bounded by poll, and short pauses between them.

export const LIBC_LIBRARY = "libc.so.6";

const B = "buffer" as const;

const libcSymbols = {
  socket: { parameters: ["i32", "i32", "i32"], result: "i32" },
  connect: { parameters: ["i32", B, "u32"], result: "i32" },
  write: { parameters: ["i32", B, "usize"], result: "isize" },
  read: { parameters: ["i32", B, "usize"], result: "isize" },
  poll: { parameters: [B, "u64", "i32"], result: "i32" },
  close: { parameters: ["i32"], result: "i32" },
  getuid: { parameters: [], result: "u32" },
  usleep: { parameters: ["u32"], result: "i32" },
} as const;

export type Libc = Deno.DynamicLibrary<typeof libcSymbols>["symbols"];

export const AF_UNIX = 1;
export const SOCK_STREAM = 1;
export const SOCK_CLOEXEC = 0o2000000;
export const POLLIN = 1;
/** struct sockaddr_un: sa_family_t (u16) then sun_path[108]. */
export const SOCKADDR_UN_PATH_OFFSET = 2;
export const SOCKADDR_UN_PATH_SIZE = 108;

export function openLibc(): { libc: Libc; close(): void } {
  const lib = Deno.dlopen(LIBC_LIBRARY, libcSymbols);
  return { libc: lib.symbols, close: () => lib.close() };
}
