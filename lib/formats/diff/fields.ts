// Which node fields a diff compares, in the order changes list them.

import { type Bounds, type Element, PLATFORM_DETAIL, sameBounds } from "../../model/tree.ts";

type FieldKey = Exclude<keyof Element, "children">;

/**
 * The basic element fields first, then the state an agent also needs to see,
 * then the platform detail.
 */
const REPORTED: readonly FieldKey[] = [
  "name",
  "role",
  "value",
  "enabled",
  "keyboard_shortcut",
  "description",
  "bounds",
  "focused",
  "selected",
  "expanded",
  "value_now",
  "value_min",
  "value_max",
  "identifier",
  ...PLATFORM_DETAIL,
];

/** Fields holding objects or arrays, compared by content. */
const STRUCTURED = new Set<FieldKey>(["states", "attributes", "actions", "interfaces"]);

/** The custom format leaves out the positional id: it changes whenever a sibling is inserted. */
export const CUSTOM_FIELDS: readonly FieldKey[] = REPORTED;

/** A JSON Patch must reproduce the new tree exactly, so it covers every key of a node. */
export const PATCH_FIELDS: readonly FieldKey[] = ["id", ...REPORTED, "truncated", "child_count"];

export function sameField(a: Element, b: Element, key: FieldKey): boolean {
  const av = a[key];
  const bv = b[key];
  if (av === bv) return true;
  if (key === "bounds") return sameBounds(av as Bounds, bv as Bounds);
  if (STRUCTURED.has(key) && av !== undefined && bv !== undefined) {
    return JSON.stringify(av) === JSON.stringify(bv);
  }
  return false;
}

export type { FieldKey };
