// user32.dll as the MSAA tree source needs it: window facts and the messages
// of the standard control classes, for what wine's oleacc leaves out (it
// calls every button, list and label "client"). HWNDs are passed as numbers.

let user32Library: ReturnType<typeof openUser32> | null = null;

function openUser32() {
  return Deno.dlopen("user32.dll", {
    IsWindow: { parameters: ["usize"], result: "i32" },
    IsWindowEnabled: { parameters: ["usize"], result: "i32" },
    IsWindowVisible: { parameters: ["usize"], result: "i32" },
    GetWindowRect: { parameters: ["usize", "buffer"], result: "i32" },
    GetClientRect: { parameters: ["usize", "buffer"], result: "i32" },
    ClientToScreen: { parameters: ["usize", "buffer"], result: "i32" },
    GetClassNameW: { parameters: ["usize", "buffer", "i32"], result: "i32" },
    RealGetWindowClassW: { parameters: ["usize", "buffer", "u32"], result: "u32" },
    GetWindowLongPtrW: { parameters: ["usize", "i32"], result: "isize" },
    GetWindow: { parameters: ["usize", "u32"], result: "usize" },
    FindWindowExW: { parameters: ["usize", "usize", "buffer", "buffer"], result: "usize" },
    GetParent: { parameters: ["usize"], result: "usize" },
    GetDlgCtrlID: { parameters: ["usize"], result: "i32" },
    GetMenu: { parameters: ["usize"], result: "usize" },
    GetForegroundWindow: { parameters: [], result: "usize" },
    GetGUIThreadInfo: { parameters: ["u32", "buffer"], result: "i32" },
    GetWindowThreadProcessId: { parameters: ["usize", "buffer"], result: "u32" },
    AttachThreadInput: { parameters: ["u32", "u32", "i32"], result: "i32" },
    SetFocus: { parameters: ["usize"], result: "usize" },
    PostMessageW: { parameters: ["usize", "u32", "usize", "isize"], result: "i32" },
    /** SendMessageTimeoutW with a buffer (text, RECT) or null as lParam. */
    SendMessageTimeoutW: {
      parameters: ["usize", "u32", "usize", "buffer", "u32", "u32", "buffer"],
      result: "isize",
    },
    /** SendMessageTimeoutW with a number as lParam. */
    SendMessageTimeoutNumber: {
      name: "SendMessageTimeoutW",
      parameters: ["usize", "u32", "usize", "isize", "u32", "u32", "buffer"],
      result: "isize",
    },
  });
}

export function user32Msaa() {
  user32Library ??= openUser32();
  return user32Library.symbols;
}
