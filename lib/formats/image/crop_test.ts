// Crop geometry (lib/formats/image/crop.ts) and the bbox argument (lib/tools/shared/region_args.ts)
// as tables: crop boxes with padding at edges, regions that miss the image,
// max_width sizes, where a window screenshot sits, and every bad box a
// BadRequest naming its field.

import assert from "node:assert/strict";
import type { RawImage } from "../../model/image.ts";
import { ToolError } from "../../model/errors.ts";
import type { Bounds } from "../../model/tree.ts";
import { cropAndScale, imageOrigin, planCrop, scaledSize, shift } from "./crop.ts";
import { parseBox } from "../../tools/shared/region_args.ts";

const box = (x: number, y: number, width: number, height: number): Bounds => ({
  x,
  y,
  width,
  height,
});

const IMAGE = { width: 800, height: 600 };

Deno.test("planCrop: the crop box is the region grown by padding, cut at the image's edges", () => {
  const cases: Array<[string, Bounds, number, Bounds, boolean, boolean]> = [
    // label, region, padding, box, clamped, partlyOutside
    ["inside, no padding", box(10, 20, 100, 50), 0, box(10, 20, 100, 50), false, false],
    ["inside, padding", box(10, 20, 100, 50), 5, box(5, 15, 110, 60), false, false],
    ["padding cut at the top-left", box(2, 3, 10, 10), 5, box(0, 0, 17, 18), true, false],
    [
      "padding cut at the bottom-right",
      box(790, 590, 10, 10),
      8,
      box(782, 582, 18, 18),
      true,
      false,
    ],
    ["whole image", box(0, 0, 800, 600), 0, box(0, 0, 800, 600), false, false],
    ["whole image, padded", box(0, 0, 800, 600), 10, box(0, 0, 800, 600), true, false],
    ["partly left of the image", box(-50, 10, 100, 10), 0, box(0, 10, 50, 10), true, true],
    ["partly below the image", box(10, 590, 10, 100), 0, box(10, 590, 10, 10), true, true],
    ["larger than the image", box(-5, -5, 2000, 2000), 0, box(0, 0, 800, 600), true, true],
    ["one pixel at the corner", box(799, 599, 1, 1), 0, box(799, 599, 1, 1), false, false],
    ["fractional bounds widen", box(1.5, 2.5, 3, 3), 0, box(1, 2, 4, 4), false, false],
  ];
  for (const [label, region, padding, expected, clamped, partlyOutside] of cases) {
    assert.deepEqual(
      planCrop(region, padding, IMAGE),
      { box: expected, clamped, partlyOutside },
      label,
    );
  }
});

Deno.test("planCrop: a region with no area or no pixel in the image is null, padding or not", () => {
  const cases: Array<[string, Bounds, number]> = [
    ["zero width", box(10, 10, 0, 10), 0],
    ["zero height", box(10, 10, 10, 0), 0],
    ["negative width", box(10, 10, -5, 10), 0],
    ["NaN width", box(10, 10, NaN, 10), 0],
    ["right of the image", box(800, 10, 10, 10), 0],
    ["below the image", box(10, 600, 10, 10), 0],
    ["left of the image, touching", box(-10, 10, 10, 10), 0],
    ["above the image, padding would reach in", box(10, -20, 10, 10), 50],
  ];
  for (const [label, region, padding] of cases) {
    assert.equal(planCrop(region, padding, IMAGE), null, label);
  }
  assert.equal(planCrop(box(0, 0, 1, 1), 0, { width: 0, height: 0 }), null, "empty image");
});

Deno.test("scaledSize: only ever down to max_width, aspect kept, at least one pixel high", () => {
  const cases: Array<[string, [number, number], number | undefined, [number, number]]> = [
    ["no max_width", [400, 300], undefined, [400, 300]],
    ["narrower than max_width", [400, 300], 500, [400, 300]],
    ["exactly max_width", [400, 300], 400, [400, 300]],
    ["half", [400, 300], 200, [200, 150]],
    ["height floors", [300, 100], 200, [200, 66]],
    ["a thin strip stays one pixel high", [1000, 1], 10, [10, 1]],
    ["to one pixel wide", [640, 480], 1, [1, 1]],
  ];
  for (const [label, [width, height], maxWidth, [w, h]] of cases) {
    assert.deepEqual(scaledSize({ width, height }, maxWidth), { width: w, height: h }, label);
  }
});

Deno.test("scaledSize: max_height, and both, the tighter one winning", () => {
  const cases: Array<[string, [number, number], [number?, number?], [number, number]]> = [
    ["shorter than max_height", [400, 300], [undefined, 300], [400, 300]],
    ["by height", [1920, 1080], [undefined, 720], [1280, 720]],
    ["width floors", [1366, 768], [undefined, 500], [889, 500]],
    ["both, width tighter", [1920, 1080], [1024, 768], [1024, 576]],
    ["both, height tighter", [1080, 1920], [1024, 768], [432, 768]],
    ["both, equally tight", [400, 300], [200, 150], [200, 150]],
    ["both roomy", [400, 300], [800, 800], [400, 300]],
    ["a tall strip stays one pixel wide", [1, 1000], [undefined, 10], [1, 10]],
  ];
  for (const [label, [width, height], [maxWidth, maxHeight], [w, h]] of cases) {
    assert.deepEqual(
      scaledSize({ width, height }, maxWidth, maxHeight),
      { width: w, height: h },
      label,
    );
  }
});

Deno.test("imageOrigin: a whole window, or its on-screen part when that is what was read", () => {
  const screen = box(0, 0, 1920, 1080);
  const cases: Array<[string, Bounds, [number, number], [number, number]]> = [
    ["whole window", box(80, 60, 800, 600), [800, 600], [80, 60]],
    ["cut at the left edge of the screen", box(-100, 60, 800, 600), [700, 600], [0, 60]],
    ["cut at the bottom", box(80, 900, 800, 600), [800, 180], [80, 900]],
    ["some other size: the window's corner", box(80, 60, 800, 600), [400, 300], [80, 60]],
  ];
  for (const [label, window, [width, height], [x, y]] of cases) {
    assert.deepEqual(imageOrigin(window, screen, { width, height }), { x, y }, label);
  }
  assert.deepEqual(shift(box(1, 2, 3, 4), { x: -1, y: 10 }), box(0, 12, 3, 4));
});

function gradient(width: number, height: number): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set([x, y, (x * y) % 256, 255], (y * width + x) * 4);
  }
  return { width, height, data };
}

Deno.test("cropAndScale: the box's own pixels, then resampled when a smaller size is asked", () => {
  const image = gradient(40, 30);
  const cut = cropAndScale(image, box(5, 7, 10, 4), { width: 10, height: 4 });
  assert.equal(cut.width, 10);
  assert.equal(cut.height, 4);
  for (let y = 0; y < 4; y++) {
    for (let x = 0; x < 10; x++) {
      const at = (y * 10 + x) * 4;
      assert.deepEqual([...cut.data.subarray(at, at + 4)], [
        5 + x,
        7 + y,
        ((5 + x) * (7 + y)) % 256,
        255,
      ]);
    }
  }
  const half = cropAndScale(image, box(0, 0, 40, 30), { width: 20, height: 15 });
  assert.deepEqual([half.width, half.height, half.data.length], [20, 15, 20 * 15 * 4]);
});

function badBoxOf(value: unknown): { field: unknown; message: string } {
  try {
    parseBox(value);
  } catch (e) {
    assert.ok(e instanceof ToolError, String(e));
    assert.equal(e.code, "BadRequest");
    return { field: e.context.field, message: e.message };
  }
  throw new Error(`${JSON.stringify(value)} was accepted`);
}

Deno.test("parseBox: objects and 'x,y,width,height' text give the same box", () => {
  const cases: Array<[unknown, Bounds | undefined]> = [
    [undefined, undefined],
    [null, undefined],
    [{ x: 1, y: 2, width: 3, height: 4 }, box(1, 2, 3, 4)],
    [{ x: -10, y: -20, width: 30, height: 40 }, box(-10, -20, 30, 40)],
    ["1,2,3,4", box(1, 2, 3, 4)],
    [" 10 , 20 , 300 , 40 ", box(10, 20, 300, 40)],
    ["-5,+6,7,8", box(-5, 6, 7, 8)],
    ["1e2,0,5.0,5", box(100, 0, 5, 5)],
    [{ x: 0, y: 0, width: 100_000, height: 1 }, box(0, 0, 100_000, 1)],
  ];
  for (const [value, expected] of cases) {
    assert.deepEqual(parseBox(value), expected, JSON.stringify(value));
  }
});

Deno.test("parseBox: every bad box is a BadRequest naming the field at fault", () => {
  const cases: Array<[unknown, string, RegExp]> = [
    [{ x: 0, y: 0, width: -5, height: 10 }, "bbox.width", />=1/],
    [{ x: 0, y: 0, width: 10, height: -1 }, "bbox.height", />=1/],
    [{ x: 0, y: 0, width: 0, height: 10 }, "bbox.width", />=1/],
    [{ x: 0, y: 0, width: 10, height: 0 }, "bbox.height", />=1/],
    [{ x: 1e12, y: 0, width: 10, height: 10 }, "bbox.x", /<=100000/],
    [{ x: 0, y: 0, width: 1e12, height: 10 }, "bbox.width", /<=100000/],
    [{ x: 0, y: -1e12, width: 10, height: 10 }, "bbox.y", />=-100000/],
    [{ x: 0.5, y: 0, width: 10, height: 10 }, "bbox.x", /\bint/],
    [{ x: 0, y: 0, width: 10.25, height: 10 }, "bbox.width", /\bint/],
    [{ x: NaN, y: 0, width: 10, height: 10 }, "bbox.x", /number/i],
    [{ x: 0, y: 0, width: Infinity, height: 10 }, "bbox.width", /./],
    [{ x: "1", y: 0, width: 10, height: 10 }, "bbox.x", /number/i],
    [{ x: 0, y: 0, width: 10 }, "bbox.height", /number/i],
    [{ x: 0, y: 0, width: 10, height: 10, depth: 3 }, "bbox", /unknown field depth/],
    [{ x: 0, y: 0, w: 10, h: 10 }, "bbox", /unknown field w, h/],
    [[0, 0, 10, 10], "bbox", /object/],
    [42, "bbox", /object/],
    [true, "bbox", /object/],
    ["", "bbox", /four numbers/],
    ["1,2,3", "bbox", /four numbers/],
    ["1,2,3,4,5", "bbox", /four numbers/],
    ["a,b,c,d", "bbox.x", /must be a number/],
    ["1,2,,4", "bbox.width", /must be a number/],
    ["1,2,NaN,4", "bbox.width", /must be a number/],
    ["1,2,0x10,4", "bbox.width", /must be a number/],
    ["1,2,Infinity,4", "bbox.width", /must be a number/],
    ["1,2,-3,4", "bbox.width", />=1/],
    ["1,2,0,4", "bbox.width", />=1/],
    ["1,2,1e12,4", "bbox.width", /<=100000/],
    ["1.5,2,3,4", "bbox.x", /\bint/],
  ];
  for (const [value, field, message] of cases) {
    const label = typeof value === "number" && isNaN(value) ? "NaN" : JSON.stringify(value);
    const got = badBoxOf(value);
    assert.equal(got.field, field, label);
    assert.match(got.message, message, label);
    assert.ok(got.message.startsWith(`${field}: `), `${label}: ${got.message}`);
  }
});
