// Top-level windows as the taskbar would show them: EnumWindows filtered to
// visible, titled, uncloaked, non-tool windows, with process, bounds, focus
// and monitor. Handles are the HWND in decimal.

import type { Bounds, WindowInfo } from "../../../lib/model/tree.ts";
import { dwmapi } from "../ffi/dwmapi.ts";
import { kernel32 } from "../ffi/kernel32.ts";
import { handle, handleValue, newRect, rectBounds, user32 } from "../ffi/user32.ts";
import { fromWide } from "../ffi/wide_strings.ts";
import { monitorEntries } from "./monitors.ts";

const GWL_EXSTYLE = -20;
const WS_EX_TOOLWINDOW = 0x80;
const DWMWA_EXTENDED_FRAME_BOUNDS = 9;
const DWMWA_CLOAKED = 14;
const PROCESS_QUERY_LIMITED_INFORMATION = 0x1000;
const MONITOR_DEFAULTTONEAREST = 2;
const GW_HWNDNEXT = 2;
const MAX_TITLE = 1024;
const MAX_PATH = 32768;

/** The HWND a handle names: a positive decimal integer, else null. */
export function parseHandle(text: string): bigint | null {
  if (!/^[1-9]\d{0,19}$/.test(text)) return null;
  const value = BigInt(text);
  return value < 1n << 64n ? value : null;
}

export function windowExists(hwnd: bigint): boolean {
  return user32().IsWindow(handle(hwnd)) !== 0;
}

export function foregroundWindow(): bigint {
  return handleValue(user32().GetForegroundWindow());
}

export function windowProcessId(hwnd: bigint): number {
  const pid = new Uint32Array(1);
  user32().GetWindowThreadProcessId(handle(hwnd), pid);
  return pid[0];
}

/**
 * The window's rectangle on screen: the frame the compositor draws (without
 * Windows 10's invisible resize borders) where DWM answers, else GetWindowRect.
 */
export function windowBounds(hwnd: bigint): Bounds | null {
  const rect = newRect();
  const dwm = dwmapi();
  if (dwm?.DwmGetWindowAttribute(handle(hwnd), DWMWA_EXTENDED_FRAME_BOUNDS, rect, 16) === 0) {
    return rectBounds(rect);
  }
  return user32().GetWindowRect(handle(hwnd), rect) ? rectBounds(rect) : null;
}

/** Hidden by the compositor though "visible" (other virtual desktops, suspended apps). */
function isCloaked(hwnd: bigint): boolean {
  const cloaked = new Uint32Array(1);
  const status = dwmapi()?.DwmGetWindowAttribute(handle(hwnd), DWMWA_CLOAKED, cloaked, 4);
  return status === 0 && cloaked[0] !== 0;
}

function windowTitle(hwnd: bigint): string {
  const text = new Uint16Array(MAX_TITLE);
  const length = user32().GetWindowTextW(handle(hwnd), text, MAX_TITLE);
  return fromWide(text, Math.max(0, length));
}

function isToolWindow(hwnd: bigint): boolean {
  return (Number(user32().GetWindowLongPtrW(handle(hwnd), GWL_EXSTYLE)) & WS_EX_TOOLWINDOW) !== 0;
}

/** The executable's file name ("notepad.exe"), or "unknown" when the process cannot be opened. */
function processName(pid: number): string {
  const k32 = kernel32();
  const process = k32.OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, 0, pid);
  if (process === null) return "unknown";
  try {
    const path = new Uint16Array(MAX_PATH);
    const size = new Uint32Array([MAX_PATH]);
    if (!k32.QueryFullProcessImageNameW(process, 0, path, size)) return "unknown";
    return fromWide(path, size[0]).split(/[\\/]/).pop() || "unknown";
  } finally {
    k32.CloseHandle(process);
  }
}

function topLevelWindows(): bigint[] {
  const hwnds: bigint[] = [];
  const callback = new Deno.UnsafeCallback(
    { parameters: ["pointer", "isize"], result: "i32" } as const,
    (hwnd) => {
      hwnds.push(handleValue(hwnd));
      return 1;
    },
  );
  try {
    user32().EnumWindows(callback.pointer, 0n);
  } finally {
    callback.close();
  }
  return hwnds;
}

/** Visible on screen with a positive size (not hidden, not cloaked). */
function shownBounds(hwnd: bigint): Bounds | null {
  if (!user32().IsWindowVisible(handle(hwnd)) || isCloaked(hwnd)) return null;
  const bounds = windowBounds(hwnd);
  return bounds !== null && bounds.width > 0 && bounds.height > 0 ? bounds : null;
}

/** Top-level windows in Z-order (topmost first). */
export function listWindows(): WindowInfo[] {
  const foreground = foregroundWindow();
  const monitors = monitorEntries();
  const names = new Map<number, string>();
  const windows: WindowInfo[] = [];
  for (const hwnd of topLevelWindows()) {
    const title = windowTitle(hwnd);
    if (title === "" || isToolWindow(hwnd)) continue;
    const bounds = shownBounds(hwnd);
    if (bounds === null) continue;
    const pid = windowProcessId(hwnd);
    if (!names.has(pid)) names.set(pid, processName(pid));
    const monitor = handleValue(user32().MonitorFromWindow(handle(hwnd), MONITOR_DEFAULTTONEAREST));
    const on = monitors.find((m) => m.handle === monitor)?.monitor;
    windows.push({
      handle: String(hwnd),
      title,
      process: names.get(pid)!,
      pid,
      bounds,
      focused: hwnd === foreground,
      window_uid: `win:${pid}:${hwnd}`,
      ...(on ? { monitor_index: on.index, scale_factor: on.scale_factor } : {}),
    });
  }
  return windows;
}

/** Bounds of the visible windows above `hwnd` in Z-order; empty when it is not a top-level window. */
export function windowsAbove(hwnd: bigint): Bounds[] {
  const above: Bounds[] = [];
  const u32 = user32();
  for (let w = u32.GetTopWindow(null); w !== null; w = u32.GetWindow(w, GW_HWNDNEXT)) {
    const value = handleValue(w);
    if (value === hwnd) return above;
    const bounds = shownBounds(value);
    if (bounds !== null) above.push(bounds);
  }
  return [];
}
