// X's BGRX pictures (adapters/types.ts PixelLayout) through lib/: converted
// where RGBA is needed, read as they are by the JPEG encoder, kept by the
// safety rails' masks, and right in every image-worker job.

import { strict as assert } from "node:assert";
import { decode, Image } from "imagescript";
import type { RawImage } from "../../model/image.ts";
import { asRgba } from "./pixel_layout.ts";
import { encodeJpeg } from "./jpeg.ts";
import { turboJpeg } from "./turbojpeg.ts";
import { decodePng } from "./png.ts";
import { cropOffThread, encodeOffThread, stopPngWorker } from "./workers.ts";
import { maskBoxes } from "../../services/safety/image_mask.ts";

/** Left half pure red, right half pure blue, as RGBA and as X's BGRX (X byte 0). */
function halves(width: number, height: number): { rgba: RawImage; bgrx: RawImage } {
  const rgba = new Uint8Array(width * height * 4);
  const bgrx = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const [r, g, b] = x < width / 2 ? [255, 0, 0] : [0, 0, 255];
      rgba.set([r, g, b, 255], i);
      bgrx.set([b, g, r, 0], i);
    }
  }
  return {
    rgba: { width, height, data: rgba },
    bgrx: { width, height, data: bgrx, layout: "bgrx" },
  };
}

/** The colour at the middle of the left and of the right half. */
function sides(bitmap: Uint8Array | Uint8ClampedArray, width: number, height: number) {
  const at = (x: number) => [...bitmap.subarray(((height >> 1) * width + x) * 4).slice(0, 3)];
  return [at(width >> 2), at((width * 3) >> 2)];
}

const RED_BLUE = [[255, 0, 0], [0, 0, 255]];

function near(actual: number[][], expected: number[][]): boolean {
  return actual.every((c, i) => c.every((v, j) => Math.abs(v - expected[i][j]) < 24));
}

Deno.test("asRgba: BGRX becomes opaque RGBA; RGBA is returned as it is", () => {
  const { rgba, bgrx } = halves(6, 2);
  assert.deepEqual(asRgba(bgrx), rgba);
  assert.equal(asRgba(rgba), rgba);
});

Deno.test("JPEG from BGRX and from RGBA decode to the same colours (TurboJPEG and the fallback)", async (t) => {
  const { rgba, bgrx } = halves(64, 32);
  const encoders = turboJpeg() === null ? [null] : [turboJpeg(), null];
  for (const turbo of encoders) {
    await t.step(turbo ? "TurboJPEG" : "jpeg-js", async () => {
      for (const picture of [rgba, bgrx]) {
        const image = await decode(encodeJpeg(picture, 90, turbo));
        assert.ok(image instanceof Image);
        const found = sides(image.bitmap, 64, 32);
        assert.ok(near(found, RED_BLUE), `${picture.layout ?? "rgba"}: ${JSON.stringify(found)}`);
      }
    });
  }
});

Deno.test("masks keep the layout; black is black either way", () => {
  const { bgrx } = halves(8, 2);
  const masked = maskBoxes(bgrx, [{ x: 0, y: 0, width: 2, height: 2 }], { x: 0, y: 0 }, "black");
  assert.equal(masked.layout, "bgrx");
  assert.deepEqual([...asRgba(masked).data.subarray(0, 4)], [0, 0, 0, 255]);
  assert.deepEqual([...asRgba(masked).data.subarray(28, 32)], [0, 0, 255, 255]);
});

Deno.test("the image worker: PNG, JPEG and crops of a BGRX picture have its colours", async () => {
  // Each job takes its picture's pixels along (transferred): a fresh picture each time.
  const bgrx = () => halves(64, 32).bgrx;
  try {
    const png = await decodePng(await encodeOffThread(bgrx(), { format: "png" }));
    assert.ok(near(sides(png.data, 64, 32), RED_BLUE), "PNG");
    const jpeg = await decode(await encodeOffThread(bgrx(), { format: "jpeg", quality: 90 }));
    assert.ok(jpeg instanceof Image && near(sides(jpeg.bitmap, 64, 32), RED_BLUE), "JPEG");
    const box = { x: 0, y: 0, width: 64, height: 32 };
    const crop = await decodePng(
      await cropOffThread(bgrx(), box, { width: 64, height: 32 }, { format: "png" }),
    );
    assert.ok(near(sides(crop.data, 64, 32), RED_BLUE), "crop");
  } finally {
    stopPngWorker();
  }
});
