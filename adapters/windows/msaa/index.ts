// The MSAA tree source: IAccessible, which every Windows and wine has, with
// User32 filling in what wine's oleacc leaves out (accessible_nodes.ts).

import type { TreeSource } from "../tree_source/tree_source.ts";
import { oleacc } from "../ffi/oleacc.ts";
import { user32 } from "../ffi/user32.ts";
import { captureWindow } from "./capture.ts";
import { operateElement, readElementPath } from "./operations.ts";

/** Loads oleacc.dll and user32.dll (throws when either cannot be loaded). */
export function openMsaaSource(): TreeSource {
  oleacc();
  user32();
  return {
    kind: "msaa",
    capture: captureWindow,
    operate: operateElement,
    readPath: readElementPath,
    // Every object is released by the capture or operation that obtained it.
    close() {},
  };
}
