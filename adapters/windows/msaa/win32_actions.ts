// Operating standard controls through their messages, where MSAA cannot
// (wine's oleacc implements neither accDoDefaultAction nor accSelect): what
// Windows' own oleacc proxies do for these classes.

import { kernel32 } from "../ffi/kernel32.ts";
import { handle, user32 } from "../ffi/user32.ts";
import {
  controlId,
  focusedWindow,
  isItemSelected,
  isMultiSelectList,
  type ListKind,
  sendMessage,
  windowStyle,
} from "./win32_controls.ts";

const WM_COMMAND = 0x0111;
const BM_CLICK = 0x00f5;
const LB_SETSEL = 0x0185;
const LB_SETCURSEL = 0x0186;
const LB_SETCARETINDEX = 0x019e;
const CB_SETCURSEL = 0x014e;
/** LBN_SELCHANGE and CBN_SELCHANGE share the code. */
const SELCHANGE = 1;
const LBS_NOTIFY = 0x1;

/**
 * Clicks a button as a mouse click would (BM_CLICK, posted: a button that
 * opens a modal dialog would hold a sent message until the dialog closes).
 */
export function clickButton(hwnd: bigint): boolean {
  return user32().PostMessageW(handle(hwnd), BM_CLICK, 0n, 0n) !== 0;
}

/** Tells a list's parent its selection changed, as a click on an item would. */
function notifySelectionChange(hwnd: bigint): void {
  const api = user32();
  const wParam = BigInt(((SELCHANGE & 0xffff) << 16) | (controlId(hwnd) & 0xffff));
  api.PostMessageW(api.GetParent(handle(hwnd)), WM_COMMAND, wParam, BigInt.asIntN(64, hwnd));
}

/** Makes item `index` the selection of a list box or combo box; whether it took. */
export function selectItem(hwnd: bigint, kind: ListKind, index: number): boolean {
  const style = windowStyle(hwnd);
  if (kind === "combobox") sendMessage(hwnd, CB_SETCURSEL, index);
  else if (isMultiSelectList(style)) {
    sendMessage(hwnd, LB_SETSEL, 0, -1);
    sendMessage(hwnd, LB_SETSEL, 1, index);
    sendMessage(hwnd, LB_SETCARETINDEX, index, 0);
  } else sendMessage(hwnd, LB_SETCURSEL, index);
  if (!isItemSelected(hwnd, kind, index)) return false;
  if (kind === "combobox" || (style & LBS_NOTIFY) !== 0) notifySelectionChange(hwnd);
  return true;
}

/**
 * Gives a window of another thread the keyboard focus: SetFocus works on the
 * caller's input queue only, so the queues are joined for the call.
 */
export function focusWindow(hwnd: bigint): boolean {
  const api = user32();
  const thread = api.GetWindowThreadProcessId(handle(hwnd), null);
  const self = kernel32().GetCurrentThreadId();
  const joined = thread !== self && api.AttachThreadInput(self, thread, 1) !== 0;
  try {
    api.SetFocus(handle(hwnd));
  } finally {
    if (joined) api.AttachThreadInput(self, thread, 0);
  }
  return focusedWindow(thread) === hwnd;
}
