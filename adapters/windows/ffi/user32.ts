// user32.dll for windows, monitors, input and screen DCs. Handles (HWND, HDC,
// HMONITOR) are pointers. Opening it makes the process per-monitor DPI aware
// first, so every rectangle, cursor position and capture is in physical pixels
// (an unaware process sees scaled, virtualised coordinates on high-DPI monitors).

import type { Bounds } from "../../../lib/model/tree.ts";

/** DPI_AWARENESS_CONTEXT_PER_MONITOR_AWARE_V2, a pseudo-handle. */
const PER_MONITOR_AWARE_V2 = -4n;

let library: ReturnType<typeof open> | null = null;

function open() {
  return Deno.dlopen("user32.dll", {
    SetProcessDpiAwarenessContext: { parameters: ["isize"], result: "i32", optional: true },
    SetProcessDPIAware: { parameters: [], result: "i32" },
    EnumWindows: { parameters: ["function", "isize"], result: "i32" },
    IsWindow: { parameters: ["pointer"], result: "i32" },
    IsWindowVisible: { parameters: ["pointer"], result: "i32" },
    IsIconic: { parameters: ["pointer"], result: "i32" },
    GetWindowTextW: { parameters: ["pointer", "buffer", "i32"], result: "i32" },
    GetWindowLongPtrW: { parameters: ["pointer", "i32"], result: "isize" },
    GetWindowRect: { parameters: ["pointer", "buffer"], result: "i32" },
    GetCursorPos: { parameters: ["buffer"], result: "i32" },
    GetWindowThreadProcessId: { parameters: ["pointer", "buffer"], result: "u32" },
    GetForegroundWindow: { parameters: [], result: "pointer" },
    GetTopWindow: { parameters: ["pointer"], result: "pointer" },
    GetWindow: { parameters: ["pointer", "u32"], result: "pointer" },
    ShowWindow: { parameters: ["pointer", "i32"], result: "i32" },
    SetForegroundWindow: { parameters: ["pointer"], result: "i32" },
    BringWindowToTop: { parameters: ["pointer"], result: "i32" },
    AttachThreadInput: { parameters: ["u32", "u32", "i32"], result: "i32" },
    MonitorFromWindow: { parameters: ["pointer", "u32"], result: "pointer" },
    EnumDisplayMonitors: { parameters: ["pointer", "pointer", "function", "isize"], result: "i32" },
    GetMonitorInfoW: { parameters: ["pointer", "buffer"], result: "i32" },
    GetSystemMetrics: { parameters: ["i32"], result: "i32" },
    SendInput: { parameters: ["u32", "buffer", "i32"], result: "u32" },
    VkKeyScanW: { parameters: ["u16"], result: "i16" },
    MapVirtualKeyW: { parameters: ["u32", "u32"], result: "u32" },
    GetDC: { parameters: ["pointer"], result: "pointer" },
    ReleaseDC: { parameters: ["pointer", "pointer"], result: "i32" },
    PrintWindow: { parameters: ["pointer", "pointer", "u32"], result: "i32" },
    SendMessageTimeoutW: {
      parameters: ["pointer", "u32", "usize", "isize", "u32", "u32", "buffer"],
      result: "isize",
    },
    /** SendMessageTimeoutW with a buffer (text, a RECT) or null as lParam. */
    SendMessageTimeoutBuffer: {
      name: "SendMessageTimeoutW",
      parameters: ["pointer", "u32", "usize", "buffer", "u32", "u32", "buffer"],
      result: "isize",
    },
    PostMessageW: { parameters: ["pointer", "u32", "usize", "isize"], result: "i32" },
    // The standard controls' facts, for what MSAA leaves out (adapters/windows/msaa).
    GetClassNameW: { parameters: ["pointer", "buffer", "i32"], result: "i32" },
    RealGetWindowClassW: { parameters: ["pointer", "buffer", "u32"], result: "u32" },
    GetDlgCtrlID: { parameters: ["pointer"], result: "i32" },
    GetClientRect: { parameters: ["pointer", "buffer"], result: "i32" },
    ClientToScreen: { parameters: ["pointer", "buffer"], result: "i32" },
    GetParent: { parameters: ["pointer"], result: "pointer" },
    GetMenu: { parameters: ["pointer"], result: "pointer" },
    FindWindowExW: { parameters: ["pointer", "pointer", "buffer", "buffer"], result: "pointer" },
    GetGUIThreadInfo: { parameters: ["u32", "buffer"], result: "i32" },
    SetFocus: { parameters: ["pointer"], result: "pointer" },
  });
}

export function user32() {
  if (library === null) {
    library = open();
    const { SetProcessDpiAwarenessContext, SetProcessDPIAware } = library.symbols;
    // Fails harmlessly when a manifest or an earlier call already set the awareness.
    if (SetProcessDpiAwarenessContext === null) SetProcessDPIAware();
    else SetProcessDpiAwarenessContext(PER_MONITOR_AWARE_V2);
  }
  return library.symbols;
}

/** A RECT (left, top, right, bottom) as 4 Int32s. */
export function newRect(): Int32Array {
  return new Int32Array(4);
}

export function rectBounds(rect: Int32Array, at = 0): Bounds {
  return {
    x: rect[at],
    y: rect[at + 1],
    width: rect[at + 2] - rect[at],
    height: rect[at + 3] - rect[at + 1],
  };
}

/** The handle a bigint names, as a pointer parameter (0 → null). */
export function handle(value: bigint): Deno.PointerValue {
  return Deno.UnsafePointer.create(value);
}

/** A handle result as a bigint (null → 0). */
export function handleValue(pointer: Deno.PointerValue): bigint {
  return Deno.UnsafePointer.value(pointer);
}
