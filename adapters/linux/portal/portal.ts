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
import { ToolError } from "../../../lib/model/errors.ts";

const DESTINATION = "org.freedesktop.portal.Desktop";
const PATH = "/org/freedesktop/portal/desktop";
const CALL_TIMEOUT_MS = 10_000;
/**
 * How long one call waits for a request's answer: well inside the adapter
 * worker's watchdog, which takes a thread silent for 10 s for hung.
 */
const ANSWER_MS = 5_000;
/**
 * A request the user has not answered (a consent dialog open on the screen)
 * is taken up again by the next call, not asked anew, for this long; then it
 * is closed and asked again.
 */
const CONSENT_MS = 300_000;
/** RemoteDesktop device types (a bit mask) and ScreenCast source types. */
const KEYBOARD = 1;
const POINTER = 2;
const MONITOR = 1;
/** persist_mode 2: until the user revokes it. */
const PERSIST_UNTIL_REVOKED = 2;
const START = "RemoteDesktop.Start";

export class PortalError extends Error {}

/** A request still waiting for the user's answer, taken up again by the next call. */
interface Unanswered {
  handle: string;
  since: number;
}

/** A request's results, and whether it was answered only after an earlier call gave up on it. */
interface Answer {
  results: Record<string, WireValue>;
  late: boolean;
}

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

/** The path of the file a Screenshot answer's `uri` names. */
function fileOf(uri: WireValue | undefined): string {
  if (typeof uri !== "string" || !uri.startsWith("file://")) {
    throw new PortalError("Screenshot: the portal gave no file");
  }
  return decodeURIComponent(new URL(uri).pathname);
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
  /** Requests waiting for the user, by interface and member. */
  private readonly unanswered = new Map<string, Unanswered>();
  /** The RemoteDesktop session whose Start waits for the user. */
  private starting: string | null = null;

  private constructor(private readonly bus: WireConnection, private readonly answerMs: number) {}

  /**
   * Connects to the session bus at `address`. `answerMs`: how long a call
   * waits for a request's answer before saying the user has yet to answer.
   */
  static open(libc: Libc, address: string, answerMs = ANSWER_MS): Portal {
    return new Portal(WireConnection.open(libc, address, CALL_TIMEOUT_MS), answerMs);
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
   * A call answered by a Request's Response signal: its results, or an error
   * saying the user refused or nothing answered. A request the user has not
   * answered within `answerMs` (a consent dialog is open) is left open and
   * this call says so; the next one takes it up instead of opening a second
   * dialog.
   */
  private request(
    iface: string,
    member: string,
    args: Arg[],
    options: Record<string, Variant>,
  ): Answer {
    const what = `${iface.split(".").pop()}.${member}`;
    const earlier = this.takeUp(what);
    const handle = earlier?.handle ?? this.ask(iface, member, args, options);
    const response = this.bus.waitForSignal(
      (s) => s.path === handle && s.member === "Response",
      this.answerMs,
    );
    if (response === null) {
      const since = earlier?.since ?? performance.now();
      this.unanswered.set(what, { handle, since });
      throw new ToolError(
        "ServiceBusy",
        `${what}: the desktop is asking the user for permission (a dialog on the screen, ` +
          `open for ${Math.round((performance.now() - since) / 1000)} s); once it is ` +
          "answered, call again: the answer is remembered",
        { portal_request: what },
      );
    }
    this.unanswered.delete(what);
    const [code, results] = response.body;
    if (code === 1) {
      throw new ToolError("PermissionDenied", `${what}: the user refused`, {
        portal_request: what,
      });
    }
    if (code !== 0) throw new PortalError(`${what}: the portal ended the request (${code})`);
    return { results: record(results), late: earlier !== undefined };
  }

  /** The earlier unanswered request for `what`, unless too old: then it is closed. */
  private takeUp(what: string): Unanswered | undefined {
    const earlier = this.unanswered.get(what);
    if (earlier === undefined || performance.now() - earlier.since < CONSENT_MS) return earlier;
    this.unanswered.delete(what);
    this.bus.callMany([{
      destination: DESTINATION,
      path: earlier.handle,
      iface: "org.freedesktop.portal.Request",
      member: "Close",
      args: [],
    }], CALL_TIMEOUT_MS);
    return undefined;
  }

  /** Makes the call; its Request object's path. */
  private ask(iface: string, member: string, args: Arg[], options: Record<string, Variant>) {
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
    return String(handle);
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
    const { results, late } = this.request("org.freedesktop.portal.Screenshot", "Screenshot", [
      { type: "s", value: "" },
    ], { interactive: { type: "b", value: false } });
    const file = fileOf(results.uri);
    if (!late) return file;
    // Taken when the user allowed it, maybe long ago: the screen now instead.
    Deno.removeSync(file);
    return this.screenshot();
  }

  /**
   * A RemoteDesktop session with a keyboard, a pointer and every monitor as a
   * screen-cast source. `restoreToken` (from an earlier session) starts it
   * without asking the user where the portal remembers the consent.
   */
  startRemoteDesktop(restoreToken: string | null): RemoteSession {
    // A session whose Start waits for the user is taken up, not made again
    // (unless that wait is too old: then its request is closed and a session made anew).
    const handle = this.starting !== null && this.takeUp(START) !== undefined
      ? this.starting
      : this.newRemoteSession(restoreToken);
    this.starting = handle;
    let started: Record<string, WireValue>;
    try {
      started = this.request("org.freedesktop.portal.RemoteDesktop", "Start", [
        { type: "o", value: handle },
        { type: "s", value: "" },
      ], {}).results;
    } finally {
      if (!this.unanswered.has(START)) this.starting = null;
    }
    const token = started.restore_token;
    return {
      handle,
      streams: streamsOf(started.streams),
      restoreToken: typeof token === "string" && token !== "" ? token : null,
    };
  }

  /** A RemoteDesktop session with its devices and sources chosen, yet to start. */
  private newRemoteSession(restoreToken: string | null): string {
    const created = this.request("org.freedesktop.portal.RemoteDesktop", "CreateSession", [], {
      session_handle_token: { type: "s", value: `oso_session${this.tokens + 1}` },
    }).results;
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
    return handle;
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
