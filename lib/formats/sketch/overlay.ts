// OCR lines (precomputed by the caller) written where the grid is still blank:
// they fill in what the accessibility tree does not name, never over a label.

import type { Canvas } from "./canvas.ts";
import type { GridGeometry } from "./geometry.ts";
import type { Glyphs } from "./glyphs.ts";
import { shortened } from "./labels.ts";
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

/** The line's text as long as fits from its first cell, cut with an ellipsis when it must be. */
function fitting(canvas: Canvas, row: number, column: number, text: string[]): string[] | null {
  if (canvas.fitsText(row, column, text.length)) return text;
  for (let width = text.length - 1; width >= 3; width--) {
    const cut = shortened(text, width);
    if (cut !== null && canvas.fitsText(row, column, cut.length)) return cut;
  }
  return null;
}

/** Writes each line, most confident first, at its mapped position where it fits. */
export function overlayOcrLines(
  canvas: Canvas,
  geometry: GridGeometry,
  lines: readonly OcrLine[],
  glyphs: Glyphs,
): void {
  const { ref } = geometry;
  const byConfidence = [...lines].sort((a, b) => b.confidence - a.confidence);
  for (const line of byConfidence) {
    const start = geometry.columnOf(ref.x + line.left);
    const end = geometry.columnOf(ref.x + line.left + Math.max(line.width, 1));
    const row = geometry.rowOf(ref.y + line.top + Math.floor(line.height / 2));
    const text = codePoints(cellText(line.text).trim()).slice(0, Math.max(1, end - start + 1));
    const shown = text.length === 0 ? null : fitting(canvas, row, start, text);
    if (shown !== null) canvas.writeText(row, start, shown.map(glyphs.cell), -1);
  }
}
