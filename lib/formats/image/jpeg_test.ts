// lib/formats/image/jpeg.ts: TurboJPEG through Deno.dlopen (in this thread and in the
// image worker) and the JavaScript fallback, each read back by an independent
// decoder (imagescript) and compared with the picture it was made from.

import { strict as assert } from "node:assert";
import { decode, Image } from "imagescript";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";
import { renderScreen } from "../../../adapters/mock/screenshot.ts";
import type { RawImage } from "../../model/image.ts";
import { encodeJpeg } from "./jpeg.ts";
import { jpegSize } from "./pixel_size.ts";
import { turboJpeg, TURBOJPEG_LIBRARY, TURBOJPEG_PACKAGE } from "./turbojpeg.ts";
import { encodeOffThread, stopPngWorker } from "./workers.ts";
import { partAvailable } from "../../../tests/helpers/parts.ts";

const TURBO = partAvailable(
  TURBOJPEG_LIBRARY,
  turboJpeg() !== null,
  `apt-get install ${TURBOJPEG_PACKAGE}`,
);

/** The mock desktop as the service draws it: windows, boxes, text. */
function desktop(width: number, height: number): RawImage {
  const windows = defaultDesktop().map((w) => ({ bounds: w.bounds, root: w.tree }));
  return renderScreen(windows.reverse(), { x: 0, y: 0, width, height });
}

/** Mean absolute difference per colour sample (alpha left out). */
function meanAbsError(a: RawImage, b: Uint8ClampedArray): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) if (i % 4 !== 3) sum += Math.abs(a.data[i] - b[i]);
  return sum / (a.data.length * 3 / 4);
}

async function decoded(jpeg: Uint8Array): Promise<Image> {
  const image = await decode(jpeg);
  assert.ok(image instanceof Image, "a still image");
  return image;
}

const SIZES = [[1920, 1080], [333, 257], [1, 1]] as const;

for (const [width, height] of SIZES) {
  Deno.test({
    name: `TurboJPEG: ${width}×${height} decodes to its size and close to its pixels`,
    ignore: !TURBO,
    async fn() {
      const picture = desktop(width, height);
      const jpeg = encodeJpeg(picture, 80);
      assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
      assert.deepEqual(jpegSize(jpeg), { width, height });
      const image = await decoded(jpeg);
      assert.deepEqual([image.width, image.height], [width, height]);
      const error = meanAbsError(picture, image.bitmap);
      assert.ok(error < 4, `mean absolute error ${error.toFixed(2)}`);
    },
  });
}

Deno.test({
  name: "TurboJPEG: quality is honoured (higher is larger and closer)",
  ignore: !TURBO,
  async fn() {
    const picture = desktop(640, 480);
    const [low, high] = [20, 95].map((q) => encodeJpeg(picture, q));
    assert.ok(high.length > low.length, `${high.length} > ${low.length} bytes`);
    const [lowError, highError] = await Promise.all(
      [low, high].map(async (jpeg) => meanAbsError(picture, (await decoded(jpeg)).bitmap)),
    );
    assert.ok(highError < lowError, `${highError} < ${lowError}`);
  },
});

Deno.test({
  name: "TurboJPEG: pixels too few for the size are refused before the library reads them",
  ignore: !TURBO,
  fn() {
    const short = { width: 100, height: 100, data: new Uint8Array(100 * 99 * 4) };
    assert.throws(() => encodeJpeg(short, 80), /cannot hold a 100×100 image/);
  },
});

Deno.test({
  name: "TurboJPEG in the image worker: format jpeg gives a JPEG of the picture",
  ignore: !TURBO,
  async fn() {
    try {
      const jpeg = await encodeOffThread(desktop(800, 600), { format: "jpeg", quality: 80 });
      assert.deepEqual([...jpeg.subarray(0, 3)], [0xff, 0xd8, 0xff]);
      assert.deepEqual(jpegSize(jpeg), { width: 800, height: 600 });
    } finally {
      stopPngWorker();
    }
  },
});

Deno.test("the JavaScript fallback (no libturbojpeg): same size, close pixels", async () => {
  for (const [width, height] of [[800, 600], [333, 257]]) {
    const picture = desktop(width, height);
    const jpeg = encodeJpeg(picture, 80, null);
    assert.deepEqual(jpegSize(jpeg), { width, height });
    const image = await decoded(jpeg);
    assert.deepEqual([image.width, image.height], [width, height]);
    const error = meanAbsError(picture, image.bitmap);
    assert.ok(error < 4, `mean absolute error ${error.toFixed(2)}`);
  }
});

Deno.test("jpegSize: null for bytes that are no JPEG or end before the frame header", () => {
  const jpeg = encodeJpeg(desktop(40, 30), 80, null);
  assert.deepEqual(jpegSize(jpeg), { width: 40, height: 30 });
  const frame = jpeg.findIndex((b, i) => b === 0xff && jpeg[i + 1] === 0xc0);
  assert.equal(jpegSize(jpeg.subarray(0, frame + 5)), null, "cut inside the frame header");
  assert.equal(jpegSize(new TextEncoder().encode("GIF89a...")), null);
  assert.equal(jpegSize(new Uint8Array([0xff, 0xd8, 0x00, 0x00, 0, 0, 0, 0, 0, 0])), null);
});
