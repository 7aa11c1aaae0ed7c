// What User32 says about a window and the standard control classes (Button,
// Static, ListBox, ComboBox...), for what MSAA leaves out: Windows' oleacc
// builds its proxies of these controls from the same messages, wine's calls
// them all "client" and lists no items. Messages go with a timeout, so a
// hung application costs a second, not the worker.

import type { Bounds } from "../../../lib/model/tree.ts";
import { fromWide, wide } from "../ffi/wide_strings.ts";
import { handle, handleValue, newRect, rectBounds, user32 } from "../ffi/user32.ts";
import { windowExists } from "../win32/windows.ts";
import { ROLE_SYSTEM } from "./roles.ts";
import { STATE_SYSTEM } from "./states.ts";

const WM_GETTEXT = 0x000d;
const WM_GETTEXTLENGTH = 0x000e;
const BM_GETSTATE = 0x00f2;
const LB_GETSEL = 0x0187;
const LB_GETTEXT = 0x0189;
const LB_GETTEXTLEN = 0x018a;
const LB_GETCOUNT = 0x018b;
const LB_GETITEMRECT = 0x0198;
const LB_GETCARETINDEX = 0x019f;
const CB_GETCOUNT = 0x0146;
const CB_GETCURSEL = 0x0147;
const CB_GETLBTEXT = 0x0148;
const CB_GETLBTEXTLEN = 0x0149;
const CB_GETDROPPEDSTATE = 0x0157;

const GWL_STYLE = -16;
const GW_HWNDPREV = 3;
const WS_DISABLED = 0x08000000;
const WS_VISIBLE = 0x10000000;
const BS_TYPEMASK = 0xf;
const BST_CHECKED = 0x1;
const BST_INDETERMINATE = 0x2;
const BST_PUSHED = 0x4;
const SS_TYPEMASK = 0x1f;
const ES_MULTILINE = 0x4;
const ES_READONLY = 0x800;
const LBS_MULTIPLESEL = 0x8;
const LBS_EXTENDEDSEL = 0x800;
const SMTO_ABORTIFHUNG = 0x2;
const MESSAGE_TIMEOUT_MS = 1000;

export const HWND_NONE = 0n;

export function isWindow(hwnd: bigint): boolean {
  return hwnd !== HWND_NONE && windowExists(hwnd);
}

/** A window's client area in screen coordinates. */
export function clientArea(hwnd: bigint): Bounds | null {
  const box = newRect();
  if (user32().GetClientRect(handle(hwnd), box) === 0) return null;
  return toScreen(hwnd, rectBounds(box));
}

/** A rectangle in a window's client coordinates, in screen coordinates. */
export function toScreen(hwnd: bigint, bounds: Bounds): Bounds | null {
  const point = new Int32Array([bounds.x, bounds.y]);
  if (user32().ClientToScreen(handle(hwnd), point) === 0) return null;
  return { ...bounds, x: point[0], y: point[1] };
}

function classText(read: (buffer: Uint16Array) => number): string {
  const buffer = new Uint16Array(256);
  return fromWide(buffer, Math.max(0, read(buffer)));
}

/** A child window's control id (0 when none). */
export function controlId(hwnd: bigint): number {
  return user32().GetDlgCtrlID(handle(hwnd));
}

export function windowStyle(hwnd: bigint): number {
  return Number(BigInt.asIntN(32, BigInt(user32().GetWindowLongPtrW(handle(hwnd), GWL_STYLE))));
}

/** A window's class: its own name, the standard class it derives from, its style. */
export interface WindowClass {
  name: string;
  /** RealGetWindowClass: "Button" for a superclassed button too. */
  base: string;
  style: number;
}

export function windowClass(hwnd: bigint): WindowClass {
  const api = user32();
  return {
    name: classText((b) => api.GetClassNameW(handle(hwnd), b, b.length)),
    base: classText((b) => api.RealGetWindowClassW(handle(hwnd), b, b.length)),
    style: windowStyle(hwnd),
  };
}

/** A message's result, or null when the window did not answer (hung, gone) in time. */
export function sendMessage(
  hwnd: bigint,
  message: number,
  wParam: number,
  lParam: BufferSource | number | null = null,
): number | null {
  const api = user32();
  const result = new BigInt64Array(1);
  const sent = typeof lParam === "number"
    ? api.SendMessageTimeoutW(
      handle(hwnd),
      message,
      BigInt(wParam),
      BigInt(lParam),
      SMTO_ABORTIFHUNG,
      MESSAGE_TIMEOUT_MS,
      result,
    )
    : api.SendMessageTimeoutBuffer(
      handle(hwnd),
      message,
      BigInt(wParam),
      lParam,
      SMTO_ABORTIFHUNG,
      MESSAGE_TIMEOUT_MS,
      result,
    );
  return sent === 0n ? null : Number(result[0]);
}

/** Text read by a length message and a text message (WM_GETTEXT, LB_GETTEXT...). */
function messageText(
  hwnd: bigint,
  lengthMessage: number,
  textMessage: number,
  index: number,
): string | null {
  const length = sendMessage(hwnd, lengthMessage, index);
  if (length === null || length < 0) return null;
  const buffer = new Uint16Array(length + 1);
  const copied = textMessage === WM_GETTEXT
    ? sendMessage(hwnd, textMessage, buffer.length, buffer)
    : sendMessage(hwnd, textMessage, index, buffer);
  if (copied === null || copied < 0) return null;
  return fromWide(buffer, Math.min(copied, length));
}

export function windowText(hwnd: bigint): string | null {
  return messageText(hwnd, WM_GETTEXTLENGTH, WM_GETTEXT, 0);
}

/** The label of a field: the nearest Static before it in creation order, "&" removed. */
export function labelOf(hwnd: bigint): string | null {
  const api = user32();
  for (
    let at = handleValue(api.GetWindow(handle(hwnd), GW_HWNDPREV));
    at !== HWND_NONE;
    at = handleValue(api.GetWindow(handle(at), GW_HWNDPREV))
  ) {
    if (windowClass(at).base.toLowerCase() === "static") {
      return windowText(at)?.replace(/&(.)/, "$1") ?? null;
    }
  }
  return null;
}

const GUI_THREAD_INFO_SIZE = 72;
const GUI_THREAD_INFO_FOCUS = 16;

/** The window with the keyboard focus in a thread (0: the foreground thread), or 0n. */
export function focusedWindow(threadId = 0): bigint {
  const info = new Uint8Array(GUI_THREAD_INFO_SIZE);
  const view = new DataView(info.buffer);
  view.setUint32(0, GUI_THREAD_INFO_SIZE, true);
  if (user32().GetGUIThreadInfo(threadId, info) === 0) return HWND_NONE;
  return view.getBigUint64(GUI_THREAD_INFO_FOCUS, true);
}

/** The states User32 knows of any window. */
export function windowState(hwnd: bigint, style: number, focus: bigint): number {
  let state = 0;
  if (style & WS_DISABLED) state |= STATE_SYSTEM.UNAVAILABLE;
  else state |= STATE_SYSTEM.FOCUSABLE;
  if (!(style & WS_VISIBLE)) state |= STATE_SYSTEM.INVISIBLE;
  if (hwnd === focus) state |= STATE_SYSTEM.FOCUSED;
  return state;
}

export function isMultiLineEdit(cls: WindowClass): boolean {
  const base = cls.base.toLowerCase();
  return (base === "edit" || base.startsWith("richedit")) && (cls.style & ES_MULTILINE) !== 0;
}

/** Roles of the common controls by class; Button and Static also depend on the style. */
const CLASS_ROLES: Readonly<Record<string, number>> = {
  "edit": ROLE_SYSTEM.TEXT,
  "richedit": ROLE_SYSTEM.TEXT,
  "richedit20a": ROLE_SYSTEM.TEXT,
  "richedit20w": ROLE_SYSTEM.TEXT,
  "richedit50w": ROLE_SYSTEM.TEXT,
  "listbox": ROLE_SYSTEM.LIST,
  "combolbox": ROLE_SYSTEM.LIST,
  "combobox": ROLE_SYSTEM.COMBOBOX,
  "scrollbar": ROLE_SYSTEM.SCROLLBAR,
  "#32770": ROLE_SYSTEM.DIALOG,
  "msctls_statusbar32": ROLE_SYSTEM.STATUSBAR,
  "toolbarwindow32": ROLE_SYSTEM.TOOLBAR,
  "msctls_progress32": ROLE_SYSTEM.PROGRESSBAR,
  "msctls_trackbar32": ROLE_SYSTEM.SLIDER,
  "msctls_updown32": ROLE_SYSTEM.SPINBUTTON,
  "msctls_hotkey32": ROLE_SYSTEM.HOTKEYFIELD,
  "systabcontrol32": ROLE_SYSTEM.PAGETABLIST,
  "syslistview32": ROLE_SYSTEM.LIST,
  "systreeview32": ROLE_SYSTEM.OUTLINE,
  "syslink": ROLE_SYSTEM.LINK,
  "tooltips_class32": ROLE_SYSTEM.TOOLTIP,
  "sysipaddress32": ROLE_SYSTEM.IPADDRESS,
};

/** Button styles (BS_*) → roles: 0-1 push, 2-3/5-6 check, 4/9 radio, 7 group box... */
const BUTTON_ROLES: ReadonlyMap<number, number> = new Map([
  [0x0, ROLE_SYSTEM.PUSHBUTTON],
  [0x1, ROLE_SYSTEM.PUSHBUTTON],
  [0x2, ROLE_SYSTEM.CHECKBUTTON],
  [0x3, ROLE_SYSTEM.CHECKBUTTON],
  [0x4, ROLE_SYSTEM.RADIOBUTTON],
  [0x5, ROLE_SYSTEM.CHECKBUTTON],
  [0x6, ROLE_SYSTEM.CHECKBUTTON],
  [0x7, ROLE_SYSTEM.GROUPING],
  [0x9, ROLE_SYSTEM.RADIOBUTTON],
  [0xb, ROLE_SYSTEM.PUSHBUTTON],
  [0xc, ROLE_SYSTEM.SPLITBUTTON],
  [0xd, ROLE_SYSTEM.SPLITBUTTON],
  [0xe, ROLE_SYSTEM.PUSHBUTTON],
  [0xf, ROLE_SYSTEM.PUSHBUTTON],
]);

/** Static styles (SS_*) that show a picture or a line rather than text. */
const STATIC_GRAPHICS = new Set([0x3, 0x4, 0x5, 0x6, 0x7, 0x8, 0x9, 0xe, 0xf]);
const STATIC_LINES = new Set([0x10, 0x11, 0x12]);

/** The role Windows' oleacc gives a standard control class, or null for other classes. */
export function classRole(cls: WindowClass): number | null {
  const base = cls.base.toLowerCase();
  if (base === "button") return BUTTON_ROLES.get(cls.style & BS_TYPEMASK) ?? null;
  if (base === "static") {
    const type = cls.style & SS_TYPEMASK;
    if (STATIC_GRAPHICS.has(type)) return ROLE_SYSTEM.GRAPHIC;
    return STATIC_LINES.has(type) ? ROLE_SYSTEM.SEPARATOR : ROLE_SYSTEM.STATICTEXT;
  }
  return CLASS_ROLES[base] ?? null;
}

/** What a standard control says through its messages, beyond its role. */
export interface ControlFacts {
  /** STATE_SYSTEM_* bits to add. */
  state: number;
  value: string | null;
  defaultAction: string | null;
  /** Named by the label before it (its own text is its value or nothing). */
  labelled: boolean;
}

/** The facts of a control of role `role` (classRole's), read through its messages. */
export function controlFacts(hwnd: bigint, cls: WindowClass, role: number): ControlFacts {
  const facts: ControlFacts = { state: 0, value: null, defaultAction: null, labelled: false };
  switch (role) {
    case ROLE_SYSTEM.PUSHBUTTON:
    case ROLE_SYSTEM.SPLITBUTTON: {
      const pushed = ((sendMessage(hwnd, BM_GETSTATE, 0) ?? 0) & BST_PUSHED) !== 0;
      if (pushed) facts.state |= STATE_SYSTEM.PRESSED;
      if ((cls.style & BS_TYPEMASK) === 0x1) facts.state |= STATE_SYSTEM.DEFAULT;
      facts.defaultAction = "Press";
      break;
    }
    case ROLE_SYSTEM.CHECKBUTTON:
    case ROLE_SYSTEM.RADIOBUTTON: {
      const state = sendMessage(hwnd, BM_GETSTATE, 0) ?? 0;
      if (state & BST_CHECKED) facts.state |= STATE_SYSTEM.CHECKED;
      if (state & BST_INDETERMINATE) facts.state |= STATE_SYSTEM.MIXED;
      const checked = (state & BST_CHECKED) !== 0;
      facts.defaultAction = role === ROLE_SYSTEM.CHECKBUTTON && checked ? "Uncheck" : "Check";
      break;
    }
    case ROLE_SYSTEM.STATICTEXT:
      facts.state |= STATE_SYSTEM.READONLY;
      break;
    case ROLE_SYSTEM.TEXT:
      if (cls.style & ES_READONLY) facts.state |= STATE_SYSTEM.READONLY;
      break;
    case ROLE_SYSTEM.LIST:
      facts.labelled = true;
      if (isMultiSelectList(cls.style)) facts.state |= STATE_SYSTEM.MULTISELECTABLE;
      if (cls.style & LBS_EXTENDEDSEL) facts.state |= STATE_SYSTEM.EXTSELECTABLE;
      break;
    case ROLE_SYSTEM.COMBOBOX: {
      facts.labelled = true;
      const dropped = isDroppedDown(hwnd);
      facts.state |= STATE_SYSTEM.HASPOPUP |
        (dropped ? STATE_SYSTEM.EXPANDED : STATE_SYSTEM.COLLAPSED);
      facts.value = windowText(hwnd);
      facts.defaultAction = dropped ? "Close" : "Open";
      break;
    }
  }
  return facts;
}

// List boxes and combo boxes: their items by index.

/** Which of the two standard lists holds the items. */
export type ListKind = "listbox" | "combobox";

export function isMultiSelectList(style: number): boolean {
  return (style & (LBS_MULTIPLESEL | LBS_EXTENDEDSEL)) !== 0;
}

export function itemCount(hwnd: bigint, kind: ListKind): number {
  return Math.max(0, sendMessage(hwnd, kind === "listbox" ? LB_GETCOUNT : CB_GETCOUNT, 0) ?? 0);
}

export function itemText(hwnd: bigint, kind: ListKind, index: number): string {
  const text = kind === "listbox"
    ? messageText(hwnd, LB_GETTEXTLEN, LB_GETTEXT, index)
    : messageText(hwnd, CB_GETLBTEXTLEN, CB_GETLBTEXT, index);
  return text ?? "";
}

export function isItemSelected(hwnd: bigint, kind: ListKind, index: number): boolean {
  if (kind === "listbox") return (sendMessage(hwnd, LB_GETSEL, index) ?? 0) > 0;
  return sendMessage(hwnd, CB_GETCURSEL, 0) === index;
}

export function caretIndex(hwnd: bigint): number | null {
  return sendMessage(hwnd, LB_GETCARETINDEX, 0);
}

/** A list box item's rectangle in the list's client coordinates. */
export function listBoxItemRect(hwnd: bigint, index: number): Bounds | null {
  const box = new Int32Array(4);
  return (sendMessage(hwnd, LB_GETITEMRECT, index, box) ?? -1) < 0 ? null : rectBounds(box);
}

function isDroppedDown(hwnd: bigint): boolean {
  return (sendMessage(hwnd, CB_GETDROPPEDSTATE, 0) ?? 0) !== 0;
}

const DROP_DOWN_CLASS = wide("ComboLBox");

/**
 * A combo box's open drop-down list, or null when closed: a popup of the
 * combo box's thread (found by class, as wine answers no GetComboBoxInfo
 * for another process; only one drop-down of a thread is open at a time).
 */
export function openDropDown(hwnd: bigint): bigint | null {
  if (!isDroppedDown(hwnd)) return null;
  const api = user32();
  const thread = api.GetWindowThreadProcessId(handle(hwnd), null);
  let at = HWND_NONE;
  while (
    (at = handleValue(api.FindWindowExW(null, handle(at), DROP_DOWN_CLASS, null))) !== HWND_NONE
  ) {
    const sameThread = api.GetWindowThreadProcessId(handle(at), null) === thread;
    if (api.IsWindowVisible(handle(at)) !== 0 && sameThread) return at;
  }
  return null;
}
