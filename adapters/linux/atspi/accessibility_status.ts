// Switching the desktop's accessibility on, as a screen reader does: the
// accessibility bus launcher's org.a11y.Status.IsEnabled on the session bus.
// Chromium (and Electron), Qt 5 and Thunderbird read it when they start and
// build their accessibility trees only when it is on; applications already
// running keep what they read. ScreenReaderEnabled is left alone: on GNOME
// it starts Orca, which speaks.

import type { Libc } from "../ffi/libc.ts";
import { WireConnection } from "../dbus_wire/connection.ts";
import type { MethodCall } from "../dbus_wire/marshal.ts";

const TIMEOUT_MS = 2000;

const STATUS = {
  destination: "org.a11y.Bus",
  path: "/org/a11y/bus",
  iface: "org.freedesktop.DBus.Properties",
} as const;

const STATUS_ARGS = [
  { type: "s", value: "org.a11y.Status" },
  { type: "s", value: "IsEnabled" },
] as const;

/** What switching on found: it was on, it is on now, or why it could not be. */
export type AccessibilitySwitch = "was on" | "switched on" | { problem: string };

/** Sets IsEnabled on the session bus at `sessionAddress` unless it is on already. */
export function switchOnAccessibility(libc: Libc, sessionAddress: string): AccessibilitySwitch {
  let session: WireConnection;
  try {
    session = WireConnection.open(libc, sessionAddress, TIMEOUT_MS);
  } catch (e) {
    return { problem: `the session bus at ${sessionAddress}: ${(e as Error).message}` };
  }
  try {
    const get: MethodCall = { ...STATUS, member: "Get", args: STATUS_ARGS };
    const [current] = session.callMany([get], TIMEOUT_MS);
    if (!current.ok) {
      return { problem: `org.a11y.Status.IsEnabled could not be read: ${current.error}` };
    }
    if (current.body[0] === true) return "was on";
    const set: MethodCall = {
      ...STATUS,
      member: "Set",
      args: [...STATUS_ARGS, { type: "v", value: true }],
    };
    const [done] = session.callMany([set], TIMEOUT_MS);
    return done.ok
      ? "switched on"
      : { problem: `org.a11y.Status.IsEnabled refused: ${done.error}` };
  } finally {
    session.close();
  }
}
