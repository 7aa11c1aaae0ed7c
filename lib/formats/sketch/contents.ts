// What boxes and keys carry besides labels: a text control's value inside its
// frame, and a keyed control's name beside its key, where there is room.

import { rectWidth } from "./geometry.ts";
import { displayValue, shortened } from "./labels.ts";
import { widestRoom } from "./labelling.ts";
import { interior, type Placement } from "./placement.ts";
import type { Item } from "./scene.ts";
import { cellText, codePoints } from "./text.ts";
import { wrap } from "./wrap.ts";

/** A value's lines, each wrapped to the width (a document keeps its line structure). */
function valueLines(el: Item["element"], width: number): string[] {
  const text = el.value ?? el.text ?? "";
  return text.split(/\r\n|[\n\r\u2028\u2029]/).flatMap((line) =>
    line.trim() === "" ? [] : wrap(cellText(line), width)
  );
}

/** The value of a control in a box, wrapped below its label; the last row shown ends in `…` if more follows. */
export function placeValue(p: Placement, item: Item): void {
  const value = displayValue(item.element);
  const label = p.labels.get(item.id);
  if (!item.box || item.container || value === "" || label === undefined) return;
  const inner = interior(item.rect);
  const lines = valueLines(item.element, rectWidth(inner));
  for (let row = label.row + 1, i = 0; row <= inner.bottom && i < lines.length; row++, i++) {
    const text = codePoints(lines[i]);
    const more = row === inner.bottom && i < lines.length - 1;
    const shown = more ? [...text.slice(0, rectWidth(inner) - 1), "…"] : text;
    if (p.canvas.fitsText(row, inner.left, shown.length)) {
      p.write(item.id, { row, column: inner.left }, shown);
    }
  }
}

/**
 * A keyed control's name right of its key, for a person reading: whole, or
 * cut so that plainly (five characters or more go) it is not the name.
 */
export function placeHint(p: Placement, item: Item): void {
  const cell = p.keyCells.get(item.id);
  const name = codePoints(item.name);
  if (cell === undefined || name.length === 0 || p.labels.has(item.id)) return;
  const [row, column] = p.rowColumn(cell);
  const room = { ...item.rect, left: column + 2, top: row, bottom: row };
  const [start, width] = widestRoom(p, room, row);
  const text = name.length <= width ? name : shortened(name.slice(0, -2), width);
  if (start === column + 2 && text !== null) p.write(item.id, { row, column: start }, text);
}
