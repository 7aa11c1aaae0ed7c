// gdi32.dll: memory DCs and bitmaps for screen and window captures.

let library: ReturnType<typeof open> | null = null;

function open() {
  return Deno.dlopen("gdi32.dll", {
    CreateCompatibleDC: { parameters: ["pointer"], result: "pointer" },
    CreateCompatibleBitmap: { parameters: ["pointer", "i32", "i32"], result: "pointer" },
    SelectObject: { parameters: ["pointer", "pointer"], result: "pointer" },
    BitBlt: {
      parameters: ["pointer", "i32", "i32", "i32", "i32", "pointer", "i32", "i32", "u32"],
      result: "i32",
    },
    GetDIBits: {
      parameters: ["pointer", "pointer", "u32", "u32", "buffer", "buffer", "u32"],
      result: "i32",
    },
    DeleteObject: { parameters: ["pointer"], result: "i32" },
    DeleteDC: { parameters: ["pointer"], result: "i32" },
  });
}

export function gdi32() {
  library ??= open();
  return library.symbols;
}
