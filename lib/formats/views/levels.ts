// Depth in levels a person sees: a structural container (structural.ts) sits
// on its parent's level, so `depth` reaches the controls of real windows
// however many anonymous panels the toolkit wraps them in.

import { copyTree, type Element } from "../../model/tree.ts";
import { isStructural } from "./structural.ts";

/** The level of `child` below a parent on `parentLevel`. */
export function childLevel(parentLevel: number, child: Element): number {
  return isStructural(child) ? parentLevel : parentLevel + 1;
}

/**
 * A copy of `root` (bounds included) that keeps the elements on levels
 * 0..`depth`; an element on level `depth` with children keeps none and gets
 * `truncated: true` and `child_count`. `truncated` says whether anything was
 * cut, here or already by the adapter.
 */
export function limitLevels(root: Element, depth: number): { tree: Element; truncated: boolean } {
  const { tree, cutShort } = copyTree(root, {
    maxDepth: depth,
    markCut: true,
    levelOf: childLevel,
  });
  return { tree, truncated: cutShort === "depth" };
}
