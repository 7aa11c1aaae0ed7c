// Level views (levels.ts limitLevels, then the detail asked for) made from
// views kept for the subtrees of earlier trees. A mirrored window that did not
// change is answered with the very tree object the service already holds, and
// a patched one shares every unchanged subtree with the tree before it, so
// their views are made once: a 320-node window changed in one place costs the
// nodes on the path to the change (~0.05 ms) instead of a copy, a strip and a
// sanitizing pass over the whole tree (~0.5–0.8 ms), and its JSON is written
// from the kept text of the unchanged parts (lib/model/json_text.ts).
// Trees and views are never changed once made; that is what makes this safe.

import { cutByDepth, type Element, PLATFORM_DETAIL } from "../../model/tree.ts";
import { isMarkedSanitized, sanitizedForReuse } from "../../model/untrusted.ts";
import { reuseTreeJsonOf } from "../../model/json_text.ts";
import { childLevel } from "./levels.ts";

export interface ReusedView {
  tree: Element;
  /** Whether anything was cut: here, or already by the adapter. */
  truncated: boolean;
}

/**
 * Views made, per level, depth and detail (one table each: a node on
 * another level, or asked to another depth, has another view).
 */
const made = new Map<string, WeakMap<Element, ReusedView>>();

/**
 * `tree`'s elements on levels 0..`depth` (an element on level `depth` with
 * children keeps none and gets `truncated: true` and `child_count`), without
 * platform detail unless `detail` is full, every string sanitized: made once
 * per subtree, level, depth and detail, then the same object.
 */
export function levelView(tree: Element, depth: number, detail: "basic" | "full" | undefined) {
  const full = detail === "full";
  const tables: Array<WeakMap<Element, ReusedView>> = [];
  const viewsOn = (level: number) => {
    if (tables[level] === undefined) {
      const key = `${level} ${depth} ${full}`;
      if (!made.has(key)) made.set(key, new WeakMap());
      tables[level] = made.get(key)!;
    }
    return tables[level];
  };
  const kept = viewsOn(0).get(tree);
  if (kept !== undefined) return kept;
  // A fresh full-detail walk, clean and uncut, is served as it came and kept
  // at its root alone: keeping a view of every node cost a 1,000-node window
  // ~1 ms and its garbage. A patched successor keeps the parts it shares, once.
  if (full && isItsOwnView(tree, 0, depth)) {
    return keep(viewsOn(0), tree, { tree, truncated: false });
  }
  return viewOf(tree, 0, depth, full, viewsOn);
}

/** Whether every node below is marked clean, none cut (by the adapter or by `depth`). */
function isItsOwnView(node: Element, level: number, depth: number): boolean {
  if (cutByDepth(node) || !isMarkedSanitized(node)) return false;
  if (node.children.length === 0) return true;
  if (level >= depth) return false;
  return node.children.every((child) => isItsOwnView(child, childLevel(level, child), depth));
}

function viewOf(
  node: Element,
  level: number,
  depth: number,
  full: boolean,
  viewsOn: (level: number) => WeakMap<Element, ReusedView>,
): ReusedView {
  const views = viewsOn(level);
  const view = views.get(node);
  if (view !== undefined) return view;
  const cut = level >= depth && node.children.length > 0;
  const parts = cut
    ? []
    : node.children.map((child) => viewOf(child, childLevel(level, child), depth, full, viewsOn));
  let truncated = cutByDepth(node) || cut || parts.some((part) => part.truncated);
  // With every field kept and nothing cut, a node whose strings are clean and
  // whose children are their own views is its own view: no copy (a full-detail
  // walk of a 1,000-node window is served as it came).
  if (full && !cut && parts.every((part, i) => part.tree === node.children[i])) {
    const clean = sanitizedForReuse(node);
    if (clean === node) return keep(views, node, { tree: node, truncated });
  }
  const out: Element = { ...node, bounds: { ...node.bounds }, children: [] };
  if (!full) {
    for (const field of PLATFORM_DETAIL) if (field in out) delete out[field];
  }
  if (cut) {
    truncated = true;
    out.truncated = true;
    out.child_count = node.children.length;
  }
  for (const part of parts) out.children.push(part.tree);
  // The children are sanitized views already: only this node's own strings are read.
  return keep(views, node, { tree: sanitizedForReuse(out), truncated });
}

function keep(views: WeakMap<Element, ReusedView>, node: Element, view: ReusedView): ReusedView {
  reuseTreeJsonOf(view.tree);
  views.set(node, view);
  return view;
}
