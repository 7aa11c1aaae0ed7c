// PNG encode/decode on top of the runtime's native zlib streams
// (CompressionStream / DecompressionStream "deflate"), so a full-HD
// screenshot encodes in a few milliseconds without a JS deflate.

import type { RawImage } from "../adapters/types.ts";

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

async function throughStream(
  bytes: Uint8Array<ArrayBuffer>,
  transform: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  // One chunk in: the native side sees the whole buffer at once (fastest path).
  const source = ReadableStream.from([bytes]).pipeThrough(transform);
  return new Uint8Array(await new Response(source).arrayBuffer());
}

/** Per-row filters the encoder can use (PNG filter types 0, 1 and 2). */
export type PngFilter = "none" | "sub" | "up";

const FILTER_TYPE: Record<PngFilter, number> = { none: 0, sub: 1, up: 2 };

export interface EncodeOptions {
  /**
   * Measured on a 1920×1080 desktop picture (bench/png_encode.ts): "up" makes
   * the smallest files (flat UI areas and repeated rows turn into zeros) at
   * about the same speed as "none", so it is the default.
   */
  filter?: PngFilter;
}

function isOpaque(data: Uint8Array): boolean {
  for (let i = 3; i < data.length; i += 4) if (data[i] !== 255) return false;
  return true;
}

/** Pixel bytes as PNG stores them: RGBA as is, or packed RGB. */
function samples(data: Uint8Array, channels: 3 | 4): Uint8Array {
  if (channels === 4) return data;
  const rgb = new Uint8Array((data.length / 4) * 3);
  for (let s = 0, d = 0; s < data.length; s += 4, d += 3) {
    rgb[d] = data[s];
    rgb[d + 1] = data[s + 1];
    rgb[d + 2] = data[s + 2];
  }
  return rgb;
}

/** Scanlines with their filter byte in front, ready for zlib. */
function filterScanlines(
  img: RawImage,
  channels: 3 | 4,
  filter: PngFilter,
): Uint8Array<ArrayBuffer> {
  const src = samples(img.data, channels);
  const stride = img.width * channels;
  const out = new Uint8Array((stride + 1) * img.height);
  for (let y = 0; y < img.height; y++) {
    const cur = src.subarray(y * stride, (y + 1) * stride);
    const o = y * (stride + 1);
    out[o] = FILTER_TYPE[filter];
    const line = out.subarray(o + 1, o + 1 + stride);
    // Uint8Array stores wrap modulo 256, which is exactly PNG's filter arithmetic.
    if (filter === "none" || (filter === "up" && y === 0)) {
      line.set(cur); // "up" on the first row predicts from zeros, i.e. no change
    } else if (filter === "up") {
      for (let i = 0, p = (y - 1) * stride; i < stride; i++, p++) line[i] = cur[i] - src[p];
    } else {
      line.set(cur.subarray(0, channels));
      for (let i = channels; i < stride; i++) line[i] = cur[i] - cur[i - channels];
    }
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

function concat(parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

/** An 8-bit PNG: RGB (colour type 2) when every pixel is opaque, else RGBA (type 6). */
export async function encodePng(img: RawImage, options: EncodeOptions = {}): Promise<Uint8Array> {
  const { width, height, data } = img;
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new Error(`cannot encode a ${width}×${height} image as PNG (needs at least 1×1)`);
  }
  if (data.length !== width * height * 4) {
    throw new Error(`RGBA data has ${data.length} bytes, expected ${width * height * 4}`);
  }
  const channels = isOpaque(data) ? 3 : 4;
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8; // bit depth
  header[9] = channels === 3 ? 2 : 6; // colour type
  // compression, filter method and interlace stay 0
  const compressed = await throughStream(
    filterScanlines(img, channels, options.filter ?? "up"),
    new CompressionStream("deflate"),
  );
  return concat([
    SIGNATURE,
    chunk("IHDR", header),
    chunk("IDAT", compressed),
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

function readHeader(body: Uint8Array): Header {
  if (body.length !== 13) throw new Error("corrupt PNG: IHDR has the wrong length");
  const view = new DataView(body.buffer, body.byteOffset, 13);
  const width = view.getUint32(0);
  const height = view.getUint32(4);
  const [bitDepth, colorType, compression, filter, interlace] = body.subarray(8);
  if (width < 1 || height < 1) throw new Error(`corrupt PNG: size ${width}×${height}`);
  if (width * height > 1 << 28) throw new Error(`PNG too large: ${width}×${height}`);
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

/**
 * Decodes 8-bit, non-interlaced greyscale, grey+alpha, RGB, RGBA and palette
 * PNGs (all five row filters) to RGBA. Anything else, and any corruption
 * (bad signature, CRC, truncation, inflate error), throws an Error.
 */
export async function decodePng(bytes: Uint8Array): Promise<RawImage> {
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
        header = readHeader(body);
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
  let raw: Uint8Array;
  try {
    raw = await throughStream(concat(idat), new DecompressionStream("deflate"));
  } catch (e) {
    throw new Error(`corrupt PNG: image data does not inflate (${(e as Error).message})`);
  }
  const bpp = CHANNELS[header.colorType];
  const stride = header.width * bpp;
  if (raw.length < (stride + 1) * header.height) {
    throw new Error("corrupt PNG: image data is shorter than the image");
  }
  const pixels = unfilter(raw, header.height, stride, bpp);
  return { width: header.width, height: header.height, data: toRgba(pixels, header, colours) };
}
