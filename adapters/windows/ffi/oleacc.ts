// oleacc.dll: MSAA's entry points (IAccessible objects of a window, their children).

let library: ReturnType<typeof open> | null = null;

function open() {
  return Deno.dlopen("oleacc.dll", {
    AccessibleObjectFromWindow: {
      parameters: ["pointer", "u32", "buffer", "buffer"],
      result: "i32",
    },
    AccessibleChildren: {
      parameters: ["pointer", "i32", "i32", "buffer", "buffer"],
      result: "i32",
    },
    GetRoleTextW: { parameters: ["u32", "buffer", "u32"], result: "u32" },
    WindowFromAccessibleObject: { parameters: ["pointer", "buffer"], result: "i32" },
  });
}

export function oleacc() {
  library ??= open();
  return library.symbols;
}
