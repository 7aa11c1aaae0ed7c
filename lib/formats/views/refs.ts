// Short element references for views read by language models: `e<N>` names
// the element at pre-order position N of the capture a view was drawn from
// (e0 is the root). A positional id (root.1.0.0.0.0.0.1) costs about 15
// cl100k tokens, a ref 2. Element verbs, `scope` and `focus_element` take a
// ref wherever they take an id and resolve it against the tree the agent was
// last served, so it names what the agent saw; the usual id checks follow.

import { type Element, walk } from "../../model/tree.ts";

const REF = /^e(\d{1,9})$/;

export function isRef(id: string): boolean {
  return REF.test(id);
}

/** Element id → ref, for every element of `root`. */
export function refsOf(root: Element): Map<string, string> {
  const refs = new Map<string, string>();
  walk(root, (node) => refs.set(node.id, `e${refs.size}`));
  return refs;
}

/** The element `ref` names in `root`, or null. */
export function elementAtRef(root: Element, ref: string): Element | null {
  const match = REF.exec(ref);
  if (match === null) return null;
  let position = Number(match[1]);
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (position-- === 0) return node;
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return null;
}

/**
 * The positional id an element id or ref stands for: a ref is looked up in
 * `seen` (the tree the agent was served) or, without one, in `current`;
 * null when no element there has that ref.
 */
export function positionalId(id: string, seen: Element | null, current: Element): string | null {
  if (!isRef(id)) return id;
  return elementAtRef(seen ?? current, id)?.id ?? null;
}
