// format=json-patch: an RFC 6902 patch that, applied in order to the old
// tree, yields exactly the new tree. Per node: its field operations, then
// its children rearranged in three passes over a simulated child list
// (removes from the back, moves of the pairs that left their order, adds in
// new order), then each matched child at its final index.

import type { Element } from "../../model/tree.ts";
import { PATCH_FIELDS } from "./fields.ts";
import { sameField } from "./fields.ts";
import { type ChildMatch, matchChildren } from "./match.ts";
import { type Signatures, signatures } from "./signature.ts";

export type PatchOperation =
  | { op: "add"; path: string; value: unknown }
  | { op: "remove"; path: string }
  | { op: "replace"; path: string; value: unknown }
  | { op: "move"; from: string; path: string };

function fieldOps(pointer: string, a: Element, b: Element, out: PatchOperation[]): void {
  for (const key of PATCH_FIELDS) {
    if (sameField(a, b, key)) continue;
    const path = `${pointer}/${key}`;
    if (b[key] === undefined) out.push({ op: "remove", path });
    else if (a[key] === undefined) out.push({ op: "add", path, value: b[key] });
    else out.push({ op: "replace", path, value: b[key] });
  }
}

function childOps(prefix: string, match: ChildMatch, b: Element, out: PatchOperation[]): void {
  for (let k = match.removed.length - 1; k >= 0; k--) {
    out.push({ op: "remove", path: prefix + match.removed[k] });
  }
  // The list now holds the pairs in old order, named by their new index.
  const list = match.pairs.map((p) => p.newIndex);
  const targets = [...list].sort((x, y) => x - y);
  const moving = match.pairs.filter((p) => p.moved).map((p) => p.newIndex).sort((x, y) => x - y);
  for (const target of moving) {
    const from = list.indexOf(target);
    list.splice(from, 1);
    // Right after the pair that precedes it in the new order (already in place).
    const rank = targets.indexOf(target);
    const to = rank === 0 ? 0 : list.indexOf(targets[rank - 1]) + 1;
    list.splice(to, 0, target);
    if (to !== from) out.push({ op: "move", from: prefix + from, path: prefix + to });
  }
  for (const j of match.added) out.push({ op: "add", path: prefix + j, value: b.children[j] });
}

function walk(
  pointer: string,
  a: Element,
  b: Element,
  out: PatchOperation[],
  sig: Signatures,
): void {
  // Captures are never modified, so a shared subtree (a tree served from the cache) is unchanged.
  if (a === b) return;
  fieldOps(pointer, a, b, out);
  if (a.children.length === 0 && b.children.length === 0) return;
  const match = matchChildren(a.children, b.children, sig);
  const prefix = `${pointer}/children/`;
  childOps(prefix, match, b, out);
  // In new order, so the patch reads top to bottom (any order would apply).
  const byNewIndex = match.pairs.toSorted((x, y) => x.newIndex - y.newIndex);
  for (const p of byNewIndex) {
    walk(prefix + p.newIndex, a.children[p.oldIndex], b.children[p.newIndex], out, sig);
  }
}

export function jsonPatchDiff(oldTree: Element, newTree: Element): PatchOperation[] {
  const out: PatchOperation[] = [];
  walk("", oldTree, newTree, out, signatures());
  return out;
}
