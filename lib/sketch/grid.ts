// The character grid and the screen → grid coordinate mapping (ascii-sketch.md §2, §4.1, §8).

import { type Bounds, isEmptyBounds } from "../core/tree.ts";
import type { Glyphs } from "./glyphs.ts";
import { stripEnd } from "./text.ts";

/** The sketch's reference rectangle: the window (or root) bounds, never empty (§1). */
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

export interface CoordinateMap {
  column: (px: number) => number;
  row: (py: number) => number;
}

export function coordinateMap(ref: Bounds, gridWidth: number, gridHeight: number): CoordinateMap {
  const scale = (offset: number, cells: number, extent: number) =>
    Math.min(Math.max(Math.trunc(offset * cells / Math.max(extent, 1)), 0), cells - 1);
  return {
    column: (px) => scale(px - ref.x, gridWidth, ref.width),
    row: (py) => scale(py - ref.y, gridHeight, ref.height),
  };
}

/** Box-drawing code points; the grid stores them as the glyph set maps them. */
const BOX = { topLeft: "┌", topRight: "┐", bottomLeft: "└", bottomRight: "┘" };
const HORIZONTAL = "─";
const VERTICAL = "│";
const BORDER_CELLS: ReadonlySet<string> = new Set(Array.from("┌┐└┘─│+-|"));

/** Inclusive grid corners of a box: [gx1, gy1, gx2, gy2]. */
export type GridBox = [number, number, number, number];

export class Grid {
  readonly width: number;
  readonly height: number;
  readonly glyphs: Glyphs;
  private readonly cells: string[][];

  constructor(width: number, height: number, glyphs: Glyphs) {
    this.width = width;
    this.height = height;
    this.glyphs = glyphs;
    this.cells = Array.from({ length: height }, () => Array(width).fill(" "));
  }

  at(row: number, column: number): string {
    return this.cells[row][column];
  }

  isInside(row: number, column: number): boolean {
    return row >= 0 && row < this.height && column >= 0 && column < this.width;
  }

  isBorder(row: number, column: number): boolean {
    return BORDER_CELLS.has(this.cells[row][column]);
  }

  /** Writes one code point whatever the cell holds. */
  put(row: number, column: number, codePoint: string): void {
    if (this.isInside(row, column)) this.cells[row][column] = this.glyphs.cell(codePoint);
  }

  /** Writes `text` from `column` on, unconditionally. */
  overwrite(row: number, column: number, text: string): void {
    Array.from(text).forEach((ch, i) => this.put(row, column + i, ch));
  }

  /** The §4.3 "write": each code point lands only on a blank cell left of `endColumn`. */
  write(row: number, column: number, text: string, endColumn: number): void {
    Array.from(text).forEach((ch, i) => {
      const col = column + i;
      if (col < endColumn && this.isInside(row, col) && this.cells[row][col] === " ") {
        this.put(row, col, ch);
      }
    });
  }

  /** §4.1: corners unconditionally, edges only over blanks or the same edge glyph. */
  drawBox([x1, y1, x2, y2]: GridBox): void {
    this.put(y1, x1, BOX.topLeft);
    this.put(y1, x2, BOX.topRight);
    this.put(y2, x1, BOX.bottomLeft);
    this.put(y2, x2, BOX.bottomRight);
    for (let col = x1 + 1; col < x2; col++) {
      this.putEdge(y1, col, HORIZONTAL);
      this.putEdge(y2, col, HORIZONTAL);
    }
    for (let row = y1 + 1; row < y2; row++) {
      this.putEdge(row, x1, VERTICAL);
      this.putEdge(row, x2, VERTICAL);
    }
  }

  private putEdge(row: number, column: number, edge: string): void {
    if (!this.isInside(row, column)) return;
    const current = this.cells[row][column];
    if (current === " " || current === this.glyphs.cell(edge)) this.put(row, column, edge);
  }

  /** §8 steps 1–3: right-trimmed rows without trailing empty rows, joined by `\n`. */
  toText(): string {
    const rows = this.cells.map((row) => stripEnd(row.join("")));
    while (rows.length > 0 && rows[rows.length - 1] === "") rows.pop();
    return rows.join("\n");
  }
}
