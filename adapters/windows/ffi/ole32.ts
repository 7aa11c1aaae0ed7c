// ole32.dll: COM's apartment, object creation and task memory.

let library: ReturnType<typeof open> | null = null;

function open() {
  return Deno.dlopen("ole32.dll", {
    CoInitializeEx: { parameters: ["pointer", "u32"], result: "i32" },
    CoUninitialize: { parameters: [], result: "void" },
    CoCreateInstance: {
      parameters: ["buffer", "pointer", "u32", "buffer", "buffer"],
      result: "i32",
    },
    CoTaskMemFree: { parameters: ["pointer"], result: "void" },
  });
}

export function ole32() {
  library ??= open();
  return library.symbols;
}
