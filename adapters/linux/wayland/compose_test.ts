import { strict as assert } from "node:assert";
import { composeArea, shrinkBy } from "./compose.ts";
import type { RawImage } from "../../../lib/model/image.ts";

/** A w×h picture whose every pixel is `value` repeated in its four bytes. */
function flat(width: number, height: number, value: number): RawImage {
  return { width, height, data: new Uint8Array(width * height * 4).fill(value), layout: "bgrx" };
}

const pixel = (image: RawImage, x: number, y: number) => image.data[(y * image.width + x) * 4];

Deno.test("composeArea: one output, a window inside it", () => {
  const screen = flat(8, 6, 0);
  screen.data.set([9, 9, 9, 9], (2 * 8 + 3) * 4); // (3,2)
  const out = composeArea({ x: 2, y: 1, width: 3, height: 3 }, [
    { bounds: { x: 0, y: 0, width: 8, height: 6 }, image: screen },
  ]);
  assert.equal(out.width, 3);
  assert.equal(out.layout, "bgrx");
  assert.equal(pixel(out, 1, 1), 9, "(3,2) on the screen is (1,1) in the area");
  assert.equal(pixel(out, 0, 0), 0);
});

Deno.test("composeArea: an area across two outputs side by side, one offset down", () => {
  const out = composeArea({ x: 2, y: 0, width: 4, height: 4 }, [
    { bounds: { x: 0, y: 0, width: 4, height: 4 }, image: flat(4, 4, 1) },
    { bounds: { x: 4, y: 2, width: 4, height: 4 }, image: flat(4, 4, 2) },
  ]);
  assert.deepEqual(
    [pixel(out, 0, 0), pixel(out, 1, 3), pixel(out, 2, 0), pixel(out, 2, 2), pixel(out, 3, 3)],
    [1, 1, 0, 2, 2],
    "left from the first, right from the second below y=2, black above it",
  );
});

Deno.test("composeArea: an area off every output is black", () => {
  const out = composeArea({ x: 50, y: 50, width: 2, height: 2 }, [
    { bounds: { x: 0, y: 0, width: 4, height: 4 }, image: flat(4, 4, 7) },
  ]);
  assert.ok(out.data.every((b) => b === 0));
});

Deno.test("shrinkBy: each pixel the rounded mean of its block, the layout kept", () => {
  const image: RawImage = {
    width: 4,
    height: 2,
    // Two 2×2 blocks: values 0, 10, 20, 30 and four times 255.
    data: new Uint8Array([
      ...[0, 0, 0, 0],
      ...[10, 10, 10, 10],
      ...[255, 255, 255, 255],
      ...[255, 255, 255, 255],
      ...[20, 20, 20, 20],
      ...[30, 30, 30, 30],
      ...[255, 255, 255, 255],
      ...[255, 255, 255, 255],
    ]),
    layout: "bgrx",
  };
  const out = shrinkBy(image, 2);
  assert.deepEqual([out.width, out.height, out.layout], [2, 1, "bgrx"]);
  assert.deepEqual([...out.data], [15, 15, 15, 15, 255, 255, 255, 255]);
});
