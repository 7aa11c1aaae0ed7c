// kernel32.dll: process names, the calling thread, and pauses on the worker thread.

let library: ReturnType<typeof open> | null = null;

function open() {
  return Deno.dlopen("kernel32.dll", {
    OpenProcess: { parameters: ["u32", "i32", "u32"], result: "pointer" },
    QueryFullProcessImageNameW: {
      parameters: ["pointer", "u32", "buffer", "buffer"],
      result: "i32",
    },
    CloseHandle: { parameters: ["pointer"], result: "i32" },
    GetCurrentThreadId: { parameters: [], result: "u32" },
    Sleep: { parameters: ["u32"], result: "void" },
  });
}

export function kernel32() {
  library ??= open();
  return library.symbols;
}
