// The last strokes: the focus mark, the box frames around everything, and
// the key characters, chosen once the rest of the grid is known.

import { Use } from "./canvas.ts";
import { chooseKeys, type KeyCell, symbolPool } from "./keys.ts";
import type { Placement } from "./placement.ts";
import { type Item, Rank } from "./scene.ts";
import { codePoints } from "./text.ts";

export interface PlacedKey {
  key: string;
  row: number;
  column: number;
}

/**
 * `●` just before the focused element's label or key (after it when that cell
 * is taken); a title, which starts with a blank of its own, takes it there.
 */
export function markFocus(p: Placement, items: readonly Item[]): void {
  const glyph = p.options.glyphs.cell("●");
  for (const item of items) {
    if (!item.element.focused) continue;
    const label = p.labels.get(item.id);
    const key = p.keyCells.get(item.id);
    if (label !== undefined && label.label.text[0] === " ") {
      p.canvas.putMark(label.row, label.column, glyph);
      continue;
    }
    const [row, column] = label !== undefined
      ? [label.row, label.column]
      : key !== undefined
      ? p.rowColumn(key)
      : [-1, -1];
    const length = label?.label.text.length ?? (item.pair ? 2 : 1);
    const spot = [column - 1, column + length].find((c) =>
      row >= 0 && p.canvas.isInside(row, c) && p.canvas.useAt(row, c) <= Use.border
    );
    if (spot !== undefined) p.canvas.putMark(row, spot, glyph);
  }
}

/** Frames on every cell no text, key or mark holds. */
export function drawFrames(p: Placement, items: readonly Item[]): void {
  const g = p.options.glyphs.cell;
  for (const item of items) {
    if (!item.box) continue;
    const { left, top, right, bottom } = item.rect;
    for (let c = left + 1; c < right; c++) {
      p.canvas.putBorder(top, c, g("─"));
      p.canvas.putBorder(bottom, c, g("─"));
    }
    for (let r = top + 1; r < bottom; r++) {
      p.canvas.putBorder(r, left, g("│"));
      p.canvas.putBorder(r, right, g("│"));
    }
    p.canvas.putBorder(top, left, g("┌"));
    p.canvas.putBorder(top, right, g("┐"));
    p.canvas.putBorder(bottom, left, g("└"));
    p.canvas.putBorder(bottom, right, g("┘"));
  }
}

/** Key characters in reading order; a key the pools ran out for leaves the grid. */
export function writeKeys(p: Placement, unicode: boolean): Map<number, PlacedKey> {
  let cells = [...p.keyCells].map(([item, cell]): KeyCell => {
    const [row, column] = p.rowColumn(cell);
    return { item, row, column, width: p.items[item].pair ? 2 : 1 };
  }).sort((a, b) => a.row - b.row || a.column - b.column);
  let chosen = chooseKeys(p.canvas, cells, symbolPool(unicode));
  const isNeeded = (cell: KeyCell) => p.items[cell.item].rank === Rank.needed;
  const needed = cells.filter(isNeeded);
  if (chosen.includes(null) && needed.length < cells.length) {
    // Too few characters (ASCII): keys for the needed controls alone, when
    // that gives more of them one than sharing with the other keyed items.
    const neededOnly = chooseKeys(p.canvas, needed, symbolPool(unicode));
    const keyed = (keys: Array<string | null>, of: KeyCell[]) =>
      of.filter((cell, i) => keys[i] !== null && isNeeded(cell)).length;
    if (keyed(neededOnly, needed) > keyed(chosen, cells)) {
      for (const cell of cells) if (!isNeeded(cell)) p.dropKey(p.items[cell.item]);
      cells = needed;
      chosen = neededOnly;
    }
  }
  const keys = new Map<number, PlacedKey>();
  cells.forEach(({ item, row, column }, i) => {
    const key = chosen[i];
    if (key === null) {
      p.dropKey(p.items[item]);
      return;
    }
    codePoints(key).forEach((ch, offset) => p.canvas.setKeyChar(row, column + offset, ch));
    keys.set(item, { key, row, column });
  });
  return keys;
}
