// libdbus symbols: the start-up probe (and the AT-SPI host, for its own
// connection) asks the session bus where the accessibility bus is and checks
// that it answers; the AT-SPI host watches libatspi's connection to notice
// when that bus goes away. Non-variadic only.

export const DBUS_LIBRARY = "libdbus-1.so.3";

const P = "pointer" as const;
const B = "buffer" as const;

const dbusSymbols = {
  dbus_error_init: { parameters: [B], result: "void" },
  dbus_error_free: { parameters: [B], result: "void" },
  dbus_connection_open_private: { parameters: [B, B], result: P },
  dbus_connection_set_exit_on_disconnect: { parameters: [P, "i32"], result: "void" },
  dbus_bus_register: { parameters: [P, B], result: "i32" },
  dbus_connection_get_is_connected: { parameters: [P], result: "i32" },
  dbus_connection_close: { parameters: [P], result: "void" },
  dbus_connection_unref: { parameters: [P], result: "void" },
  /** (destination, path, interface, method). */
  dbus_message_new_method_call: { parameters: [P, P, B, B], result: P },
  dbus_connection_send_with_reply_and_block: { parameters: [P, P, "i32", B], result: P },
  dbus_message_unref: { parameters: [P], result: "void" },
  dbus_message_iter_init: { parameters: [P, B], result: "i32" },
  dbus_message_iter_get_arg_type: { parameters: [B], result: "i32" },
  dbus_message_iter_get_basic: { parameters: [B, B], result: "void" },
} as const;

export type DBus = Deno.DynamicLibrary<typeof dbusSymbols>["symbols"];

export function openDBus(): { dbus: DBus; close(): void } {
  const lib = Deno.dlopen(DBUS_LIBRARY, dbusSymbols);
  return { dbus: lib.symbols, close: () => lib.close() };
}

/** DBusError is { const char *name; const char *message; unsigned bits; void *padding }. */
export const DBUS_ERROR_SIZE = 32;
export const DBUS_ERROR_MESSAGE_OFFSET = 8;
/** DBusMessageIter is 14 pointer-sized fields on 64-bit; generous to be safe. */
export const DBUS_MESSAGE_ITER_SIZE = 128;
export const DBUS_TYPE_STRING = "s".charCodeAt(0);
