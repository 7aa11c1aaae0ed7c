// dwmapi.dll: the attributes the compositor keeps per window (cloaking, the
// visible frame). Null where the DLL cannot be loaded.

import { optionalLibrary } from "../../../lib/support/optional_library.ts";

export const dwmapi = optionalLibrary("dwmapi.dll", {
  DwmGetWindowAttribute: { parameters: ["pointer", "u32", "buffer", "u32"], result: "i32" },
});
