// PNG encode/decode on the runtime's native zlib (node:zlib both ways): no
// deflate written in JavaScript.

import { deflateSync, inflateSync } from "node:zlib";
import type { RawImage } from "../../model/image.ts";
import { ToolError } from "../../model/errors.ts";
import { upFilteredScanlines } from "./png_up_filter.ts";
import { concatBytes } from "../../model/bytes.ts";

const SIGNATURE = new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]);

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (ISO 3309, as PNG chunks use) of `bytes`. */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (let i = 0; i < bytes.length; i++) c = CRC_TABLE[(c ^ bytes[i]) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Per-row filters the encoder can use (PNG filter types 0, 1 and 2). */
export type PngFilter = "none" | "sub" | "up";

const FILTER_TYPE: Record<PngFilter, number> = { none: 0, sub: 1, up: 2 };

export interface EncodeOptions {
  /**
   * Measured on a 1920×1080 desktop picture (bench/png_encode.ts): "up" turns
   * flat UI areas and repeated rows into zeros, the smallest files for about
   * the speed of "none", so it is the default.
   */
  filter?: PngFilter;
  /** zlib level 0–9; 3 (default) is where a screenshot stops getting much smaller. */
  level?: number;
}

/**
 * Byte-wise a − b (mod 256) in each of the four lanes of two 32-bit words,
 * without borrows crossing lanes: four samples per operation.
 */
function laneDifference(a: number, b: number): number {
  return ((a | 0x80808080) - (b & 0x7f7f7f7f)) ^ ((a ^ ~b) & 0x80808080);
}

/**
 * X11's BGRX word (0xXXRRGGBB) as an RGBA word (0xAABBGGRR) with alpha 0:
 * byte-wise differences commute with moving bytes, so a difference of two
 * BGRX pixels swizzled is the difference of the two RGBA pixels (whose
 * alphas, both opaque, differ by 0).
 */
function swizzled(p: number): number {
  return ((p & 0xff) << 16) | (p & 0xff00) | ((p >>> 16) & 0xff);
}

const OPAQUE = 0xff000000;

/**
 * RGBA scanlines with the "none" or "sub" filter, each behind its filter byte,
 * ready for zlib ("up", the default, runs in WebAssembly: png_up_filter.ts).
 * Filtering works on whole pixels as 32-bit words (PNG filters are per byte,
 * and the lane arithmetic keeps the bytes apart). BGRX pictures are made RGBA
 * in the same pass.
 */
function filterScanlines(img: RawImage, filter: Exclude<PngFilter, "up">): Uint8Array {
  const { width, height, data } = img;
  // A 32-bit view needs 4-byte alignment; copy only when the pixels lack it.
  const aligned = data.byteOffset % 4 === 0 ? data : data.slice();
  const pixels = new Uint32Array(aligned.buffer, aligned.byteOffset, width * height);
  const bgrx = img.layout === "bgrx";
  let filtered = pixels;
  if (filter === "sub" || bgrx) {
    filtered = new Uint32Array(width * height);
    for (let row = 0; row < height; row++) {
      const first = row * width;
      // Without a filter every pixel, with "sub" the first of each row, is stored as it is.
      const start = filter === "none" ? first + width : first + 1;
      if (bgrx) {
        for (let i = first; i < start; i++) filtered[i] = OPAQUE | swizzled(pixels[i]);
        for (let i = start; i < first + width; i++) {
          filtered[i] = swizzled(laneDifference(pixels[i], pixels[i - 1]));
        }
      } else {
        filtered.set(pixels.subarray(first, start), first);
        for (let i = start; i < first + width; i++) {
          filtered[i] = laneDifference(pixels[i], pixels[i - 1]);
        }
      }
    }
  }
  const bytes = new Uint8Array(filtered.buffer);
  const stride = width * 4;
  const out = new Uint8Array((stride + 1) * height);
  for (let row = 0; row < height; row++) {
    out[row * (stride + 1)] = FILTER_TYPE[filter];
    out.set(bytes.subarray(row * stride, (row + 1) * stride), row * (stride + 1) + 1);
  }
  return out;
}

function chunk(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + body.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, body.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(body, 8);
  view.setUint32(8 + body.length, crc32(out.subarray(4, 8 + body.length)));
  return out;
}

/**
 * An 8-bit RGBA PNG (colour type 6) of an RGBA or BGRX picture (made RGBA as
 * it is filtered, without a pass of its own). Compressed with the runtime's zlib
 * (node:zlib), which at level 3 is three times faster than
 * CompressionStream's fixed level on a screenshot for a file ~25 % larger.
 */
export function encodePng(img: RawImage, options: EncodeOptions = {}): Promise<Uint8Array> {
  // The executor turns a throw into a rejection.
  return new Promise((resolve) => resolve(encodePngNow(img, options)));
}

/** encodePng, done before it returns (it reads the pixels only then). */
export function encodePngNow(img: RawImage, options: EncodeOptions = {}): Uint8Array {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`cannot encode a ${width}×${height} image as PNG (needs at least 1×1)`);
  }
  if (data.length !== width * height * 4) {
    throw new Error(`pixel data has ${data.length} bytes, expected ${width * height * 4}`);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  // compression, filter method and interlace stay 0
  const filter = options.filter ?? "up";
  const scanlines = filter === "up" ? upFilteredScanlines(img) : filterScanlines(img, filter);
  const compressed = deflateSync(scanlines, {
    level: options.level ?? 3,
  });
  return concatBytes([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", new Uint8Array(compressed.buffer, compressed.byteOffset, compressed.length)),
    chunk("IEND", new Uint8Array(0)),
  ]);
}

/** Samples per pixel of each supported colour type. */
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

interface Header {
  width: number;
  height: number;
  colorType: number;
}

function readHeader(body: Uint8Array, maxPixels: number): Header {
  if (body.length !== 13) throw new Error("corrupt PNG: IHDR has the wrong length");
  const view = new DataView(body.buffer, body.byteOffset, 13);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const [bitDepth, colorType, compression, filter, interlace] = body.subarray(8);
  if (width < 1 || height < 1) throw new Error(`corrupt PNG: size ${width}×${height}`);
  if (width * height > maxPixels) {
    throw new ToolError(
      "BadRequest",
      `PNG is ${width}×${height} (${width * height} pixels), more than the ${maxPixels} allowed`,
      { width, height, max_pixels: maxPixels },
    );
  }
  if (!(colorType in CHANNELS)) throw new Error(`unsupported PNG colour type ${colorType}`);
  if (bitDepth !== 8) {
    throw new Error(`unsupported PNG bit depth ${bitDepth} (only 8-bit PNGs are supported)`);
  }
  if (compression !== 0 || filter !== 0) {
    throw new Error("unsupported PNG compression/filter method");
  }
  if (interlace !== 0) {
    throw new Error("unsupported PNG: interlaced (Adam7) images are not supported");
  }
  return { width, height, colorType };
}

/** Reverses the per-row filters into a new buffer of bare scanlines (`bpp` = bytes per pixel). */
function unfilter(raw: Uint8Array, height: number, stride: number, bpp: number): Uint8Array {
  const pixels = new Uint8Array(stride * height);
  const zeros = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)];
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = pixels.subarray(y * stride, (y + 1) * stride);
    const up = y === 0 ? zeros : pixels.subarray((y - 1) * stride, y * stride);
    // One loop per type keeps the per-byte work branch-free. a = left, b = up, c = up-left.
    switch (type) {
      case 0:
        cur.set(line);
        break;
      case 1:
        for (let i = 0; i < stride; i++) cur[i] = line[i] + (i >= bpp ? cur[i - bpp] : 0);
        break;
      case 2:
        for (let i = 0; i < stride; i++) cur[i] = line[i] + up[i];
        break;
      case 3:
        for (let i = 0; i < stride; i++) {
          cur[i] = line[i] + (((i >= bpp ? cur[i - bpp] : 0) + up[i]) >> 1);
        }
        break;
      case 4:
        for (let i = 0; i < stride; i++) {
          const a = i >= bpp ? cur[i - bpp] : 0;
          const b = up[i];
          const c = i >= bpp ? up[i - bpp] : 0;
          const pa = Math.abs(b - c); // |p - a| with p = a + b - c
          const pb = Math.abs(a - c);
          const pc = Math.abs(a + b - 2 * c);
          cur[i] = line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
        }
        break;
      default:
        throw new Error(`corrupt PNG: unknown filter type ${type} on row ${y}`);
    }
  }
  return pixels;
}

/** Palette and transparency chunks, as they apply to the colour type. */
interface Colours {
  palette: Uint8Array | null;
  transparency: Uint8Array | null;
}

function toRgba(pixels: Uint8Array, h: Header, colours: Colours): Uint8Array {
  const n = h.width * h.height;
  const out = new Uint8Array(n * 4);
  const { palette, transparency: trns } = colours;
  // tRNS for grey/RGB holds one 16-bit sample per channel; with 8-bit depth the low byte counts.
  const key = trns && (h.colorType === 0 || h.colorType === 2)
    ? h.colorType === 0 ? [trns[1], trns[1], trns[1]] : [trns[1], trns[3], trns[5]]
    : null;
  for (let i = 0; i < n; i++) {
    const o = i * 4;
    switch (h.colorType) {
      case 0:
        out[o] = out[o + 1] = out[o + 2] = pixels[i];
        out[o + 3] = 255;
        break;
      case 4:
        out[o] = out[o + 1] = out[o + 2] = pixels[i * 2];
        out[o + 3] = pixels[i * 2 + 1];
        break;
      case 2:
        out[o] = pixels[i * 3];
        out[o + 1] = pixels[i * 3 + 1];
        out[o + 2] = pixels[i * 3 + 2];
        out[o + 3] = 255;
        break;
      case 6:
        out.set(pixels.subarray(o, o + 4), o);
        break;
      case 3: {
        const index = pixels[i];
        if (index * 3 + 2 >= palette!.length) {
          throw new Error(`corrupt PNG: palette index ${index} out of range`);
        }
        out[o] = palette![index * 3];
        out[o + 1] = palette![index * 3 + 1];
        out[o + 2] = palette![index * 3 + 2];
        out[o + 3] = trns && index < trns.length ? trns[index] : 255;
        break;
      }
    }
    if (key && out[o] === key[0] && out[o + 1] === key[1] && out[o + 2] === key[2]) out[o + 3] = 0;
  }
  return out;
}

/** 2^28 pixels: 1 GiB of RGBA, the most a typed array here may hold. */
const MAX_PIXELS = 1 << 28;

export interface DecodeOptions {
  /** More pixels than this is refused (BadRequest) before anything is allocated. */
  maxPixels?: number;
}

/** The scanlines with their filter bytes, inflated no further than the header's size. */
function inflateScanlines(compressed: Uint8Array, expected: number): Uint8Array {
  try {
    return inflateSync(compressed, { maxOutputLength: expected });
  } catch (e) {
    if ((e as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") {
      throw new Error("corrupt PNG: image data is longer than the image");
    }
    throw new Error(`corrupt PNG: image data does not inflate (${(e as Error).message})`);
  }
}

/**
 * Decodes 8-bit, non-interlaced greyscale, grey+alpha, RGB, RGBA and palette
 * PNGs (all five row filters) to RGBA. Anything else, and any corruption
 * (bad signature, CRC, truncation, inflate error), throws an Error; more
 * pixels than allowed throws a ToolError.
 */
export function decodePng(bytes: Uint8Array, options: DecodeOptions = {}): Promise<RawImage> {
  const maxPixels = Math.min(options.maxPixels ?? MAX_PIXELS, MAX_PIXELS);
  // The executor turns a throw into a rejection.
  return new Promise((resolve) => resolve(decodePngNow(bytes, maxPixels)));
}

function decodePngNow(bytes: Uint8Array, maxPixels: number): RawImage {
  if (bytes.length < 8 || SIGNATURE.some((b, i) => bytes[i] !== b)) {
    throw new Error("not a PNG: bad signature");
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let header: Header | null = null;
  const colours: Colours = { palette: null, transparency: null };
  const idat: Uint8Array[] = [];
  let pos = 8;
  let ended = false;
  while (!ended) {
    if (pos + 12 > bytes.length) throw new Error("corrupt PNG: truncated (no IEND chunk)");
    const length = view.getUint32(pos);
    if (pos + 12 + length > bytes.length) throw new Error("corrupt PNG: truncated chunk");
    const type = String.fromCharCode(...bytes.subarray(pos + 4, pos + 8));
    const body = bytes.subarray(pos + 8, pos + 8 + length);
    if (crc32(bytes.subarray(pos + 4, pos + 8 + length)) !== view.getUint32(pos + 8 + length)) {
      throw new Error(`corrupt PNG: bad CRC in ${type} chunk`);
    }
    pos += 12 + length;
    if (header === null && type !== "IHDR") throw new Error("corrupt PNG: IHDR is not first");
    switch (type) {
      case "IHDR":
        if (header) throw new Error("corrupt PNG: second IHDR");
        header = readHeader(body, maxPixels);
        break;
      case "PLTE":
        colours.palette = body;
        break;
      case "tRNS":
        colours.transparency = body;
        break;
      case "IDAT":
        idat.push(body);
        break;
      case "IEND":
        ended = true;
        break;
      default:
        // Bit 5 of the first letter clear (upper case) = critical: we may not skip it.
        if (!(type.charCodeAt(0) & 0x20)) {
          throw new Error(`unsupported PNG: unknown critical chunk ${type}`);
        }
    }
  }
  if (!header) throw new Error("corrupt PNG: no IHDR");
  if (idat.length === 0) throw new Error("corrupt PNG: no image data (IDAT)");
  if (header.colorType === 3 && !colours.palette) throw new Error("corrupt PNG: palette missing");
  const bpp = CHANNELS[header.colorType];
  const stride = header.width * bpp;
  const raw = inflateScanlines(concatBytes(idat), (stride + 1) * header.height);
  if (raw.length < (stride + 1) * header.height) {
    throw new Error("corrupt PNG: image data is shorter than the image");
  }
  const pixels = unfilter(raw, header.height, stride, bpp);
  return { width: header.width, height: header.height, data: toRgba(pixels, header, colours) };
}
