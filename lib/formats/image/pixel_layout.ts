// Pictures in X11's BGRX order (see PixelLayout in adapters/types.ts) as RGBA,
// for everything but the JPEG encoder, which takes BGRX as it is.

import type { RawImage } from "../../model/image.ts";

/** Copies 32-bit little-endian BGRX rows (stride in bytes) into tightly packed, opaque RGBA. */
export function bgrxToRgba(
  source: Uint32Array,
  stride: number,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint32Array(width * height);
  const rowPixels = stride / 4;
  for (let row = 0; row < height; row++) {
    let from = row * rowPixels;
    let to = row * width;
    const end = to + width;
    while (to < end) {
      const p = source[from++];
      // 0xXXRRGGBB in memory order B,G,R,X becomes R,G,B,A = 0xAABBGGRR.
      out[to++] = 0xff000000 | ((p & 0xff) << 16) | (p & 0xff00) | ((p >>> 16) & 0xff);
    }
  }
  return new Uint8Array(out.buffer);
}

/** The picture in RGBA (itself when it is already). */
export function asRgba(image: RawImage): RawImage {
  if (image.layout !== "bgrx") return image;
  const { width, height, data } = image;
  const pixels = new Uint32Array(data.buffer, data.byteOffset, data.length / 4);
  return { width, height, data: bgrxToRgba(pixels, width * 4, width, height) };
}
