// The order items are placed in, and what kind of thing each one is on the grid.

import { rectWidth } from "./geometry.ts";
import { type Item, Rank } from "./scene.ts";

/** Needed controls first; among equals the narrower (fewer places to go) first. */
export function byPriority(a: Item, b: Item): number {
  return a.rank - b.rank || rectWidth(a.rect) - rectWidth(b.rect) || a.id - b.id;
}

export function isControl(item: Item): boolean {
  return item.rank <= Rank.control;
}

/** Items labelled inline or inside their frame; containers carry a title, thin items a key. */
export function isLabelled(item: Item): boolean {
  return !(item.box && item.container) && !item.pair && item.point === undefined;
}
