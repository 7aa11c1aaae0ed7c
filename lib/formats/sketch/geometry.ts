// Screen ↔ grid geometry. A cell stands for the screen point at its centre,
// mapped back exactly as an agent reading the sketch maps it: the grid
// position p (in cells, fractional) is the pixel floor(ref + p × extent / cells).
// An element owns the cells whose centre lies inside it, so clicking any of
// its cells, or the middle of a text written on them, clicks the element.

import { type Bounds, containsPoint, isEmptyBounds } from "../../model/tree.ts";

/** The sketch's reference rectangle: the window (or root) bounds, never empty. */
export function referenceRect(windowBounds: Bounds | null, rootBounds: Bounds): Bounds {
  const ref = windowBounds ?? rootBounds;
  if (!isEmptyBounds(ref)) return ref;
  return {
    x: rootBounds.x,
    y: rootBounds.y,
    width: Math.max(rootBounds.width, 1),
    height: Math.max(rootBounds.height, 1),
  };
}

/** Inclusive cell rectangle. */
export interface CellRect {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export function rectWidth(rect: CellRect): number {
  return rect.right - rect.left + 1;
}

export function rectHeight(rect: CellRect): number {
  return rect.bottom - rect.top + 1;
}

export class GridGeometry {
  constructor(readonly ref: Bounds, readonly width: number, readonly height: number) {}

  /** The screen x of a fractional grid column. */
  screenX(column: number): number {
    return Math.floor(this.ref.x + column * this.ref.width / this.width);
  }

  /** The screen y of a fractional grid row. */
  screenY(row: number): number {
    return Math.floor(this.ref.y + row * this.ref.height / this.height);
  }

  /** The cell column holding screen x, clamped to the grid. */
  columnOf(x: number): number {
    return clampCell(Math.floor((x - this.ref.x) * this.width / this.ref.width), this.width);
  }

  /** The cell row holding screen y, clamped to the grid. */
  rowOf(y: number): number {
    return clampCell(Math.floor((y - this.ref.y) * this.height / this.ref.height), this.height);
  }

  /** Whether a text of `length` cells starting at (row, column) has its middle inside `b`. */
  middleInside(b: Bounds, row: number, column: number, length: number): boolean {
    return containsPoint(b, this.screenX(column + length / 2), this.screenY(row + 0.5));
  }

  /** The cells whose centre lies inside `b`, or null when there is none. */
  clickCells(b: Bounds): CellRect | null {
    if (b.width <= 0 || b.height <= 0) return null;
    const columns = centredSpan(b.x, b.x + b.width, this.width, (c) => this.screenX(c + 0.5));
    const rows = centredSpan(b.y, b.y + b.height, this.height, (r) => this.screenY(r + 0.5));
    if (columns === null || rows === null) return null;
    return { left: columns[0], right: columns[1], top: rows[0], bottom: rows[1] };
  }

  /**
   * For an element too thin to hold a cell centre: two neighbouring cells
   * whose shared edge lies inside it (a two-character key there has its
   * middle inside), on the rows whose centre does; null when there is none.
   */
  straddlingCells(b: Bounds): CellRect | null {
    if (b.width <= 0 || b.height <= 0) return null;
    const rows = centredSpan(b.y, b.y + b.height, this.height, (r) => this.screenY(r + 0.5));
    const edges = centredSpan(b.x, b.x + b.width, this.width - 1, (k) => this.screenX(k + 1));
    if (rows === null || edges === null) return null;
    return { left: edges[0], right: edges[0] + 1, top: rows[0], bottom: rows[1] };
  }

  /** The cells `b` overlaps on the grid (clamped to it), or null when it has no area. */
  overlappedCells(b: Bounds): CellRect | null {
    if (b.width <= 0 || b.height <= 0) return null;
    const right = b.x + b.width - 1;
    const bottom = b.y + b.height - 1;
    if (right < this.ref.x || bottom < this.ref.y) return null;
    if (b.x >= this.ref.x + this.ref.width || b.y >= this.ref.y + this.ref.height) return null;
    return {
      left: this.columnOf(b.x),
      right: this.columnOf(right),
      top: this.rowOf(b.y),
      bottom: this.rowOf(bottom),
    };
  }
}

function clampCell(cell: number, cells: number): number {
  return Math.min(Math.max(cell, 0), cells - 1);
}

/** The first and last cell whose centre (a non-decreasing map) lies in [from, to). */
function centredSpan(
  from: number,
  to: number,
  cells: number,
  centre: (cell: number) => number,
): [number, number] | null {
  let low = 0;
  let high = cells;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (centre(mid) < from) low = mid + 1;
    else high = mid;
  }
  const first = low;
  high = cells;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (centre(mid) < to) low = mid + 1;
    else high = mid;
  }
  const last = low - 1;
  return first <= last ? [first, last] : null;
}
