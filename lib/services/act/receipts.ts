// ActionReceipt pieces: the tree state before and after an action, and the
// windows it opened.

import { deriveSelector } from "../../formats/selectors/index.ts";
import { type Element, walk } from "../../model/tree.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";

export interface TreeState {
  tree_hash: string;
  focused_selector: string;
}

export const GONE_STATE: TreeState = { tree_hash: "", focused_selector: "" };

/** Derived selector of the first focused node in pre-order, or "". */
export function focusedSelector(root: Element): string {
  let id: string | null = null;
  walk(root, (node) => {
    if (id === null && node.focused) id = node.id;
  });
  return id === null ? "" : deriveSelector(root, id);
}

export function treeState(root: Element, hash: string): TreeState {
  return { tree_hash: hash, focused_selector: focusedSelector(root) };
}

export function newDialogs(
  before: ListedWindow[],
  after: ListedWindow[],
): Array<{ window_uid: string; title: string }> {
  const known = new Set(before.map((w) => w.window_uid));
  return after
    .filter((w) => w.window_uid && !known.has(w.window_uid))
    .map((w) => ({ window_uid: w.window_uid, title: w.title }));
}
