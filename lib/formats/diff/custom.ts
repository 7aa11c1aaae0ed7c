// The custom diff format: child-index paths joined by "/", root "". Records
// per node: one `replace` with every changed field's new value, then per
// matched child (old order) a `move` when it left its siblings' order and its
// own records, then `remove`s (old indices), then `add`s (new indices).
// Nested records use the new parent path.

import type { Element } from "../../model/tree.ts";
import { CUSTOM_FIELDS, sameField } from "./fields.ts";
import { matchChildren } from "./match.ts";
import { type Signatures, signatures } from "./signature.ts";

export type CustomChange =
  | { op: "replace"; path: string; fields: Record<string, unknown> }
  | { op: "remove"; path: string }
  | { op: "add"; path: string; node: Element }
  | { op: "move"; from: string; to: string };

function join(path: string, index: number): string {
  return path === "" ? String(index) : `${path}/${index}`;
}

function changedFields(a: Element, b: Element): Record<string, unknown> | null {
  let fields: Record<string, unknown> | null = null;
  for (const key of CUSTOM_FIELDS) {
    if (!sameField(a, b, key)) (fields ??= {})[key] = b[key] ?? null;
  }
  return fields;
}

function walk(path: string, a: Element, b: Element, out: CustomChange[], sig: Signatures): void {
  // Captures are never modified, so a shared subtree (a tree served from the cache) is unchanged.
  if (a === b) return;
  const fields = changedFields(a, b);
  if (fields) out.push({ op: "replace", path, fields });
  if (a.children.length === 0 && b.children.length === 0) return;
  const { pairs, removed, added } = matchChildren(a.children, b.children, sig);
  for (const p of pairs) {
    const to = join(path, p.newIndex);
    if (p.moved) out.push({ op: "move", from: join(path, p.oldIndex), to });
    walk(to, a.children[p.oldIndex], b.children[p.newIndex], out, sig);
  }
  for (const i of removed) out.push({ op: "remove", path: join(path, i) });
  for (const j of added) out.push({ op: "add", path: join(path, j), node: b.children[j] });
}

export function customDiff(oldTree: Element, newTree: Element): CustomChange[] {
  const out: CustomChange[] = [];
  walk("", oldTree, newTree, out, signatures());
  return out;
}
