import { strict as assert } from "node:assert";
import { encodePngOffThread, stopPngWorker } from "./workers.ts";
import { decodePng } from "./png.ts";
import { createImage, fillRect } from "./raster.ts";

Deno.test("the worker encodes concurrent images, each decoding to its own pixels", async () => {
  try {
    const images = [1, 2, 3, 4].map((n) => {
      const img = createImage(40 + n, 30, [n * 10, 0, 0]);
      fillRect(img, { x: n, y: n, width: 5, height: 5 }, [0, 255, n]);
      return img;
    });
    const copies = images.map((img) => ({ ...img, data: img.data.slice() }));
    const pngs = await Promise.all(images.map((img) => encodePngOffThread(img)));
    for (const [i, png] of pngs.entries()) {
      const decoded = await decodePng(png);
      assert.equal(decoded.width, copies[i].width);
      assert.deepEqual(decoded.data, copies[i].data);
    }
    assert.equal(images[0].data.byteLength, 0, "the pixel buffer was transferred, not copied");
  } finally {
    stopPngWorker();
  }
});

Deno.test("after a stop the next call starts a fresh worker", async () => {
  try {
    stopPngWorker();
    const png = await encodePngOffThread(createImage(2, 2, [1, 2, 3]));
    assert.equal((await decodePng(png)).width, 2);
  } finally {
    stopPngWorker();
  }
});
