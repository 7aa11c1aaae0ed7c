// Finds and checks the accessibility bus the way libatspi does: its address
// from org.a11y.Bus on the session bus, else from the AT_SPI_BUS property of
// the X root window; then a connection and a Hello to make sure it answers.
// The AT-SPI host finds it again for its own connection (dbus_wire).

import { cString, readCString } from "../ffi/c_strings.ts";
import {
  type DBus,
  DBUS_ERROR_MESSAGE_OFFSET,
  DBUS_ERROR_SIZE,
  DBUS_MESSAGE_ITER_SIZE,
  DBUS_TYPE_STRING,
} from "../ffi/dbus.ts";

const CALL_TIMEOUT_MS = 2000;

class DBusError {
  readonly buffer = new Uint8Array(DBUS_ERROR_SIZE);
  constructor(private readonly dbus: DBus) {
    dbus.dbus_error_init(this.buffer);
  }
  /** The error's message (freed), or a fallback when libdbus set none. */
  take(fallback: string): string {
    const message = new DataView(this.buffer.buffer).getBigUint64(DBUS_ERROR_MESSAGE_OFFSET, true);
    const text = message === 0n ? fallback : readCString(Deno.UnsafePointer.create(message));
    this.dbus.dbus_error_free(this.buffer);
    return text;
  }
}

/** A registered private connection, or the reason there is none. */
function connect(dbus: DBus, address: string): Deno.PointerObject | string {
  const error = new DBusError(dbus);
  const connection = dbus.dbus_connection_open_private(cString(address), error.buffer);
  if (connection === null) return error.take("cannot connect");
  // libdbus would otherwise exit the process if the bus went away meanwhile.
  dbus.dbus_connection_set_exit_on_disconnect(connection, 0);
  if (dbus.dbus_bus_register(connection, error.buffer) === 0) {
    close(dbus, connection);
    return error.take("the bus did not answer Hello");
  }
  return connection;
}

function close(dbus: DBus, connection: Deno.PointerObject): void {
  dbus.dbus_connection_close(connection);
  dbus.dbus_connection_unref(connection);
}

/** org.a11y.Bus.GetAddress on the session bus; a string starting "error:" says why not. */
function addressFromSessionBus(dbus: DBus, sessionAddress: string): string {
  const session = connect(dbus, sessionAddress);
  if (typeof session === "string") return `error: session bus ${sessionAddress}: ${session}`;
  const error = new DBusError(dbus);
  const destination = cString("org.a11y.Bus");
  const path = cString("/org/a11y/bus");
  const call = dbus.dbus_message_new_method_call(
    Deno.UnsafePointer.of(destination),
    Deno.UnsafePointer.of(path),
    destination,
    cString("GetAddress"),
  );
  try {
    const reply = dbus.dbus_connection_send_with_reply_and_block(
      session,
      call,
      CALL_TIMEOUT_MS,
      error.buffer,
    );
    if (reply === null) return `error: org.a11y.Bus.GetAddress: ${error.take("no reply")}`;
    try {
      const iter = new Uint8Array(DBUS_MESSAGE_ITER_SIZE);
      if (
        dbus.dbus_message_iter_init(reply, iter) === 0 ||
        dbus.dbus_message_iter_get_arg_type(iter) !== DBUS_TYPE_STRING
      ) return "error: org.a11y.Bus.GetAddress returned no address";
      const slot = new BigUint64Array(1);
      dbus.dbus_message_iter_get_basic(iter, new Uint8Array(slot.buffer));
      return readCString(Deno.UnsafePointer.create(slot[0]));
    } finally {
      dbus.dbus_message_unref(reply);
    }
  } finally {
    if (call !== null) dbus.dbus_message_unref(call);
    close(dbus, session);
  }
}

/**
 * The accessibility bus's address as a process without an X connection finds
 * it: AT_SPI_BUS_ADDRESS, else org.a11y.Bus on the session bus. Throws
 * saying why there is none.
 */
export function accessibilityBusAddress(dbus: DBus): string {
  const fromEnvironment = Deno.env.get("AT_SPI_BUS_ADDRESS");
  if (fromEnvironment) return fromEnvironment;
  const sessionAddress = Deno.env.get("DBUS_SESSION_BUS_ADDRESS");
  if (!sessionAddress) {
    throw new Error("neither AT_SPI_BUS_ADDRESS nor DBUS_SESSION_BUS_ADDRESS is set");
  }
  const found = addressFromSessionBus(dbus, sessionAddress);
  if (found.startsWith("error: ")) throw new Error(found.slice(7));
  return found;
}

/**
 * null when the accessibility bus answers; otherwise what is wrong, in words.
 * `rootProperty` reads AT_SPI_BUS from the X root window (null when unset).
 */
export function accessibilityBusProblem(dbus: DBus, rootProperty: string | null): string | null {
  const sessionAddress = Deno.env.get("DBUS_SESSION_BUS_ADDRESS");
  let address = rootProperty;
  let sessionProblem = "DBUS_SESSION_BUS_ADDRESS is not set";
  if (sessionAddress) {
    const found = addressFromSessionBus(dbus, sessionAddress);
    if (found.startsWith("error: ")) sessionProblem = found.slice(7);
    else address = found;
  }
  if (!address) {
    return `the accessibility bus: ${sessionProblem}, and the X root window has no AT_SPI_BUS ` +
      "property (at-spi-bus-launcher from Debian package at-spi2-core is not running)";
  }
  const connection = connect(dbus, address);
  if (typeof connection === "string") {
    return `the accessibility bus at ${address}: ${connection}`;
  }
  close(dbus, connection);
  return null;
}
