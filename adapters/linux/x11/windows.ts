// Top-level windows from the window manager's EWMH properties on the root window.

import { processNameFromProc } from "../common/process_name.ts";
import type { Bounds, WindowInfo } from "../../../lib/model/tree.ts";
import {
  CLIENT_MESSAGE,
  IS_VIEWABLE,
  MAP_STATE_OFFSET,
  SUBSTRUCTURE_REDIRECT_AND_NOTIFY,
  WINDOW_ATTRIBUTES_SIZE,
  XEVENT_SIZE,
} from "../ffi/x11.ts";
import type { XDisplay } from "./display.ts";

/** EWMH source indication "pager": window managers honour it without focus-stealing checks. */
const SOURCE_PAGER = 2n;
const ACTIVATION_WAIT_MS = 500;

export function windowUid(id: bigint): string {
  return `x11:${id.toString(16)}`;
}

/** Parses a handle (decimal X id); null when it is not one. */
export function parseHandle(handle: string): bigint | null {
  return /^\d+$/.test(handle) ? BigInt(handle) : null;
}

export function clientWindows(x: XDisplay): bigint[] {
  return x.longs(x.root, "_NET_CLIENT_LIST");
}

export function activeWindow(x: XDisplay): bigint | null {
  const [id] = x.longs(x.root, "_NET_ACTIVE_WINDOW");
  return id ? id : null;
}

/** Windows between a focused one and its client: GTK focuses a child of its top-level. */
const MAX_FOCUS_DEPTH = 8;
/** XGetInputFocus's `None` and `PointerRoot`. */
const NO_FOCUS_WINDOW = 1n;

function parentOf(x: XDisplay, id: bigint): bigint | null {
  const root = new BigUint64Array(1);
  const parent = new BigUint64Array(1);
  const children = new BigUint64Array(1);
  const count = new Uint32Array(1);
  const { value, error } = x.trap(() =>
    x.x11.XQueryTree(x.display, id, root, parent, children, count)
  );
  if (children[0] !== 0n) x.x11.XFree(Deno.UnsafePointer.create(children[0]));
  return error === null && value !== 0 ? parent[0] : null;
}

/**
 * The client among `clients` that holds the server's input focus: where keys
 * go now, which the manager's `_NET_ACTIVE_WINDOW` says only after it has
 * seen the focus move. Null when the focus is on no client (the root, a
 * manager's own window, nothing).
 */
export function focusedClient(x: XDisplay, clients: bigint[]): bigint | null {
  const focus = new BigUint64Array(1);
  const revert = new Int32Array(1);
  x.trap(() => x.x11.XGetInputFocus(x.display, focus, revert));
  const known = new Set(clients);
  let id: bigint | null = focus[0];
  for (let depth = 0; depth < MAX_FOCUS_DEPTH; depth++) {
    if (id === null || id <= NO_FOCUS_WINDOW || id === x.root) return null;
    if (known.has(id)) return id;
    id = parentOf(x, id);
  }
  return null;
}

/** The client area in root coordinates, or null when the window is gone. */
export function clientBounds(x: XDisplay, id: bigint): Bounds | null {
  const root = new BigUint64Array(1);
  const xy = new Int32Array(2);
  const size = new Uint32Array(4);
  const geometry = x.trap(() =>
    x.x11.XGetGeometry(
      x.display,
      id,
      root,
      xy.subarray(0, 1),
      xy.subarray(1, 2),
      size.subarray(0, 1),
      size.subarray(1, 2),
      size.subarray(2, 3),
      size.subarray(3, 4),
    )
  );
  if (geometry.error !== null || geometry.value === 0) return null;
  const origin = new Int32Array(2);
  const child = new BigUint64Array(1);
  const translated = x.trap(() =>
    x.x11.XTranslateCoordinates(
      x.display,
      id,
      x.root,
      0,
      0,
      origin.subarray(0, 1),
      origin.subarray(1, 2),
      child,
    )
  );
  if (translated.error !== null || translated.value === 0) return null;
  return { x: origin[0], y: origin[1], width: size[0], height: size[1] };
}

/** The window as the user sees it: client area plus the manager's decorations. */
export function frameBounds(x: XDisplay, id: bigint): Bounds | null {
  const client = clientBounds(x, id);
  return client === null ? null : framed(x, id, client);
}

function framed(x: XDisplay, id: bigint, client: Bounds): Bounds {
  const [left = 0n, right = 0n, top = 0n, bottom = 0n] = x.longs(id, "_NET_FRAME_EXTENTS");
  return {
    x: client.x - Number(left),
    y: client.y - Number(top),
    width: client.width + Number(left + right),
    height: client.height + Number(top + bottom),
  };
}

export function windowTitle(x: XDisplay, id: bigint): string {
  return x.text(id, "_NET_WM_NAME") || x.text(id, "WM_NAME") || "(no title)";
}

export function windowPid(x: XDisplay, id: bigint): number {
  const [pid] = x.longs(id, "_NET_WM_PID");
  return pid === undefined ? 0 : Number(pid);
}

function processName(x: XDisplay, id: bigint, pid: number): string {
  const fromProc = pid > 0 ? processNameFromProc(pid) : null;
  if (fromProc) return fromProc;
  const wmClass = x.text(id, "WM_CLASS");
  return wmClass?.split("\0")[0] || "unknown";
}

function isViewable(x: XDisplay, id: bigint): boolean {
  const attributes = new Uint8Array(WINDOW_ATTRIBUTES_SIZE);
  const { value, error } = x.trap(() => x.x11.XGetWindowAttributes(x.display, id, attributes));
  if (error !== null || value === 0) return false;
  return new DataView(attributes.buffer).getInt32(MAP_STATE_OFFSET, true) === IS_VIEWABLE;
}

/** What a top-level window's properties and geometry say, read together. */
export interface WindowReading {
  client: Bounds;
  /** The frame: the client area plus the manager's decorations. */
  outer: Bounds;
  pid: number;
  title: string;
  process: string;
}

/** Null when the window is gone. */
export function readWindow(x: XDisplay, id: bigint): WindowReading | null {
  const client = clientBounds(x, id);
  if (client === null) return null;
  const pid = windowPid(x, id);
  return {
    client,
    outer: framed(x, id, client),
    pid,
    title: windowTitle(x, id),
    process: processName(x, id, pid),
  };
}

export function describeWindow(
  id: bigint,
  reading: WindowReading,
  focus: { active: bigint | null; keyboard: bigint | null },
): WindowInfo {
  return {
    handle: id.toString(),
    title: reading.title,
    process: reading.process,
    pid: reading.pid,
    bounds: reading.outer,
    focused: id === focus.active,
    keyboard_focus: id === focus.keyboard,
    window_uid: windowUid(id),
  };
}

/** Bounds of viewable windows stacked above `id` (`_NET_CLIENT_LIST_STACKING` is bottom first). */
export function windowsAbove(x: XDisplay, id: bigint): Bounds[] {
  const stacking = x.longs(x.root, "_NET_CLIENT_LIST_STACKING");
  const position = stacking.indexOf(id);
  if (position < 0) return [];
  return stacking.slice(position + 1)
    .filter((above) => isViewable(x, above))
    .map((above) => frameBounds(x, above))
    .filter((b): b is Bounds => b !== null && b.width > 0 && b.height > 0);
}

function sendActivationRequest(x: XDisplay, id: bigint): boolean {
  const event = new Uint8Array(XEVENT_SIZE);
  const view = new DataView(event.buffer);
  view.setInt32(0, CLIENT_MESSAGE, true);
  view.setInt32(16, 1, true); // send_event
  view.setBigUint64(32, id, true); // window
  view.setBigUint64(40, x.atom("_NET_ACTIVE_WINDOW"), true); // message_type
  view.setInt32(48, 32, true); // format
  view.setBigUint64(56, SOURCE_PAGER, true); // data.l[0]; l[1] = CurrentTime, l[2] = none
  const { value, error } = x.trap(
    () => x.x11.XSendEvent(x.display, x.root, 0, BigInt(SUBSTRUCTURE_REDIRECT_AND_NOTIFY), event),
    true,
  );
  return value !== 0 && error === null;
}

/** Asks the window manager to activate `id` and waits until `_NET_ACTIVE_WINDOW` says so. */
export async function activateWindow(x: XDisplay, id: bigint): Promise<[boolean, string]> {
  if (x.longs(x.root, "_NET_SUPPORTING_WM_CHECK").length === 0) {
    return [false, "no EWMH window manager is running"];
  }
  if (!clientWindows(x).includes(id)) return [false, `window ${id} is not a managed window`];
  if (!sendActivationRequest(x, id)) return [false, "sending _NET_ACTIVE_WINDOW failed"];
  const deadline = Date.now() + ACTIVATION_WAIT_MS;
  while (Date.now() < deadline) {
    if (activeWindow(x) === id) return [true, "activated via _NET_ACTIVE_WINDOW"];
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return [
    false,
    `the window manager did not activate window ${id} within ${ACTIVATION_WAIT_MS} ms`,
  ];
}
