// Seeded random accessibility trees and mutations for the diff property tests.
// Small name and role pools make duplicate (role, name) siblings common.

import { assignIds, type Element, element, walk } from "../../lib/model/tree.ts";

export type Random = () => number;

/** mulberry32: a tiny seeded PRNG, so a failing case can be replayed from its seed. */
export function seeded(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROLES = ["Button", "Text", "Edit", "Group", "ListItem"];
const NAMES = ["", "OK", "Item", "a/b", "x~y"];
const VALUES = [null, "", "v", "hello", "line\nbreak"];

function pick<T>(rnd: Random, items: readonly T[]): T {
  return items[Math.floor(rnd() * items.length)];
}

function int(rnd: Random, max: number): number {
  return Math.floor(rnd() * max);
}

export function randomNode(rnd: Random, depth: number): Element {
  const extra: Partial<Element> = { value: pick(rnd, VALUES), enabled: rnd() > 0.1 };
  if (rnd() < 0.2) extra.selected = rnd() < 0.5;
  if (rnd() < 0.1) extra.expanded = rnd() < 0.5;
  if (rnd() < 0.05) extra.value_now = int(rnd, 100);
  const kids: Element[] = [];
  if (depth > 0) {
    const n = int(rnd, rnd() < 0.3 ? 6 : 3);
    for (let i = 0; i < n; i++) {
      // Identical siblings (copies) are the hard case for matching duplicates.
      kids.push(
        i > 0 && rnd() < 0.25 ? structuredClone(pick(rnd, kids)) : randomNode(rnd, depth - 1),
      );
    }
  }
  return element(
    pick(rnd, ROLES),
    pick(rnd, NAMES),
    [int(rnd, 5) * 10, int(rnd, 5) * 10, 20, 10],
    extra,
    kids,
  );
}

export function randomTree(rnd: Random): Element {
  return assignIds(randomNode(rnd, 3 + int(rnd, 2)));
}

interface Located {
  node: Element;
  parent: Element | null;
}

function nodes(root: Element): Located[] {
  const all: Located[] = [{ node: root, parent: null }];
  walk(root, (n) => n.children.forEach((c) => all.push({ node: c, parent: n })));
  return all;
}

function nonRoot(rnd: Random, root: Element): Located | null {
  const all = nodes(root).filter((l) => l.parent !== null);
  return all.length === 0 ? null : pick(rnd, all);
}

export type Mutation =
  | "insert"
  | "remove"
  | "move"
  | "reparent"
  | "rename"
  | "value"
  | "state"
  | "bounds"
  | "duplicate"
  | "role";

export const MUTATIONS: readonly Mutation[] = [
  "insert",
  "remove",
  "move",
  "reparent",
  "rename",
  "value",
  "state",
  "bounds",
  "duplicate",
  "role",
];

/** Applies one mutation in place (ids are renumbered by the caller). */
export function mutate(rnd: Random, root: Element, kind: Mutation): void {
  const any = pick(rnd, nodes(root)).node;
  const child = nonRoot(rnd, root);
  switch (kind) {
    case "insert":
      any.children.splice(int(rnd, any.children.length + 1), 0, randomNode(rnd, int(rnd, 2)));
      return;
    case "remove":
      if (child) child.parent!.children.splice(child.parent!.children.indexOf(child.node), 1);
      return;
    case "move": {
      if (!child) return;
      const siblings = child.parent!.children;
      siblings.splice(siblings.indexOf(child.node), 1);
      siblings.splice(int(rnd, siblings.length + 1), 0, child.node);
      return;
    }
    case "reparent": {
      if (!child) return;
      const siblings = child.parent!.children;
      siblings.splice(siblings.indexOf(child.node), 1);
      const inside = new Set<Element>();
      walk(child.node, (n) => inside.add(n));
      const target = pick(rnd, nodes(root).filter((l) => !inside.has(l.node))).node;
      target.children.splice(int(rnd, target.children.length + 1), 0, child.node);
      return;
    }
    case "rename":
      any.name = pick(rnd, NAMES.filter((n) => n !== any.name));
      return;
    case "value":
      any.value = pick(rnd, VALUES.filter((v) => v !== any.value));
      return;
    case "state":
      if (rnd() < 0.25) any.enabled = !any.enabled;
      else if (rnd() < 0.33) any.focused = !any.focused;
      else if (rnd() < 0.5) any.selected = any.selected === undefined ? true : undefined;
      else any.expanded = !any.expanded;
      if (any.selected === undefined) delete any.selected;
      return;
    case "bounds":
      any.bounds = { ...any.bounds, x: any.bounds.x + 1 + int(rnd, 30) };
      return;
    case "duplicate": {
      if (!child) return;
      const siblings = child.parent!.children;
      siblings.splice(siblings.indexOf(child.node) + int(rnd, 2), 0, structuredClone(child.node));
      return;
    }
    case "role":
      any.role = pick(rnd, ROLES.filter((r) => r !== any.role));
      return;
  }
}

/** A mutated copy of `tree` with positional ids, as an adapter would capture it. */
export function mutated(rnd: Random, tree: Element, count: number): {
  tree: Element;
  applied: Mutation[];
} {
  const copy = structuredClone(tree);
  const applied: Mutation[] = [];
  for (let i = 0; i < count; i++) {
    const kind = pick(rnd, MUTATIONS);
    mutate(rnd, copy, kind);
    applied.push(kind);
  }
  return { tree: assignIds(copy), applied };
}
