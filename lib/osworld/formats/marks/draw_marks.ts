// Draws the marks on a screenshot as OSWorld's set-of-marks agents see them:
// a red box around each element and its number on a red tab at the box's
// top-left corner, white on red so it reads over any content.

import type { RawImage } from "../../../model/image.ts";
import {
  drawText,
  fillRect,
  type Rgb,
  strokeRect,
  textHeight,
  textWidth,
} from "../../../formats/image/raster.ts";
import type { Mark } from "./marks.ts";

const RED: Rgb = [230, 0, 0];
const WHITE: Rgb = [255, 255, 255];
const LABEL_PAD = 1;

/**
 * Draws in place. `origin` is the screen position of the image's top-left
 * pixel (marks are in screen coordinates).
 */
export function drawMarks(
  image: RawImage,
  marks: readonly Mark[],
  origin: { x: number; y: number },
): void {
  for (const mark of marks) {
    const box = { ...mark.bounds, x: mark.bounds.x - origin.x, y: mark.bounds.y - origin.y };
    strokeRect(image, box, RED, 2);
  }
  // Labels last, so a later box never crosses an earlier number.
  for (const mark of marks) {
    const label = String(mark.tag);
    const x = mark.bounds.x - origin.x;
    const y = mark.bounds.y - origin.y;
    const width = textWidth(label) + 2 * LABEL_PAD;
    const height = textHeight() + 2 * LABEL_PAD;
    fillRect(image, { x, y, width, height }, RED);
    drawText(image, x + LABEL_PAD, y + LABEL_PAD, label, WHITE);
  }
}
