// The UI Automation tree source: CUIAutomation's client object, walked and
// operated through control patterns (capture.ts, operations.ts).

import { release } from "../com/vtable.ts";
import type { TreeSource } from "../tree_source/tree_source.ts";
import { createAutomation, UiaClient } from "./automation.ts";
import { captureWindow } from "./capture.ts";
import { performOperation, readElementPath } from "./operations.ts";

/**
 * A tree source over an IUIAutomation (the tests pass a fake one); it holds
 * a reference of its own, released by `close`.
 */
export function uiaSourceFrom(automation: Deno.PointerObject): TreeSource {
  const client = UiaClient.over(automation);
  return {
    kind: "uia",
    capture: (hwnd, handle, limits) => captureWindow(client, hwnd, handle, limits),
    operate: (hwnd, handle, elementId, op) => performOperation(client, hwnd, handle, elementId, op),
    readPath: (hwnd, handle, elementId) => readElementPath(client, hwnd, handle, elementId),
    close: () => client.close(),
  };
}

/**
 * UI Automation in this thread's apartment. Throws with the reason when the
 * class cannot be created ("CoCreateInstance(CUIAutomation) failed:
 * REGDB_E_CLASSNOTREG (0x80040154)" under wine 8.0).
 */
export function openUiaSource(): TreeSource {
  const automation = createAutomation();
  try {
    return uiaSourceFrom(automation);
  } finally {
    release(automation);
  }
}
