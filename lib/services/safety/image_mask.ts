// Hides boxes of a screenshot: solid black, or pixelated in blocks coarse
// enough that no text survives (a soft blur can be read back; blocks of half
// the box height cannot). Pure; works on the adapter's raw RGBA pixels.

import type { RawImage } from "../../model/image.ts";
import type { Bounds } from "../../model/tree.ts";

export type MaskMode = "black" | "blur";

/** Masks `boxes` (screen coordinates) on `image`, whose top-left pixel is `origin` on screen. */
export function maskBoxes(
  image: RawImage,
  boxes: Bounds[],
  origin: { x: number; y: number },
  mode: MaskMode,
): RawImage {
  if (boxes.length === 0) return image;
  const data = new Uint8Array(image.data);
  // Black and averaged blocks come out the same in either pixel layout.
  const out = { ...image, data };
  for (const box of boxes) {
    const x0 = clamp(Math.floor(box.x - origin.x), image.width);
    const y0 = clamp(Math.floor(box.y - origin.y), image.height);
    const x1 = clamp(Math.ceil(box.x + box.width - origin.x), image.width);
    const y1 = clamp(Math.ceil(box.y + box.height - origin.y), image.height);
    if (x1 <= x0 || y1 <= y0) continue;
    if (mode === "black") fill(out, x0, y0, x1, y1);
    else pixelate(out, x0, y0, x1, y1, Math.max(8, Math.ceil((y1 - y0) / 2)));
  }
  return out;
}

function clamp(v: number, size: number): number {
  return Math.min(Math.max(v, 0), size);
}

function fill(image: RawImage, x0: number, y0: number, x1: number, y1: number): void {
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * image.width + x) * 4;
      image.data[i] = image.data[i + 1] = image.data[i + 2] = 0;
      image.data[i + 3] = 255;
    }
  }
}

/** Every block becomes its average colour. */
function pixelate(
  image: RawImage,
  x0: number,
  y0: number,
  x1: number,
  y1: number,
  block: number,
): void {
  for (let by = y0; by < y1; by += block) {
    for (let bx = x0; bx < x1; bx += block) {
      const ex = Math.min(bx + block, x1);
      const ey = Math.min(by + block, y1);
      const sum = [0, 0, 0];
      for (let y = by; y < ey; y++) {
        for (let x = bx; x < ex; x++) {
          const i = (y * image.width + x) * 4;
          for (let c = 0; c < 3; c++) sum[c] += image.data[i + c];
        }
      }
      const n = (ex - bx) * (ey - by);
      for (let y = by; y < ey; y++) {
        for (let x = bx; x < ex; x++) {
          const i = (y * image.width + x) * 4;
          for (let c = 0; c < 3; c++) image.data[i + c] = Math.round(sum[c] / n);
        }
      }
    }
  }
}
