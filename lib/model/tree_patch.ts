// A tree with some subtrees replaced, or some nodes read again, copying only
// the nodes on the way to them: the tree it starts from (the cache's, a
// token's) stays as it was, and every node off those paths is shared.

import { childPath, type Element, nodesToId } from "./tree.ts";

/**
 * `root` with each of `subtrees` in the place of the node its positional id
 * names (in order: a later one may lie inside an earlier one); null when an
 * id names no node of the tree.
 */
export function replaceSubtrees(root: Element, subtrees: Element[]): Element | null {
  const copies = new Set<Element>();
  const copy = (node: Element) => {
    if (copies.has(node)) return node;
    const fresh = { ...node, children: [...node.children] };
    copies.add(fresh);
    return fresh;
  };
  let top = root;
  for (const subtree of subtrees) {
    const path = childPath(subtree.id);
    if (path === null) return null;
    if (path.length === 0) {
      top = subtree;
      continue;
    }
    top = copy(top);
    let parent = top;
    for (const [step, index] of path.entries()) {
      const child = parent.children[index];
      if (child === undefined) return null;
      if (step === path.length - 1) parent.children[index] = subtree;
      else parent = parent.children[index] = copy(child);
    }
  }
  return top;
}

/**
 * `root` with each node along `path` (root first, as Adapter.readPath reads
 * them) taking the read's bounds and states, children kept; null when the
 * tree has no such path.
 */
export function withPathRead(root: Element, path: Element[]): Element | null {
  const end = path[path.length - 1];
  const indices = end === undefined ? null : childPath(end.id);
  const old = end === undefined ? null : nodesToId(root, end.id);
  if (old === null || indices === null || old.length !== path.length) return null;
  let below: Element | null = null;
  for (let level = old.length - 1; level >= 0; level--) {
    const { states: _states, selected: _selected, expanded: _expanded, ...kept } = old[level];
    const node: Element = { ...kept, ...checkedFields(path[level]) };
    if (below !== null) {
      node.children = [...node.children];
      node.children[indices[level]] = below;
    }
    below = node;
  }
  return below;
}

/** The fields of a read node that an action's checks look at, those it has. */
function checkedFields(
  read: Element,
): Pick<Element, "bounds" | "enabled" | "focused"> & Partial<Element> {
  const { bounds, enabled, focused, states, selected, expanded } = read;
  return {
    bounds,
    enabled,
    focused,
    ...(states === undefined ? {} : { states }),
    ...(selected === undefined ? {} : { selected }),
    ...(expanded === undefined ? {} : { expanded }),
  };
}
