// drawCursor (lib/formats/image/cursor_overlay.ts) as a table: a 2×2 cursor
// of an opaque, a half-transparent, a transparent and a white pixel placed
// inside a 4×3 screen, cut at each edge, partly off the top-left and off the
// screen; in RGBA and in BGRX; drawn into the screen given.

import assert from "node:assert/strict";
import type { CursorImage, PixelLayout, RawImage } from "../../model/image.ts";
import { drawCursor } from "./cursor_overlay.ts";

const BACKGROUND = [10, 20, 30];
const RED = [255, 0, 0];
/** Green at alpha 128 over BACKGROUND: round((c·128 + b·127) / 255). */
const HALF_GREEN = [5, 138, 15];
const WHITE = [255, 255, 255];

function screen(layout: PixelLayout): RawImage {
  const data = new Uint8Array(4 * 3 * 4);
  const [r, g, b] = BACKGROUND;
  for (let i = 0; i < data.length; i += 4) {
    data.set(layout === "bgrx" ? [b, g, r, 0] : [r, g, b, 255], i);
  }
  return { width: 4, height: 3, data, layout };
}

function cursor(x: number, y: number): CursorImage {
  const rgba = new Uint8Array([
    ...[255, 0, 0, 255],
    ...[0, 255, 0, 128],
    ...[0, 0, 255, 0],
    ...[255, 255, 255, 255],
  ]);
  return { width: 2, height: 2, hotX: 1, hotY: 1, x, y, rgba };
}

/** Each pixel's red, green and blue, whatever the layout. */
function colours(image: RawImage): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < image.data.length; i += 4) {
    const [a, g, c] = image.data.subarray(i, i + 3);
    out.push(image.layout === "bgrx" ? [c, g, a] : [a, g, c]);
  }
  return out;
}

Deno.test("drawCursor: top-left at the pointer, alpha-composited, cut at the screen's edges", () => {
  const cases: Array<[string, number, number, Array<[number, number, number[]]>]> = [
    // label, pointer x, y, the pixels that change: x, y, colour
    ["fully inside", 1, 1, [[1, 1, RED], [2, 1, HALF_GREEN], [2, 2, WHITE]]],
    ["cut at the right edge", 3, 0, [[3, 0, RED]]],
    ["cut at the bottom edge", 1, 2, [[1, 2, RED], [2, 2, HALF_GREEN]]],
    ["pointer on the last pixel", 3, 2, [[3, 2, RED]]],
    ["partly off the top-left", -1, -1, [[0, 0, WHITE]]],
    ["off the screen", 4, 3, []],
  ];
  for (const layout of ["rgba", "bgrx"] as const) {
    for (const [label, x, y, changed] of cases) {
      const before = screen(layout);
      const copy = before.data.slice();
      const expected = colours(before);
      for (const [px, py, colour] of changed) expected[py * 4 + px] = colour;
      const after = drawCursor(before, cursor(x, y));
      assert.equal(after, before, `${label}: drawn in place`);
      assert.deepEqual(colours(after), expected, `${label} (${layout})`);
      assert.equal(after.layout, layout);
      // The screen's fourth byte (opaque alpha, or X's unused byte) is never touched.
      for (let i = 3; i < after.data.length; i += 4) assert.equal(after.data[i], copy[i]);
    }
  }
});

Deno.test("drawCursor: alpha 0 keeps the screen, 255 replaces it, 128 blends halfway", () => {
  const cases: Array<[number, number[]]> = [
    [0, BACKGROUND],
    [128, [133, 138, 143]],
    [255, [255, 255, 255]],
  ];
  for (const [alpha, colour] of cases) {
    const white = {
      width: 1,
      height: 1,
      hotX: 0,
      hotY: 0,
      x: 0,
      y: 0,
      rgba: new Uint8Array([255, 255, 255, alpha]),
    };
    assert.deepEqual(colours(drawCursor(screen("rgba"), white))[0], colour, `alpha ${alpha}`);
  }
});
