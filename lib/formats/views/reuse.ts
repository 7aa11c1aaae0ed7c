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
import { sanitizedForReuse } from "../../model/untrusted.ts";
import { reuseTreeJsonOf } from "../../model/json_text.ts";
import { childLevel } from "./levels.ts";

export interface ReusedView {
  tree: Element;
  /** Whether anything was cut: here, or already by the adapter. */
  truncated: boolean;
}

const made = new WeakMap<Element, Map<string, ReusedView>>();

/**
 * `tree`'s elements on levels 0..`depth` (an element on level `depth` with
 * children keeps none and gets `truncated: true` and `child_count`), without
 * platform detail unless `detail` is full, every string sanitized: made once
 * per subtree, level, depth and detail, then the same object.
 */
export function levelView(tree: Element, depth: number, detail: "basic" | "full" | undefined) {
  return viewOf(tree, 0, depth, detail === "full");
}

function viewOf(node: Element, level: number, depth: number, full: boolean): ReusedView {
  const key = `${level} ${depth} ${full}`;
  let views = made.get(node);
  if (views === undefined) made.set(node, views = new Map());
  let view = views.get(key);
  if (view !== undefined) return view;
  const cut = level >= depth && node.children.length > 0;
  const parts = cut
    ? []
    : node.children.map((child) => viewOf(child, childLevel(level, child), depth, full));
  let truncated = cutByDepth(node) || cut || parts.some((part) => part.truncated);
  // With every field kept and nothing cut, a node whose strings are clean and
  // whose children are their own views is its own view: no copy (a full-detail
  // walk of a 1,000-node window is served as it came).
  if (full && !cut && parts.every((part, i) => part.tree === node.children[i])) {
    const clean = sanitizedForReuse(node);
    if (clean === node) return keep(views, key, { tree: node, truncated });
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
  return keep(views, key, { tree: sanitizedForReuse(out), truncated });
}

function keep(views: Map<string, ReusedView>, key: string, view: ReusedView): ReusedView {
  reuseTreeJsonOf(view.tree);
  views.set(key, view);
  return view;
}
