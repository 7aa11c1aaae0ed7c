// Control patterns: an element's interface for one kind of operation
// (Invoke, Toggle, Value...), asked for with GetCurrentPatternAs.

import { type ComArg, comCheck, PointerOut, release } from "../com/vtable.ts";
import { ElementSlot, type Pattern } from "./interfaces.ts";

/** The element's pattern interface (a reference the caller releases), or null when it has none. */
function currentPattern(element: Deno.PointerObject, pattern: Pattern): Deno.PointerObject | null {
  const out = new PointerOut();
  // An element without the pattern answers S_OK and no object.
  comCheck(
    `GetCurrentPatternAs(${pattern.label})`,
    element,
    ElementSlot.GetCurrentPatternAs,
    ["i32", "buffer", "buffer"],
    pattern.id,
    pattern.iid,
    out.buffer,
  );
  return out.value;
}

/**
 * Calls a method of the element's pattern (`slot`, HRESULT checked); false
 * when the element does not have the pattern.
 */
export function callPattern(
  element: Deno.PointerObject,
  pattern: Pattern,
  method: string,
  slot: number,
  parameters: readonly Deno.NativeType[] = [],
  ...args: ComArg[]
): boolean {
  const object = currentPattern(element, pattern);
  if (object === null) return false;
  try {
    comCheck(`${pattern.label}.${method}`, object, slot, parameters, ...args);
    return true;
  } finally {
    release(object);
  }
}
