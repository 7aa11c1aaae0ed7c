// xdg-desktop-portal, the only way GNOME and KDE let a program take
// screenshots and send input on Wayland: calls on the session bus to
// org.freedesktop.portal.Desktop, each answered later by a Response signal on
// a Request object (after the user's consent, where the portal asks for it).
// Screenshot.Screenshot for pictures; a RemoteDesktop session (with a
// ScreenCast source, whose streams give absolute pointer coordinates their
// frame) for input, remembered with a restore token where the portal allows,
// so that the user consents once.

import type { Libc } from "../ffi/libc.ts";
import { type Arg, type Variant } from "../dbus_wire/marshal.ts";
import { WireConnection } from "../dbus_wire/connection.ts";
import type { WireValue } from "../dbus_wire/unmarshal.ts";

const DESTINATION = "org.freedesktop.portal.Desktop";
const PATH = "/org/freedesktop/portal/desktop";
const CALL_TIMEOUT_MS = 10_000;
/** RemoteDesktop device types (a bit mask) and ScreenCast source types. */
const KEYBOARD = 1;
const POINTER = 2;
const MONITOR = 1;
/** persist_mode 2: until the user revokes it. */
const PERSIST_UNTIL_REVOKED = 2;

export class PortalError extends Error {}

/** A stream of a screen-cast session: where one monitor is in the layout. */
export interface PortalStream {
  nodeId: number;
  position: { x: number; y: number };
  size: { width: number; height: number };
}

export interface RemoteSession {
  handle: string;
  streams: PortalStream[];
  /** The portal's token to start the next session without asking again (null: none given). */
  restoreToken: string | null;
}

/** An a{sv} as decoded ([key, value] pairs) made a record. */
function record(value: WireValue | undefined): Record<string, WireValue> {
  const out: Record<string, WireValue> = {};
  if (!Array.isArray(value)) return out;
  for (const entry of value) {
    if (Array.isArray(entry) && typeof entry[0] === "string") out[entry[0]] = entry[1];
  }
  return out;
}

function streamsOf(value: WireValue | undefined): PortalStream[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (!Array.isArray(entry) || typeof entry[0] !== "number") return [];
    const props = record(entry[1]);
    const pair = (v: WireValue | undefined) =>
      Array.isArray(v) && v.length === 2 ? [Number(v[0]), Number(v[1])] : [0, 0];
    const [x, y] = pair(props.position);
    const [width, height] = pair(props.size);
    return [{ nodeId: entry[0], position: { x, y }, size: { width, height } }];
  });
}

export class Portal {
  private tokens = 0;

  private constructor(private readonly bus: WireConnection, private readonly consentMs: number) {}

  /**
   * Connects to the session bus at `address`. `consentMs`: how long a call
   * may wait for its answer (a consent dialog waits for the user).
   */
  static open(libc: Libc, address: string, consentMs = 120_000): Portal {
    return new Portal(WireConnection.open(libc, address, CALL_TIMEOUT_MS), consentMs);
  }

  private call(iface: string, member: string, args: Arg[]): WireValue[] {
    const [reply] = this.bus.callMany(
      [{ destination: DESTINATION, path: PATH, iface, member, args }],
      CALL_TIMEOUT_MS,
    );
    if (!reply.ok) {
      throw new PortalError(
        reply.error === "org.freedesktop.DBus.Error.ServiceUnknown"
          ? "no xdg-desktop-portal on the session bus (install xdg-desktop-portal and your " +
            "desktop's backend: -gnome or -kde)"
          : `the portal refused ${iface.split(".").pop()}.${member}: ${reply.error}`,
      );
    }
    return reply.body;
  }

  /**
   * A call answered by a Request's Response signal: its results, or a
   * PortalError saying the user refused or nothing answered.
   */
  private request(
    iface: string,
    member: string,
    args: Arg[],
    options: Record<string, Variant>,
  ): Record<string, WireValue> {
    const token = `oso${++this.tokens}`;
    const sender = this.bus.uniqueName.replace(/^:/, "").replaceAll(".", "_");
    const expected = `${PATH}/request/${sender}/${token}`;
    this.addMatch(expected);
    const [handle] = this.call(iface, member, [
      ...args,
      { type: "a{sv}", value: { ...options, handle_token: { type: "s", value: token } } },
    ]);
    // Portals before 0.9 chose the path themselves.
    if (handle !== expected) this.addMatch(String(handle));
    const response = this.bus.waitForSignal(
      (s) => s.path === handle && s.member === "Response",
      this.consentMs,
    );
    const what = `${iface.split(".").pop()}.${member}`;
    if (response === null) {
      throw new PortalError(
        `${what}: no answer from the portal within ${this.consentMs / 1000} s (a consent ` +
          "dialog may be waiting for the user)",
      );
    }
    const [code, results] = response.body;
    if (code === 1) throw new PortalError(`${what}: the user refused`);
    if (code !== 0) throw new PortalError(`${what}: the portal ended the request (${code})`);
    return record(results);
  }

  private addMatch(path: string): void {
    const [reply] = this.bus.callMany([{
      destination: "org.freedesktop.DBus",
      path: "/org/freedesktop/DBus",
      iface: "org.freedesktop.DBus",
      member: "AddMatch",
      args: [{
        type: "s",
        value: `type='signal',interface='org.freedesktop.portal.Request',member='Response',` +
          `path='${path}'`,
      }],
    }], CALL_TIMEOUT_MS);
    if (!reply.ok) throw new PortalError(`the bus refused a match rule: ${reply.error}`);
  }

  /** A screenshot's file (a file: URI the portal wrote); the caller reads and removes it. */
  screenshot(): string {
    const results = this.request("org.freedesktop.portal.Screenshot", "Screenshot", [
      { type: "s", value: "" },
    ], { interactive: { type: "b", value: false } });
    const uri = results.uri;
    if (typeof uri !== "string" || !uri.startsWith("file://")) {
      throw new PortalError("Screenshot: the portal gave no file");
    }
    return decodeURIComponent(new URL(uri).pathname);
  }

  /**
   * A RemoteDesktop session with a keyboard, a pointer and every monitor as a
   * screen-cast source. `restoreToken` (from an earlier session) starts it
   * without asking the user where the portal remembers the consent.
   */
  startRemoteDesktop(restoreToken: string | null): RemoteSession {
    const created = this.request("org.freedesktop.portal.RemoteDesktop", "CreateSession", [], {
      session_handle_token: { type: "s", value: `oso_session${this.tokens + 1}` },
    });
    const handle = String(created.session_handle ?? "");
    if (handle === "") throw new PortalError("CreateSession: the portal gave no session");
    const session: Arg = { type: "o", value: handle };
    this.request("org.freedesktop.portal.RemoteDesktop", "SelectDevices", [session], {
      types: { type: "u", value: KEYBOARD | POINTER },
      persist_mode: { type: "u", value: PERSIST_UNTIL_REVOKED },
      ...(restoreToken === null ? {} : { restore_token: { type: "s", value: restoreToken } }),
    });
    this.request("org.freedesktop.portal.ScreenCast", "SelectSources", [session], {
      types: { type: "u", value: MONITOR },
      multiple: { type: "b", value: true },
    });
    const started = this.request("org.freedesktop.portal.RemoteDesktop", "Start", [
      session,
      { type: "s", value: "" },
    ], {});
    const token = started.restore_token;
    return {
      handle,
      streams: streamsOf(started.streams),
      restoreToken: typeof token === "string" && token !== "" ? token : null,
    };
  }

  /** A RemoteDesktop Notify* call (answered at once: no Request). */
  notify(member: string, session: RemoteSession, args: Arg[]): void {
    this.call("org.freedesktop.portal.RemoteDesktop", member, [
      { type: "o", value: session.handle },
      { type: "a{sv}", value: {} },
      ...args,
    ]);
  }

  close(): void {
    this.bus.close();
  }
}
