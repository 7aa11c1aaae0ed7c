// A tree with some subtrees replaced, copying only the nodes on the way to
// them: the tree it starts from (the cache's, a token's) stays as it was, and
// every node off those paths is shared.

import { childPath, type Element } from "./tree.ts";

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
