// Structure filters: the role, name and visibility filters always apply; a
// node that fails them stays only as the container of nodes that pass, or
// as a container left empty unless `prune_empty`; a leaf that fails them
// is dropped. The root (the window) always stays. `max_text_len` cuts
// names and values.

import type { ClientRegex } from "../regex/compile.ts";
import type { Bounds, Element } from "../../model/tree.ts";
import { intersect } from "../geometry/visibility.ts";

export interface StructureFilter {
  roles?: string[];
  excludeRoles?: string[];
  nameRegex?: ClientRegex;
  /** Given when `visible_only`: the window's visible regions. */
  visibleRegions?: Bounds[];
  maxTextLen?: number;
  pruneEmpty: boolean;
}

export function hasFilter(f: StructureFilter): boolean {
  return f.roles !== undefined || f.excludeRoles !== undefined || f.nameRegex !== undefined ||
    f.visibleRegions !== undefined || f.maxTextLen !== undefined;
}

function visible(bounds: Bounds, regions: Bounds[]): boolean {
  return regions.some((r) => intersect(bounds, r) !== null);
}

function passes(node: Element, f: StructureFilter): boolean {
  return (f.roles === undefined || f.roles.includes(node.role)) &&
    (f.excludeRoles === undefined || !f.excludeRoles.includes(node.role)) &&
    (f.nameRegex === undefined || f.nameRegex.search(node.name)) &&
    (f.visibleRegions === undefined || visible(node.bounds, f.visibleRegions));
}

/** The first n code points plus "…" when longer. */
export function cut(text: string, n: number): string {
  if (text.length <= n) return text;
  const points = Array.from(text);
  return points.length <= n ? text : points.slice(0, n).join("") + "…";
}

function shortened(node: Element, n: number | undefined): Element {
  if (n === undefined) return node;
  return {
    ...node,
    name: cut(node.name, n),
    value: node.value === null ? null : cut(node.value, n),
  };
}

/** Was a container: it had children (or had them cut by a depth limit). */
function isContainer(node: Element): boolean {
  return node.children.length > 0 || (node.child_count ?? 0) > 0;
}

function filterNode(node: Element, f: StructureFilter, isRoot: boolean): Element | null {
  const children: Element[] = [];
  for (const child of node.children) {
    const kept = filterNode(child, f, false);
    if (kept) children.push(kept);
  }
  const keep = isRoot || passes(node, f) || children.length > 0 ||
    (!f.pruneEmpty && isContainer(node));
  return keep ? { ...shortened(node, f.maxTextLen), children } : null;
}

/** A filtered copy; the input is not modified. */
export function filterTree(root: Element, f: StructureFilter): Element {
  if (!hasFilter(f) && !f.pruneEmpty) return root;
  return filterNode(root, f, true)!;
}
