// Structure paging: the filtered tree in pre-order, served as flat pages
// under a synthetic root.

import type { Element } from "../../model/tree.ts";
import { walk } from "../../model/tree.ts";

/** Pre-order flat copies (children emptied; depth markers kept). */
export function flatten(root: Element): Element[] {
  const nodes: Element[] = [];
  walk(root, (node) => nodes.push({ ...node, children: [] }));
  return nodes;
}

export function pageRoot(children: Element[]): Element {
  return {
    id: "page-root",
    name: "[paged]",
    role: "Group",
    value: null,
    bounds: { x: 0, y: 0, width: 0, height: 0 },
    enabled: true,
    focused: false,
    keyboard_shortcut: null,
    description: null,
    children,
  };
}

export interface Page {
  tree: Element;
  nodeCount: number;
  /** Offset of the next page, or null when this one reaches the end. */
  next: number | null;
}

export function pageAt(nodes: Element[], offset: number, maxNodes: number | undefined): Page {
  const end = maxNodes === undefined ? nodes.length : Math.min(nodes.length, offset + maxNodes);
  const slice = nodes.slice(offset, end);
  return { tree: pageRoot(slice), nodeCount: slice.length, next: end < nodes.length ? end : null };
}
