// Depth in levels a person sees: a structural container (structural.ts) sits
// on its parent's level, so `depth` reaches the controls of real windows
// however many anonymous panels the toolkit wraps them in.

import { cutByDepth, type Element } from "../core/tree.ts";
import { isStructural } from "./structural.ts";

/** The level of `child` below a parent on `parentLevel`. */
export function childLevel(parentLevel: number, child: Element): number {
  return isStructural(child) ? parentLevel : parentLevel + 1;
}

/**
 * A copy of `root` (bounds included) that keeps the elements on levels
 * 0..`depth`; an element on level `depth` with children keeps none and gets
 * `truncated: true` and `child_count`. `truncated` says whether anything was cut.
 */
export function limitLevels(root: Element, depth: number): { tree: Element; truncated: boolean } {
  let truncated = false;
  const copy = (node: Element, level: number): Element => {
    const out: Element = { ...node, bounds: { ...node.bounds }, children: [] };
    // A node the adapter already cut at its own depth limit was cut as well.
    if (cutByDepth(node)) truncated = true;
    if (level >= depth && node.children.length > 0) {
      truncated = true;
      out.truncated = true;
      out.child_count = node.children.length;
      return out;
    }
    out.children = node.children.map((child) => copy(child, childLevel(level, child)));
    return out;
  };
  const tree = copy(root, 0);
  return { tree, truncated };
}
