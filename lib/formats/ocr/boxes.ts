// Boxes that may hold a line of text on their own (pure): areas of one flat
// colour the size of a button, a tab or a highlighted cell. Tesseract's page
// layout often drops such islands (light text on a small dark button inside a
// light dialog); read one by one, each is a single line it reads well.

import type { RawImage } from "../../model/image.ts";
import type { Bounds } from "../../model/tree.ts";

/** Colours closer than this (per channel) count as the same flat colour. */
const SAME = 6;
const MIN_HEIGHT = 10;
const MAX_HEIGHT = 80;
const MIN_WIDTH = 12;
/** A box covering more of the image than this is a background, not a control. */
const MAX_SHARE = 0.25;
/** Share of the box's rectangle its colour must fill (the rest is the text on it). */
const MIN_FILL = 0.55;

/** Flat-colour boxes of control size, largest first, at most `limit`. */
export function textBoxes(image: RawImage, limit: number): Bounds[] {
  const { width, height, data } = image;
  const parent = new Int32Array(width * height);
  for (let i = 0; i < parent.length; i++) parent[i] = i;
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]];
      i = parent[i];
    }
    return i;
  };
  const same = (a: number, b: number) =>
    Math.abs(data[a * 4] - data[b * 4]) <= SAME &&
    Math.abs(data[a * 4 + 1] - data[b * 4 + 1]) <= SAME &&
    Math.abs(data[a * 4 + 2] - data[b * 4 + 2]) <= SAME;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      if (x > 0 && same(i, i - 1)) parent[find(i)] = find(i - 1);
      if (y > 0 && same(i, i - width)) parent[find(i)] = find(i - width);
    }
  }
  const boxes = new Map<number, { x0: number; y0: number; x1: number; y1: number; n: number }>();
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const root = find(y * width + x);
      const box = boxes.get(root);
      if (!box) boxes.set(root, { x0: x, y0: y, x1: x, y1: y, n: 1 });
      else {
        box.x0 = Math.min(box.x0, x);
        box.y0 = Math.min(box.y0, y);
        box.x1 = Math.max(box.x1, x);
        box.y1 = Math.max(box.y1, y);
        box.n++;
      }
    }
  }
  const found: Bounds[] = [];
  for (const b of boxes.values()) {
    const w = b.x1 - b.x0 + 1;
    const h = b.y1 - b.y0 + 1;
    if (h < MIN_HEIGHT || h > MAX_HEIGHT || w < MIN_WIDTH || w < h) continue;
    if (w * h > MAX_SHARE * width * height) continue;
    const fill = b.n / (w * h);
    // A flat area with nothing on it holds no text.
    if (fill < MIN_FILL || fill > 0.98) continue;
    found.push({ x: b.x0, y: b.y0, width: w, height: h });
  }
  return found.sort((a, b) => b.width * b.height - a.width * a.height).slice(0, limit);
}
