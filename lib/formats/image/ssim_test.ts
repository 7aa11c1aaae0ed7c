import { strict as assert } from "node:assert";
import type { RawImage } from "../../model/image.ts";
import { blit, createImage, drawText, fillRect, hexColor } from "./raster.ts";
import { ssim } from "./ssim.ts";

/** A small UI-like picture: panels, a button and some text. */
function scene(width = 96, height = 64): RawImage {
  const img = createImage(width, height, hexColor("#1a1e2e"));
  fillRect(img, { x: 0, y: 0, width, height: 12 }, hexColor("#2d3250"));
  fillRect(img, { x: 8, y: 24, width: 40, height: 16 }, hexColor("#7aa2f7"));
  drawText(img, 12, 28, "Login", hexColor("#000000"));
  drawText(img, 56, 44, "Hello", hexColor("#c0caf5"));
  return img;
}

/** Deterministic noise (a linear congruential generator), ±amplitude per channel. */
function noisy(img: RawImage, amplitude: number, seed = 1): RawImage {
  const data = new Uint8Array(img.data);
  let state = seed;
  for (let i = 0; i < data.length; i++) {
    if (i % 4 === 3) continue;
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const delta = (state % (2 * amplitude + 1)) - amplitude;
    data[i] = Math.max(0, Math.min(255, data[i] + delta));
  }
  return { ...img, data };
}

function shifted(img: RawImage, dx: number, dy: number): RawImage {
  const out = createImage(img.width, img.height, hexColor("#1a1e2e"));
  blit(out, img, dx, dy);
  return out;
}

function flat(width: number, height: number, hex: string): RawImage {
  return createImage(width, height, hexColor(hex));
}

Deno.test("ssim: identical images score exactly 1", () => {
  const cases: Array<[string, RawImage]> = [
    ["scene", scene()],
    ["flat", flat(20, 20, "#808080")],
    ["smaller than a window", scene(5, 3)],
    ["one pixel", flat(1, 1, "#ffffff")],
  ];
  for (const [label, img] of cases) {
    assert.equal(ssim(img, structuredClone(img)), 1, label);
  }
});

Deno.test("ssim: degradations lower the score, more degradation lowers it more", () => {
  const base = scene();
  const rows: Array<[string, RawImage, number, number]> = [
    ["light noise", noisy(base, 8), 0.8, 0.98],
    ["heavy noise", noisy(base, 60), 0.2, 0.6],
    ["shift by 2 px", shifted(base, 2, 0), 0.6, 0.9],
    ["shift by 2 px down", shifted(base, 0, 2), 0.6, 0.9],
    ["another picture", flat(96, 64, "#ffffff"), -1, 0.3],
  ];
  for (const [label, img, low, high] of rows) {
    const score = ssim(base, img);
    assert.ok(score > low && score < high, `${label}: ${score} not in (${low}, ${high})`);
  }
  assert.ok(ssim(base, noisy(base, 8)) > ssim(base, noisy(base, 60)));
});

Deno.test("ssim: symmetric, and luminance alone matters for flat images", () => {
  const a = scene();
  const b = noisy(a, 20, 7);
  assert.ok(Math.abs(ssim(a, b) - ssim(b, a)) < 1e-12);
  const grey = flat(16, 16, "#808080");
  assert.ok(ssim(grey, flat(16, 16, "#909090")) > ssim(grey, flat(16, 16, "#f0f0f0")));
});

Deno.test("ssim: images of different sizes are refused", () => {
  assert.throws(() => ssim(flat(10, 10, "#000000"), flat(10, 11, "#000000")), RangeError);
});
