// shcore.dll (Windows 8.1 and later): per-monitor DPI. Null where the DLL or
// the function is missing; callers then assume 96 DPI.

import { optionalLibrary } from "../../../lib/support/optional_library.ts";

export const shcore = optionalLibrary("shcore.dll", {
  GetDpiForMonitor: { parameters: ["pointer", "i32", "buffer", "buffer"], result: "i32" },
});
