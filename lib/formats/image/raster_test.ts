// lib/formats/image/raster.ts: clamping at the edges, crop, scale, text metrics, colour ops.

import { strict as assert } from "node:assert";
import type { RawImage } from "../../model/image.ts";
import type { Bounds } from "../../model/tree.ts";
import {
  autoContrast,
  blit,
  createImage,
  crop,
  drawText,
  fillRect,
  hexColor,
  type Rgb,
  scaleTo,
  strokeRect,
  textHeight,
  textWidth,
  toGrayscale,
} from "./raster.ts";
import { ADVANCE, GLYPH_HEIGHT, GLYPH_WIDTH, glyphMask, hasGlyph } from "./font.ts";

const BLACK: Rgb = [0, 0, 0];
const RED: Rgb = [255, 0, 0];

function pixel(img: RawImage, x: number, y: number): number[] {
  const o = (y * img.width + x) * 4;
  return [...img.data.subarray(o, o + 4)];
}

function countColour(img: RawImage, rgb: Rgb, within?: Bounds): number {
  const box = within ?? { x: 0, y: 0, width: img.width, height: img.height };
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++) {
    for (let x = box.x; x < box.x + box.width; x++) {
      const [r, g, b] = pixel(img, x, y);
      if (r === rgb[0] && g === rgb[1] && b === rgb[2]) n++;
    }
  }
  return n;
}

/** A grey ramp: each pixel's value is its index, so crops and copies can be traced back. */
function ramp(width: number, height: number): RawImage {
  const img = createImage(width, height, BLACK);
  for (let i = 0; i < width * height; i++) img.data.fill(i & 255, i * 4, i * 4 + 3);
  return img;
}

Deno.test("hexColor parses #rrggbb and rejects anything else", () => {
  assert.deepEqual(hexColor("#1a1e2e"), [0x1a, 0x1e, 0x2e]);
  assert.deepEqual(hexColor("C0CAF5"), [0xc0, 0xca, 0xf5]);
  for (const bad of ["#fff", "#12345g", "", "red"]) assert.throws(() => hexColor(bad), Error);
});

Deno.test("createImage: opaque fill; sizes round down and never go negative", () => {
  const cases: Array<[number, number, number, number]> = [
    [3, 2, 3, 2],
    [2.9, 1.2, 2, 1],
    [-4, 5, 0, 5],
    [NaN, 2, 0, 2],
    [0, 0, 0, 0],
  ];
  for (const [w, h, ew, eh] of cases) {
    const img = createImage(w, h, [1, 2, 3]);
    assert.deepEqual([img.width, img.height, img.data.length], [ew, eh, ew * eh * 4], `${w}×${h}`);
    if (ew * eh > 0) assert.deepEqual(pixel(img, ew - 1, eh - 1), [1, 2, 3, 255]);
  }
});

Deno.test("fillRect clamps every kind of box to the image", () => {
  const cases: Array<{ rect: Bounds; painted: number; why: string }> = [
    { rect: { x: 1, y: 1, width: 2, height: 2 }, painted: 4, why: "inside" },
    { rect: { x: -2, y: -2, width: 4, height: 4 }, painted: 4, why: "negative origin" },
    { rect: { x: 4, y: 3, width: 10, height: 10 }, painted: 1, why: "past the far corner" },
    { rect: { x: -100, y: -100, width: 1000, height: 1000 }, painted: 20, why: "covers all" },
    { rect: { x: 5, y: 0, width: 3, height: 3 }, painted: 0, why: "right of the image" },
    { rect: { x: 0, y: -3, width: 3, height: 3 }, painted: 0, why: "above the image" },
    { rect: { x: 1, y: 1, width: 0, height: 3 }, painted: 0, why: "zero width" },
    { rect: { x: 1, y: 1, width: -2, height: 3 }, painted: 0, why: "negative width" },
    { rect: { x: NaN, y: 0, width: 2, height: 2 }, painted: 0, why: "NaN" },
    { rect: { x: 0.5, y: 0.5, width: 1.5, height: 1 }, painted: 2, why: "fractional" },
  ];
  for (const { rect, painted, why } of cases) {
    const img = createImage(5, 4, BLACK);
    fillRect(img, rect, RED);
    assert.equal(countColour(img, RED), painted, why);
  }
});

Deno.test("fillRect with `within` paints only the overlap of both boxes", () => {
  const img = createImage(6, 6, BLACK);
  fillRect(img, { x: 0, y: 0, width: 4, height: 4 }, RED, { x: 2, y: 1, width: 10, height: 2 });
  assert.equal(countColour(img, RED), 4);
  assert.deepEqual(pixel(img, 2, 1), [255, 0, 0, 255]);
  assert.deepEqual(pixel(img, 1, 1), [0, 0, 0, 255]);
});

Deno.test("strokeRect draws a border inside the box and leaves the inside alone", () => {
  const cases: Array<{ rect: Bounds; thickness: number; painted: number }> = [
    { rect: { x: 1, y: 1, width: 5, height: 5 }, thickness: 1, painted: 16 },
    { rect: { x: 1, y: 1, width: 5, height: 5 }, thickness: 2, painted: 24 },
    { rect: { x: 1, y: 1, width: 5, height: 5 }, thickness: 9, painted: 25 },
    { rect: { x: -1, y: -1, width: 3, height: 3 }, thickness: 1, painted: 3 },
    { rect: { x: 2, y: 2, width: 1, height: 1 }, thickness: 1, painted: 1 },
  ];
  for (const { rect, thickness, painted } of cases) {
    const img = createImage(7, 7, BLACK);
    strokeRect(img, rect, RED, thickness);
    assert.equal(countColour(img, RED), painted, JSON.stringify({ rect, thickness }));
  }
});

Deno.test("textWidth counts code points, without the trailing gap", () => {
  const cases: Array<[string, number, number]> = [
    ["", 1, 0],
    ["A", 1, GLYPH_WIDTH],
    ["AB", 1, ADVANCE + GLYPH_WIDTH],
    ["AB", 2, 2 * (ADVANCE + GLYPH_WIDTH)],
    ["é✓", 1, ADVANCE + GLYPH_WIDTH],
    ["😀", 3, 3 * GLYPH_WIDTH], // one code point, two UTF-16 units
    ["Hello, world!", 2, 2 * (12 * ADVANCE + GLYPH_WIDTH)],
  ];
  for (const [text, scale, width] of cases) assert.equal(textWidth(text, scale), width, text);
  assert.equal(textHeight(2), 2 * GLYPH_HEIGHT);
});

Deno.test("drawText: ink stays inside the text's box and the clip; the pen advances", () => {
  for (const scale of [1, 2, 3]) {
    const img = createImage(120, 40, BLACK);
    const end = drawText(img, 3, 4, "Wg|", RED, scale);
    assert.equal(end, 3 + 3 * ADVANCE * scale);
    const box = { x: 3, y: 4, width: textWidth("Wg|", scale), height: textHeight(scale) };
    const inside = countColour(img, RED, box);
    assert.ok(inside > 0);
    assert.equal(countColour(img, RED), inside, `scale ${scale}: no ink outside the box`);
  }
  const clipped = createImage(40, 20, BLACK);
  drawText(clipped, 0, 0, "HHHH", RED, 2, { x: 0, y: 0, width: 8, height: 20 });
  assert.equal(countColour(clipped, RED, { x: 8, y: 0, width: 32, height: 20 }), 0);
  assert.ok(countColour(clipped, RED) > 0);
});

Deno.test("drawText off the image or with odd input draws what fits and never throws", () => {
  const img = createImage(10, 10, BLACK);
  drawText(img, -1000, -1000, "off", RED, 2);
  drawText(img, 5000, 5, "off", RED, 2);
  assert.equal(countColour(img, RED), 0);
  drawText(img, -3, -3, "H", RED, 1); // partly visible
  assert.ok(countColour(img, RED) > 0);
  drawText(img, 0, 0, "\u{1f600}\t\u0000", RED, 0); // fallback boxes; scale below 1 acts as 1
});

Deno.test("the font covers printable ASCII and the promised extras", () => {
  const extras = "—–·•…×éüöäß✓✗←→";
  for (let c = 32; c < 127; c++) assert.ok(hasGlyph(String.fromCharCode(c)), `ASCII ${c}`);
  for (const ch of extras) assert.ok(hasGlyph(ch), ch);
  assert.ok(!hasGlyph("€"));
  // Unknown characters draw the visible fallback box instead of nothing.
  const img = createImage(10, 12, BLACK);
  drawText(img, 0, 0, "€", RED);
  assert.ok(countColour(img, RED) > 10);
});

Deno.test("glyphMask: EPX rounds diagonals at power-of-two scales, blocks elsewhere", () => {
  /** Plain pixel repetition of the scale-1 mask, for comparison. */
  const blocks = (ch: string, scale: number) => {
    const one = glyphMask(ch, 1);
    const w = GLYPH_WIDTH * scale;
    return Uint8Array.from(
      { length: w * GLYPH_HEIGHT * scale },
      (_, i) => one[Math.floor(i / w / scale) * GLYPH_WIDTH + Math.floor((i % w) / scale)],
    );
  };
  for (const scale of [1, 2, 3, 4, 6]) {
    assert.equal(glyphMask("A", scale).length, GLYPH_WIDTH * GLYPH_HEIGHT * scale * scale);
  }
  // One-pixel straight strokes have no corners to round; a diagonal does (at 2 and 4, not 3).
  assert.deepEqual(glyphMask("|", 2), blocks("|", 2));
  assert.deepEqual(glyphMask("-", 2), blocks("-", 2));
  assert.notDeepEqual(glyphMask("/", 2), blocks("/", 2));
  assert.notDeepEqual(glyphMask("/", 4), blocks("/", 4));
  assert.deepEqual(glyphMask("/", 3), blocks("/", 3));
  assert.equal(glyphMask("x", 2), glyphMask("x", 2), "cached");
});

Deno.test("crop clamps to the image and copies the right pixels", () => {
  const img = ramp(6, 5);
  const cases: Array<{ rect: Bounds; size: [number, number]; first: number }> = [
    { rect: { x: 1, y: 1, width: 2, height: 3 }, size: [2, 3], first: 7 },
    { rect: { x: -3, y: -1, width: 5, height: 3 }, size: [2, 2], first: 0 },
    { rect: { x: 4, y: 3, width: 9, height: 9 }, size: [2, 2], first: 22 },
    { rect: { x: 0, y: 0, width: 6, height: 5 }, size: [6, 5], first: 0 },
    { rect: { x: 6, y: 0, width: 2, height: 2 }, size: [0, 0], first: -1 },
    { rect: { x: -5, y: -5, width: 2, height: 2 }, size: [0, 0], first: -1 },
  ];
  for (const { rect, size, first } of cases) {
    const out = crop(img, rect);
    assert.deepEqual([out.width, out.height], size, JSON.stringify(rect));
    assert.equal(out.data.length, size[0] * size[1] * 4);
    if (first >= 0) {
      assert.equal(out.data[0], first);
      const x = Math.max(0, rect.x) + size[0] - 1;
      const y = Math.max(0, rect.y) + size[1] - 1;
      assert.deepEqual(pixel(out, size[0] - 1, size[1] - 1), pixel(img, x, y));
    }
  }
});

Deno.test("blit clips the source to the destination", () => {
  const dst = createImage(4, 4, BLACK);
  blit(dst, createImage(3, 3, RED), 2, -1);
  assert.equal(countColour(dst, RED), 4);
  assert.deepEqual(pixel(dst, 3, 1), [255, 0, 0, 255]);
  blit(dst, createImage(3, 3, [0, 255, 0]), 10, 10);
  assert.equal(countColour(dst, [0, 255, 0]), 0);
});

function row(values: number[]): RawImage {
  const img = createImage(values.length, 1, BLACK);
  values.forEach((v, i) => img.data.fill(v, i * 4, i * 4 + 3));
  return img;
}

function reds(img: RawImage): number[] {
  return Array.from({ length: img.width * img.height }, (_, i) => img.data[i * 4]);
}

Deno.test("scaleTo: area average when shrinking, bilinear when enlarging", () => {
  const cases: Array<{ from: number[]; width: number; expect: number[]; why: string }> = [
    { from: [10, 20, 30], width: 3, expect: [10, 20, 30], why: "same size" },
    { from: [0, 0, 255, 255], width: 2, expect: [0, 255], why: "halve" },
    { from: [0, 90, 180], width: 1, expect: [90], why: "to one pixel" },
    { from: [0, 90, 180], width: 2, expect: [30, 150], why: "non-integer ratio" },
    { from: [0, 255], width: 4, expect: [0, 64, 191, 255], why: "double" },
    { from: [7], width: 3, expect: [7, 7, 7], why: "one pixel up" },
  ];
  for (const { from, width, expect, why } of cases) {
    const out = scaleTo(row(from), width, 1);
    assert.deepEqual([out.width, out.height], [width, 1], why);
    assert.deepEqual(reds(out), expect, why);
    assert.equal(out.data[3], 255, `${why}: alpha kept`);
  }
});

Deno.test("scaleTo keeps 2×2 blocks exact and handles empty sizes", () => {
  const img = createImage(4, 4, BLACK);
  fillRect(img, { x: 2, y: 0, width: 2, height: 2 }, RED);
  const out = scaleTo(img, 2, 2);
  assert.deepEqual(pixel(out, 1, 0), [255, 0, 0, 255]);
  assert.deepEqual(pixel(out, 0, 0), [0, 0, 0, 255]);
  assert.deepEqual(pixel(out, 1, 1), [0, 0, 0, 255]);
  for (const [w, h] of [[0, 3], [3, 0], [-1, 2]]) {
    const empty = scaleTo(img, w, h);
    assert.equal(empty.data.length, empty.width * empty.height * 4);
    assert.ok(empty.width === 0 || empty.height === 0);
  }
  const fromNothing = scaleTo({ width: 0, height: 0, data: new Uint8Array(0) }, 2, 2);
  assert.deepEqual([fromNothing.width, fromNothing.height], [2, 2]);
});

Deno.test("toGrayscale uses BT.601 luma and keeps alpha", () => {
  const cases: Array<[Rgb, number]> = [
    [[255, 0, 0], 76],
    [[0, 255, 0], 150],
    [[0, 0, 255], 29],
    [[255, 255, 255], 255],
    [[0, 0, 0], 0],
  ];
  for (const [rgb, luma] of cases) {
    const img = createImage(1, 1, rgb);
    img.data[3] = 128;
    assert.deepEqual(pixel(toGrayscale(img), 0, 0), [luma, luma, luma, 128], String(rgb));
  }
});

Deno.test("autoContrast stretches to 0..255, honours the cutoff, leaves flat images alone", () => {
  assert.deepEqual(reds(autoContrast(row([50, 75, 100]))), [0, 128, 255]);
  // 1 of 10 pixels is an outlier at each end; a 10 % cutoff ignores them.
  const withOutliers = row([0, 40, 40, 40, 50, 50, 60, 60, 60, 255]);
  assert.deepEqual(reds(autoContrast(withOutliers, 10)), [
    0,
    0,
    0,
    0,
    128,
    128,
    255,
    255,
    255,
    255,
  ]);
  assert.deepEqual(reds(autoContrast(row([9, 9, 9]))), [9, 9, 9]);
});
