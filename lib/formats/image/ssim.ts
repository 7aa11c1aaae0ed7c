// Structural similarity (Wang, Bovik, Sheikh & Simoncelli 2004) of two
// same-sized images, compared as grayscale: the mean over every 8×8 window
// (stride 1) of
//   ((2·μx·μy + C1)(2·σxy + C2)) / ((μx² + μy² + C1)(σx² + σy² + C2))
// with C1 = (0.01·255)², C2 = (0.03·255)² and sample (co)variances.
// Window sums come from summed-area tables, so the cost is linear in pixels.
// Images smaller than a window are compared as one window.

import type { RawImage } from "../../model/image.ts";
import { toGrayscale } from "./raster.ts";

const WINDOW = 8;
const C1 = (0.01 * 255) ** 2;
const C2 = (0.03 * 255) ** 2;

/** Summed-area table with a zero first row and column: (w+1)×(h+1). */
function integral(
  width: number,
  height: number,
  at: (i: number) => number,
): Float64Array {
  const stride = width + 1;
  const table = new Float64Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    for (let x = 0; x < width; x++) {
      row += at(y * width + x);
      table[(y + 1) * stride + x + 1] = table[y * stride + x + 1] + row;
    }
  }
  return table;
}

function luma(img: RawImage): Float64Array {
  const gray = toGrayscale(img).data;
  const out = new Float64Array(img.width * img.height);
  for (let i = 0; i < out.length; i++) out[i] = gray[i * 4];
  return out;
}

export function ssim(a: RawImage, b: RawImage): number {
  if (a.width !== b.width || a.height !== b.height) {
    throw new RangeError(
      `ssim needs images of one size, got ${a.width}×${a.height} and ${b.width}×${b.height}`,
    );
  }
  const { width, height } = a;
  if (width === 0 || height === 0) return 1;
  const x = luma(a);
  const y = luma(b);
  const sx = integral(width, height, (i) => x[i]);
  const sy = integral(width, height, (i) => y[i]);
  const sxx = integral(width, height, (i) => x[i] * x[i]);
  const syy = integral(width, height, (i) => y[i] * y[i]);
  const sxy = integral(width, height, (i) => x[i] * y[i]);
  const ww = Math.min(WINDOW, width);
  const wh = Math.min(WINDOW, height);
  const n = ww * wh;
  const stride = width + 1;
  const box = (t: Float64Array, x0: number, y0: number) =>
    t[(y0 + wh) * stride + x0 + ww] - t[y0 * stride + x0 + ww] - t[(y0 + wh) * stride + x0] +
    t[y0 * stride + x0];
  // A single-pixel window has no sample variance; treat it as zero.
  const dof = Math.max(1, n - 1);
  let total = 0;
  let windows = 0;
  for (let y0 = 0; y0 + wh <= height; y0++) {
    for (let x0 = 0; x0 + ww <= width; x0++) {
      const ax = box(sx, x0, y0);
      const ay = box(sy, x0, y0);
      const mx = ax / n;
      const my = ay / n;
      const vx = (box(sxx, x0, y0) - ax * mx) / dof;
      const vy = (box(syy, x0, y0) - ay * my) / dof;
      const cxy = (box(sxy, x0, y0) - ax * my) / dof;
      total += ((2 * mx * my + C1) * (2 * cxy + C2)) /
        ((mx * mx + my * my + C1) * (vx + vy + C2));
      windows++;
    }
  }
  return total / windows;
}
