// The check an agent's lookup makes: a control shown by its label alone must
// have that name exactly once on the grid, inside it; otherwise it gets a key.

import { placeHint } from "./contents.ts";
import type { Placement } from "./placement.ts";
import { isControl } from "./ranking.ts";
import type { Item } from "./scene.ts";
import { codePoints } from "./text.ts";

/** The single place `needle` occurs in the grid rows as [row, column], or null (none or several). */
function soleOccurrence(rows: readonly string[], needle: string): [number, number] | null {
  let found: [number, number] | null = null;
  for (let r = 0; r < rows.length; r++) {
    for (let at = rows[r].indexOf(needle); at >= 0; at = rows[r].indexOf(needle, at + 1)) {
      if (found !== null) return null;
      found = [r, codePoints(rows[r].slice(0, at)).length];
    }
  }
  return found;
}

/** Whether an agent finds the item by its name: exactly once on the grid, inside it. */
function findableByName(p: Placement, item: Item, rows: readonly string[]): boolean {
  const { name, bounds } = item.element;
  const needle = name.trim();
  if (needle === "") return false;
  const found = soleOccurrence(rows, needle);
  return found !== null &&
    p.geometry.middleInside(bounds, found[0], found[1], codePoints(needle).length);
}

/** A key for every labelled control an agent would not find by its name alone. */
export function keyUnfindable(p: Placement, ordered: readonly Item[]): void {
  const rows = p.canvas.rows();
  for (const item of ordered) {
    if (!isControl(item) || p.keyCells.has(item.id) || !p.labels.has(item.id)) continue;
    if (findableByName(p, item, rows)) continue;
    if (p.addKey(item)) continue;
    // No room for a key beside the label: the key takes the label's cells, the name what is left.
    p.eraseTexts(item);
    if (p.addKey(item)) placeHint(p, item);
  }
}
