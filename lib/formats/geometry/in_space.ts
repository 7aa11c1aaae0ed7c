// Results that carry screen coordinates, answered in a coordinate space
// (issue 45, coordinate_space.ts): trees, and the boxes and points of windows,
// monitors, marks, OCR words and receipts. A box maps corner to corner, so
// the centre of a mapped box maps back to the box's centre on the screen. In
// the screen space every function answers the very value it was given (no
// copy: an unchanged observation stays the object served before). Pure.

import type { Bounds, Element } from "../../model/tree.ts";
import type { Point } from "../image/crop.ts";
import { boxFromScreen, fromScreen, type SpaceMapping, spaceName } from "./coordinate_space.ts";

/**
 * What tells one mapping from another, for memories of mapped views: the
 * space and its frame; "" for the screen, so keys made before spaces existed
 * stay as they were.
 */
export function mappingKey(mapping: SpaceMapping): string {
  if (!("frame" in mapping)) return "";
  const { x, y, width, height } = mapping.frame;
  return ` ${spaceName(mapping.space)}@${x},${y},${width},${height}`;
}

/** `tree` with every node's bounds in the space; its other fields are shared, never changed. */
export function treeInSpace(tree: Element, mapping: SpaceMapping): Element {
  if (!("frame" in mapping)) return tree;
  const inSpace = (node: Element): Element => ({
    ...node,
    bounds: boxFromScreen(mapping, node.bounds),
    children: node.children.map(inSpace),
  });
  return inSpace(tree);
}

const isNumber = (v: unknown) => typeof v === "number" && Number.isFinite(v);

function isPoint(value: unknown): value is Point {
  if (typeof value !== "object" || value === null) return false;
  const p = value as Record<string, unknown>;
  return isNumber(p.x) && isNumber(p.y);
}

function isBox(value: unknown): value is Bounds {
  const b = value as Record<string, unknown>;
  return isPoint(value) && isNumber(b.width) && isNumber(b.height);
}

/**
 * `item` with the boxes ({x, y, width, height}) and points ({x, y}) under
 * `keys` in the space; other fields, and keys holding neither (null, absent),
 * as they are.
 */
export function placesInSpace<T extends object>(
  item: T,
  keys: ReadonlyArray<keyof T & string>,
  mapping: SpaceMapping,
): T {
  if (!("frame" in mapping)) return item;
  const out = { ...item } as Record<string, unknown>;
  for (const key of keys) {
    const value = out[key];
    if (isBox(value)) out[key] = boxFromScreen(mapping, value);
    else if (isPoint(value)) out[key] = fromScreen(mapping, value);
  }
  return out as T;
}

/** Each item as `placesInSpace` answers it; in the screen space the very array. */
export function allPlacesInSpace<T extends object>(
  items: T[],
  keys: ReadonlyArray<keyof T & string>,
  mapping: SpaceMapping,
): T[] {
  return "frame" in mapping ? items.map((item) => placesInSpace(item, keys, mapping)) : items;
}
