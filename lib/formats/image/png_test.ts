// lib/formats/image/png.ts against an independent decoder (imagescript) and itself.

import { strict as assert } from "node:assert";
import { Image } from "imagescript";
import { deflateSync } from "node:zlib";
import { crc32, decodePng, encodePng, type PngFilter } from "./png.ts";
import { pngOf } from "../../../tests/helpers/png_bytes.ts";
import type { RawImage } from "../../model/image.ts";

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

/** The pattern in X11's byte order, with the unused fourth byte set to `x`. */
function asBgrx(img: RawImage, x: number): RawImage {
  const data = new Uint8Array(img.data.length);
  for (let i = 0; i < data.length; i += 4) {
    data[i] = img.data[i + 2];
    data[i + 1] = img.data[i + 1];
    data[i + 2] = img.data[i];
    data[i + 3] = x;
  }
  return { ...img, data, layout: "bgrx" };
}

for (const [w, h] of SIZES) {
  for (const filter of FILTERS) {
    for (const x of [0, 0xff, 0x5a]) {
      Deno.test(`encode ${w}×${h} BGRX (fourth byte ${x}), filter ${filter}: the opaque RGBA picture`, async () => {
        const rgba = pattern(w, h, () => 255);
        const png = await encodePng(asBgrx(rgba, x), { filter });
        assert.deepEqual(new Uint8Array((await Image.decode(png)).bitmap), rgba.data);
        assert.deepEqual((await decodePng(png)).data, rgba.data);
      });
    }
  }
}

Deno.test("pictures of other sizes one after another: each encodes its own pixels", async () => {
  for (const [w, h] of [[300, 200], [7, 3], [300, 201], [1, 1], [640, 480]]) {
    const rgba = pattern(w, h, (i) => i & 255);
    assert.deepEqual((await decodePng(await encodePng(rgba))).data, rgba.data, `${w}×${h}`);
  }
});

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

// Hand-built PNGs for what our encoder never writes: other colour types, all
// five row filters, and headers the decoder must refuse.

/** Reference forward filter (spec formulas, byte by byte): row `y` of `rows` with filter `type`. */
function filterRow(rows: Uint8Array[], y: number, type: number, bpp: number): Uint8Array {
  const cur = rows[y];
  const up = y > 0 ? rows[y - 1] : new Uint8Array(cur.length);
  const out = new Uint8Array(cur.length + 1);
  out[0] = type;
  for (let i = 0; i < cur.length; i++) {
    const a = i >= bpp ? cur[i - bpp] : 0;
    const b = up[i];
    const c = i >= bpp ? up[i - bpp] : 0;
    const p = a + b - c;
    const paeth = Math.abs(p - a) <= Math.abs(p - b) && Math.abs(p - a) <= Math.abs(p - c)
      ? a
      : Math.abs(p - b) <= Math.abs(p - c)
      ? b
      : c;
    const predicted = [0, a, b, (a + b) >> 1, paeth][type];
    out[i + 1] = (cur[i] - predicted) & 255;
  }
  return out;
}

/** Image data with row y using filter y % 5, so every filter meets every other as neighbour. */
function idat(rows: Uint8Array[], bpp: number): Uint8Array {
  const filtered = rows.map((_, y) => filterRow(rows, y, y % 5, bpp));
  const raw = new Uint8Array(filtered.reduce((n, r) => n + r.length, 0));
  filtered.reduce((at, r) => (raw.set(r, at), at + r.length), 0);
  return new Uint8Array(deflateSync(raw));
}

function sampleRows(width: number, height: number, channels: number): Uint8Array[] {
  return Array.from(
    { length: height },
    (_, y) =>
      Uint8Array.from(
        { length: width * channels },
        (_, i) => (i * 37 + y * 101 + ((i * y) % 7) * 19) & 255,
      ),
  );
}

Deno.test("decodePng: grey, grey+alpha, RGB and RGBA with all five filters", async () => {
  const [w, h] = [7, 11];
  const cases: Array<{ colorType: number; channels: number; rgba: (s: Uint8Array) => number[] }> = [
    { colorType: 0, channels: 1, rgba: ([g]) => [g, g, g, 255] },
    { colorType: 4, channels: 2, rgba: ([g, a]) => [g, g, g, a] },
    { colorType: 2, channels: 3, rgba: ([r, g, b]) => [r, g, b, 255] },
    { colorType: 6, channels: 4, rgba: ([r, g, b, a]) => [r, g, b, a] },
  ];
  for (const { colorType, channels, rgba } of cases) {
    const rows = sampleRows(w, h, channels);
    const decoded = await decodePng(
      pngOf({ width: w, height: h, colorType }, [["IDAT", idat(rows, channels)]]),
    );
    const expected = rows.flatMap((row) =>
      Array.from({ length: w }, (_, x) => rgba(row.subarray(x * channels, (x + 1) * channels)))
        .flat()
    );
    assert.deepEqual([decoded.width, decoded.height], [w, h]);
    assert.deepEqual([...decoded.data], expected, `colour type ${colorType}`);
  }
});

Deno.test("decodePng: palette with transparency, image data split over several IDATs", async () => {
  const palette = new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255]);
  const alpha = new Uint8Array([0, 128]); // third entry has none: opaque
  const rows = [new Uint8Array([0, 1, 2]), new Uint8Array([2, 2, 1])];
  const data = idat(rows, 1);
  const png = pngOf({ width: 3, height: 2, colorType: 3 }, [
    ["PLTE", palette],
    ["tRNS", alpha],
    ["IDAT", data.subarray(0, 5)],
    ["IDAT", data.subarray(5)],
  ]);
  const decoded = await decodePng(png);
  assert.deepEqual([...decoded.data], [
    ...[255, 0, 0, 0, 0, 255, 0, 128, 0, 0, 255, 255],
    ...[0, 0, 255, 255, 0, 0, 255, 255, 0, 255, 0, 128],
  ]);
});

Deno.test("decodePng refuses what it does not support, with a message saying what", async () => {
  const grey = idat(sampleRows(2, 2, 1), 1);
  const cases: Array<{ png: Uint8Array; message: RegExp }> = [
    {
      png: pngOf({ width: 2, height: 2, colorType: 0, depth: 16 }, [["IDAT", grey]]),
      message: /bit depth 16/,
    },
    {
      png: pngOf({ width: 2, height: 2, colorType: 0, interlace: 1 }, [["IDAT", grey]]),
      message: /interlaced/,
    },
    {
      png: pngOf({ width: 2, height: 2, colorType: 5 }, [["IDAT", grey]]),
      message: /colour type 5/,
    },
    {
      png: pngOf({ width: 2, height: 2, colorType: 3 }, [["IDAT", grey]]),
      message: /palette missing/,
    },
    {
      png: pngOf({ width: 2, height: 2, colorType: 0 }, [["ABCD", new Uint8Array(1)], [
        "IDAT",
        grey,
      ]]),
      message: /critical chunk ABCD/,
    },
    { png: pngOf({ width: 2, height: 2, colorType: 0 }, []), message: /no image data/ },
    {
      png: pngOf({ width: 2, height: 2, colorType: 0 }, [["IDAT", new Uint8Array([1, 2, 3, 4])]]),
      message: /does not inflate/,
    },
    {
      png: pngOf({ width: 9, height: 9, colorType: 0 }, [["IDAT", grey]]),
      message: /shorter than the image/,
    },
  ];
  for (const { png, message } of cases) await assert.rejects(decodePng(png), message);
  // Unknown ancillary chunks (lower-case first letter) are skipped.
  const ok = pngOf({ width: 2, height: 2, colorType: 0 }, [["teXt", new Uint8Array(3)], [
    "IDAT",
    grey,
  ]]);
  assert.equal((await decodePng(ok)).width, 2);
});
