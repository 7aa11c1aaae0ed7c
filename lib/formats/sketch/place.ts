// Where a text fits: free cells on one row, flanked by blanks, and placed so
// that the middle of the element's name (or of the whole text) maps back
// inside the element. Tries the preferred rows first, and on each row the
// start columns nearest the preferred one.

import type { Bounds } from "../../model/tree.ts";
import type { Canvas } from "./canvas.ts";
import type { CellRect, GridGeometry } from "./geometry.ts";
import type { LabelText } from "./labels.ts";

export interface Spot {
  row: number;
  column: number;
}

export interface TextRequest {
  label: LabelText;
  /** The element: the middle of the name (or of the text) must fall inside it. */
  bounds: Bounds;
  /** The text's own cells; it (and the blank on each side) may reach beyond them where `mayUse` allows. */
  rect: CellRect;
  rows: readonly number[];
  /** The start column to aim for. */
  aim: number;
  mayUse: (row: number, column: number) => boolean;
}

function anchor(label: LabelText): [number, number] {
  return label.nameAt === null || label.nameLength === 0
    ? [0, label.text.length]
    : [label.nameAt, label.nameLength];
}

/** Free cells, and outside the item's own only where allowed, its blank flanks included. */
function fits(canvas: Canvas, request: TextRequest, row: number, start: number): boolean {
  const { rect, mayUse } = request;
  const length = request.label.text.length;
  if (!canvas.fitsText(row, start, length)) return false;
  for (let c = Math.max(start - 1, 0); c <= Math.min(start + length, canvas.width - 1); c++) {
    if ((c < rect.left || c > rect.right) && !mayUse(row, c)) return false;
  }
  return true;
}

/** The best spot for the text, or null when it fits nowhere. */
export function findSpot(
  canvas: Canvas,
  geometry: GridGeometry,
  request: TextRequest,
): Spot | null {
  const length = request.label.text.length;
  if (length === 0) return null;
  const [offset, span] = anchor(request.label);
  const first = request.rect.left - length + 1;
  const last = request.rect.right;
  const { bounds } = request;
  for (const row of request.rows) {
    const y = geometry.screenY(row + 0.5);
    if (y < bounds.y || y >= bounds.y + bounds.height) continue;
    const aim = Math.min(Math.max(request.aim, first), last);
    for (let step = 0; aim - step >= first || aim + step <= last; step++) {
      for (const start of step === 0 ? [aim] : [aim + step, aim - step]) {
        if (start < first || start > last) continue;
        const x = geometry.screenX(start + offset + span / 2);
        if (x < bounds.x || x >= bounds.x + bounds.width) continue;
        if (fits(canvas, request, row, start)) return { row, column: start };
      }
    }
  }
  return null;
}

/** The rect's rows, the middle one first, then outwards (upper first on ties). */
export function rowsFromMiddle(top: number, bottom: number): number[] {
  const middle = Math.floor((top + bottom) / 2);
  const rows: number[] = [];
  for (let step = 0; rows.length < bottom - top + 1; step++) {
    if (middle - step >= top && step > 0) rows.push(middle - step);
    if (middle + step <= bottom) rows.push(middle + step);
  }
  return rows;
}
