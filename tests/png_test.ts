// lib/png.ts against an independent decoder (imagescript) and itself.

import { strict as assert } from "node:assert";
import { Image } from "imagescript";
import { crc32, decodePng, encodePng, type PngFilter } from "../lib/png.ts";
import type { RawImage } from "../adapters/types.ts";

function pattern(width: number, height: number, alpha: (i: number) => number): RawImage {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < width * height; i++) {
    data[i * 4] = (i * 7) & 255;
    data[i * 4 + 1] = (i * 13 + 5) & 255;
    data[i * 4 + 2] = (i >> 3) & 255;
    data[i * 4 + 3] = alpha(i);
  }
  return { width, height, data };
}

const SIZES: Array<[number, number]> = [[1, 1], [3, 2], [257, 13], [64, 64], [1, 40]];
const FILTERS: PngFilter[] = ["none", "sub", "up"];

for (const [w, h] of SIZES) {
  for (const filter of FILTERS) {
    for (
      const [kind, alpha] of [["opaque", () => 255], [
        "translucent",
        (i: number) => i & 255,
      ]] as const
    ) {
      Deno.test(`encode ${w}×${h} ${kind}, filter ${filter}: imagescript and decodePng read it back`, async () => {
        const img = pattern(w, h, alpha);
        const png = await encodePng(img, { filter });
        const theirs = await Image.decode(png);
        assert.equal(theirs.width, w);
        assert.equal(theirs.height, h);
        assert.deepEqual(new Uint8Array(theirs.bitmap), img.data);
        const ours = await decodePng(png);
        assert.deepEqual(ours.data, img.data);
      });
    }
  }
}

Deno.test("an unaligned pixel view encodes the same pixels", async () => {
  const img = pattern(5, 4, () => 255);
  const shifted = new Uint8Array(img.data.length + 1);
  shifted.set(img.data, 1);
  const png = await encodePng({ ...img, data: shifted.subarray(1) });
  assert.deepEqual((await decodePng(png)).data, img.data);
});

Deno.test("decodePng reads imagescript's own PNGs", async () => {
  const image = new Image(33, 17);
  image.fill(0x336699ff);
  image.setPixelAt(5, 5, 0xff000080);
  const decoded = await decodePng(await image.encode());
  assert.equal(decoded.width, 33);
  assert.deepEqual(decoded.data, new Uint8Array(image.bitmap));
});

Deno.test("chunks carry correct CRCs and the signature", async () => {
  const png = await encodePng(pattern(4, 4, () => 255));
  assert.deepEqual([...png.subarray(0, 8)], [137, 80, 78, 71, 13, 10, 26, 10]);
  const view = new DataView(png.buffer, png.byteOffset);
  let at = 8;
  while (at < png.length) {
    const length = view.getUint32(at);
    const crc = view.getUint32(at + 8 + length);
    assert.equal(crc, crc32(png.subarray(at + 4, at + 8 + length)));
    at += 12 + length;
  }
  assert.equal(at, png.length);
});

Deno.test("bad input is an Error, never a crash", async () => {
  await assert.rejects(encodePng({ width: 0, height: 1, data: new Uint8Array(0) }));
  await assert.rejects(encodePng({ width: 2, height: 2, data: new Uint8Array(3) }));
  const png = await encodePng(pattern(8, 8, () => 255));
  const corrupt = png.slice();
  corrupt[40] ^= 0xff;
  await assert.rejects(decodePng(corrupt));
  await assert.rejects(decodePng(png.subarray(0, 20)));
  await assert.rejects(decodePng(new TextEncoder().encode("not a png at all")));
});
