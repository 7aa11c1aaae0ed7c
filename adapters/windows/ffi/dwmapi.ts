// dwmapi.dll: the attributes the compositor keeps per window (cloaking, the
// visible frame). Null where the DLL cannot be loaded.

let library: ReturnType<typeof open> | null | undefined;

function open() {
  return Deno.dlopen("dwmapi.dll", {
    DwmGetWindowAttribute: { parameters: ["pointer", "u32", "buffer", "u32"], result: "i32" },
  });
}

export function dwmapi() {
  if (library === undefined) {
    try {
      library = open();
    } catch {
      library = null;
    }
  }
  return library?.symbols ?? null;
}
