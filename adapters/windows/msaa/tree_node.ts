// One element of the walk, whatever it is read from: an IAccessible object,
// a simple element of one, or an item of a standard control read through
// User32. Capture and operations list children the same way, so a positional
// id leads operations back to the element the capture showed.

import type { ActionOutcome } from "../../types.ts";
import type { Element } from "../../../lib/model/tree.ts";

/** Read once per capture or operation. */
export interface WalkContext {
  /** The window with the keyboard focus (0n when none). */
  focus: bigint;
  /** The foreground window. */
  foreground: bigint;
}

export interface TreeNode {
  /** The element's fields, without children (ids are assigned after the walk). */
  describe(): Element;
  childCount(): number;
  /** The first `max` children, in order; the caller disposes each. */
  children(max: number): TreeNode[];
  /** Releases what the node holds. */
  dispose(): void;
  defaultAction(): ActionOutcome;
  focus(): ActionOutcome;
  setValue(value: string): ActionOutcome;
  /** Makes this option the selection of its list or combo box, and checks it took. */
  choose(): ActionOutcome;
}

export function unsupported(error: string): ActionOutcome {
  return { ok: false, unsupported: true, error };
}
