// shcore.dll (Windows 8.1 and later): per-monitor DPI. Null where the DLL or
// the function is missing; callers then assume 96 DPI.

let library: ReturnType<typeof open> | null | undefined;

function open() {
  return Deno.dlopen("shcore.dll", {
    GetDpiForMonitor: { parameters: ["pointer", "i32", "buffer", "buffer"], result: "i32" },
  });
}

export function shcore() {
  if (library === undefined) {
    try {
      library = open();
    } catch {
      library = null;
    }
  }
  return library?.symbols ?? null;
}
