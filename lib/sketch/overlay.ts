// Pass 3 of the sketch (ascii-sketch.md §7): OCR lines written over the boxes.

import type { Bounds } from "../core/tree.ts";
import type { CoordinateMap, Grid } from "./grid.ts";
import { cellText, codePoints } from "./text.ts";

/** One OCR line in window-relative pixels (already scaled back to the screenshot). */
export interface OcrLine {
  text: string;
  confidence: number;
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Writes each line at its mapped position. A cell takes OCR text unless it is a
 * border glyph or holds OCR text of equal or higher confidence; everything the
 * boxes wrote counts as confidence 0, so OCR wins over labels.
 */
export function overlayOcrLines(
  grid: Grid,
  map: CoordinateMap,
  ref: Bounds,
  lines: readonly OcrLine[],
): void {
  const confidence = Array.from({ length: grid.height }, () => Array(grid.width).fill(0));
  for (const line of lines) {
    const x = line.left + ref.x;
    const start = map.column(x);
    const end = map.column(x + Math.max(line.width, 1));
    const row = map.row(line.top + ref.y + Math.floor(line.height / 2));
    const text = codePoints(cellText(line.text)).slice(0, Math.max(1, end - start + 1));
    text.forEach((ch, i) => {
      const col = start + i;
      if (!grid.isInside(row, col) || grid.isBorder(row, col)) return;
      if (grid.at(row, col) !== " " && confidence[row][col] >= line.confidence) return;
      grid.put(row, col, ch);
      confidence[row][col] = line.confidence;
    });
  }
}
