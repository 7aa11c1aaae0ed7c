// Drawing and resampling on RawImage (RGBA, row-major). Every operation
// clips to the image, so callers can pass boxes that are partly or wholly off
// the image, negative or fractional; nothing here throws on geometry.

import type { RawImage } from "../../model/image.ts";
import type { Bounds } from "../../model/tree.ts";
import { ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, glyphMask } from "./font.ts";

export type Rgb = readonly [r: number, g: number, b: number];

/** "#1a1e2e" or "1a1e2e" → [0x1a, 0x1e, 0x2e]. */
export function hexColor(hex: string): Rgb {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) throw new Error(`not a #rrggbb colour: ${hex}`);
  return [parseInt(m[1], 16), parseInt(m[2], 16), parseInt(m[3], 16)];
}

/** An opaque image filled with one colour (negative or fractional sizes round down to ≥ 0). */
export function createImage(width: number, height: number, rgb: Rgb): RawImage {
  const w = Math.max(0, Math.floor(width) || 0);
  const h = Math.max(0, Math.floor(height) || 0);
  const img = { width: w, height: h, data: new Uint8Array(w * h * 4) };
  fillRect(img, { x: 0, y: 0, width: w, height: h }, rgb);
  return img;
}

/** Pixel edges [x0, x1) × [y0, y1) of `rect` inside the image (and `within`), or null if none. */
function edges(
  img: RawImage,
  rect: Bounds,
  within?: Bounds,
): { x0: number; y0: number; x1: number; y1: number } | null {
  let x0 = Math.max(Math.floor(rect.x), 0);
  let y0 = Math.max(Math.floor(rect.y), 0);
  let x1 = Math.min(Math.floor(rect.x + rect.width), img.width);
  let y1 = Math.min(Math.floor(rect.y + rect.height), img.height);
  if (within) {
    x0 = Math.max(x0, Math.floor(within.x));
    y0 = Math.max(y0, Math.floor(within.y));
    x1 = Math.min(x1, Math.floor(within.x + within.width));
    y1 = Math.min(y1, Math.floor(within.y + within.height));
  }
  // Comparisons with NaN are false, so a NaN box comes out as null too.
  return x1 > x0 && y1 > y0 ? { x0, y0, x1, y1 } : null;
}

/** Fills `rect` with an opaque colour, clipped to the image and to `within` when given. */
export function fillRect(img: RawImage, rect: Bounds, rgb: Rgb, within?: Bounds): void {
  const box = edges(img, rect, within);
  if (!box) return;
  const { data, width } = img;
  const rowStart = (box.y0 * width + box.x0) * 4;
  const rowBytes = (box.x1 - box.x0) * 4;
  for (let i = rowStart; i < rowStart + rowBytes; i += 4) {
    data[i] = rgb[0];
    data[i + 1] = rgb[1];
    data[i + 2] = rgb[2];
    data[i + 3] = 255;
  }
  // Paint one row by hand, then copy it: much faster than per-pixel writes.
  for (let y = box.y0 + 1; y < box.y1; y++) {
    data.copyWithin((y * width + box.x0) * 4, rowStart, rowStart + rowBytes);
  }
}

/** A border `thickness` px wide drawn inside `rect` (never outside it, however thick). */
export function strokeRect(img: RawImage, rect: Bounds, rgb: Rgb, thickness = 1): void {
  const { x, y, width: w, height: h } = rect;
  const tx = Math.min(Math.max(1, Math.floor(thickness)), w);
  const ty = Math.min(Math.max(1, Math.floor(thickness)), h);
  fillRect(img, { x, y, width: w, height: ty }, rgb);
  fillRect(img, { x, y: y + h - ty, width: w, height: ty }, rgb);
  fillRect(img, { x, y, width: tx, height: h }, rgb);
  fillRect(img, { x: x + w - tx, y, width: tx, height: h }, rgb);
}

/** Width in pixels of one line of text: from the first glyph's left to the last glyph's right. */
export function textWidth(text: string, scale = 1): number {
  const n = [...text].length;
  return n === 0 ? 0 : (n * ADVANCE - (ADVANCE - GLYPH_WIDTH)) * scale;
}

/** Height in pixels of one text cell (capitals plus descenders). */
export function textHeight(scale = 1): number {
  return GLYPH_HEIGHT * scale;
}

/**
 * Draws one line of text with its cell's top-left at (x, y), each font pixel
 * scaled up `scale` times (see glyphMask for the smoothing). Ink outside `within` (and the image) is
 * dropped. Returns the x where a following glyph would start.
 */
export function drawText(
  img: RawImage,
  x: number,
  y: number,
  text: string,
  rgb: Rgb,
  scale = 1,
  within?: Bounds,
): number {
  const s = Math.max(1, Math.floor(scale));
  const width = GLYPH_WIDTH * s;
  let penX = Math.floor(x);
  const top = Math.floor(y);
  for (const ch of text) {
    const mask = glyphMask(ch, s);
    // Fill each horizontal run of ink in one call.
    for (let row = 0; row < GLYPH_HEIGHT * s; row++) {
      for (let col = 0; col < width; col++) {
        if (!mask[row * width + col]) continue;
        const start = col;
        while (col < width && mask[row * width + col]) col++;
        fillRect(
          img,
          { x: penX + start, y: top + row, width: col - start, height: 1 },
          rgb,
          within,
        );
      }
    }
    penX += ADVANCE * s;
  }
  return penX;
}

/** Copies `src` onto `dst` with its top-left at (x, y), clipped to `dst`. Alpha is copied, not blended. */
export function blit(dst: RawImage, src: RawImage, x: number, y: number): void {
  const ox = Math.floor(x);
  const oy = Math.floor(y);
  const box = edges(dst, { x: ox, y: oy, width: src.width, height: src.height });
  if (!box) return;
  const rowBytes = (box.x1 - box.x0) * 4;
  for (let dy = box.y0; dy < box.y1; dy++) {
    const from = ((dy - oy) * src.width + (box.x0 - ox)) * 4;
    dst.data.set(src.data.subarray(from, from + rowBytes), (dy * dst.width + box.x0) * 4);
  }
}

/** The part of the image inside `rect`; a box off the image gives a 0×0 image. */
export function crop(img: RawImage, rect: Bounds): RawImage {
  const box = edges(img, rect);
  if (!box) return { width: 0, height: 0, data: new Uint8Array(0) };
  const out = createImage(box.x1 - box.x0, box.y1 - box.y0, [0, 0, 0]);
  blit(out, img, -box.x0, -box.y0);
  return out;
}

/**
 * For each destination index along one axis: the source indices it reads and
 * their weights. Shrinking averages the covered source span (area filter, so
 * thin lines and text do not alias away); enlarging interpolates linearly
 * between the two nearest source pixel centres.
 */
function axisTaps(src: number, dst: number): Array<Array<[index: number, weight: number]>> {
  const ratio = src / dst;
  const taps: Array<Array<[number, number]>> = [];
  for (let i = 0; i < dst; i++) {
    if (ratio > 1) {
      const lo = i * ratio;
      const hi = lo + ratio;
      const span: Array<[number, number]> = [];
      for (let j = Math.floor(lo); j < Math.min(src, Math.ceil(hi)); j++) {
        span.push([j, (Math.min(hi, j + 1) - Math.max(lo, j)) / ratio]);
      }
      taps.push(span);
    } else {
      const centre = Math.min(src - 1, Math.max(0, (i + 0.5) * ratio - 0.5));
      const j = Math.floor(centre);
      const f = centre - j;
      taps.push([[j, 1 - f], [Math.min(src - 1, j + 1), f]]);
    }
  }
  return taps;
}

/** Resamples to width×height (area average when shrinking, bilinear when enlarging), per channel. */
export function scaleTo(img: RawImage, width: number, height: number): RawImage {
  const w = Math.max(0, Math.floor(width) || 0);
  const h = Math.max(0, Math.floor(height) || 0);
  const out = { width: w, height: h, data: new Uint8Array(w * h * 4) };
  if (img.width === 0 || img.height === 0 || w === 0 || h === 0) return out;
  // Separable: rows first into a float buffer, then columns.
  const xTaps = axisTaps(img.width, w);
  const tmp = new Float32Array(w * img.height * 4);
  for (let y = 0; y < img.height; y++) {
    const srcRow = y * img.width * 4;
    for (let x = 0; x < w; x++) {
      const o = (y * w + x) * 4;
      for (const [j, wt] of xTaps[x]) {
        const s = srcRow + j * 4;
        tmp[o] += img.data[s] * wt;
        tmp[o + 1] += img.data[s + 1] * wt;
        tmp[o + 2] += img.data[s + 2] * wt;
        tmp[o + 3] += img.data[s + 3] * wt;
      }
    }
  }
  const yTaps = axisTaps(img.height, h);
  const acc = new Float32Array(w * 4);
  for (let y = 0; y < h; y++) {
    acc.fill(0);
    for (const [j, wt] of yTaps[y]) {
      const row = j * w * 4;
      for (let i = 0; i < acc.length; i++) acc[i] += tmp[row + i] * wt;
    }
    const o = y * w * 4;
    for (let i = 0; i < acc.length; i++) out.data[o + i] = Math.min(255, Math.round(acc[i]));
  }
  return out;
}

/** Luma (ITU-R BT.601 weights) in R, G and B; alpha kept. */
export function toGrayscale(img: RawImage): RawImage {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i += 4) {
    const y = (299 * img.data[i] + 587 * img.data[i + 1] + 114 * img.data[i + 2] + 500) / 1000;
    data[i] = data[i + 1] = data[i + 2] = y;
    data[i + 3] = img.data[i + 3];
  }
  return { width: img.width, height: img.height, data };
}

/**
 * Stretches each colour channel so its darkest kept value becomes 0 and its
 * brightest 255, ignoring `cutoffPercent` % of the pixels at each end (OCR
 * preprocessing: faint UI text gets full contrast). Alpha is kept.
 */
export function autoContrast(img: RawImage, cutoffPercent = 0): RawImage {
  const data = new Uint8Array(img.data);
  const pixels = img.width * img.height;
  const cut = Math.floor((pixels * Math.max(0, Math.min(50, cutoffPercent))) / 100);
  for (let c = 0; c < 3; c++) {
    const hist = new Uint32Array(256);
    for (let i = c; i < data.length; i += 4) hist[data[i]]++;
    let lo = 0;
    for (let seen = 0; lo < 255 && seen + hist[lo] <= cut; lo++) seen += hist[lo];
    let hi = 255;
    for (let seen = 0; hi > 0 && seen + hist[hi] <= cut; hi--) seen += hist[hi];
    if (hi <= lo) continue; // one flat colour: nothing to stretch
    const lut = new Uint8Array(256);
    for (let v = 0; v < 256; v++) {
      lut[v] = Math.max(0, Math.min(255, Math.round(((v - lo) * 255) / (hi - lo))));
    }
    for (let i = c; i < data.length; i += 4) data[i] = lut[data[i]];
  }
  return { width: img.width, height: img.height, data };
}
