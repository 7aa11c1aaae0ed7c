// X's 32-bit pixels as the service's RGBA.

import type { RawImage } from "../../types.ts";
import {
  XIMAGE_BITS_PER_PIXEL_OFFSET,
  XIMAGE_BYTES_PER_LINE_OFFSET,
  XIMAGE_DATA_OFFSET,
} from "../ffi/x11.ts";

/** Copies 32-bit little-endian BGRX rows (stride in bytes) into tightly packed RGBA. */
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

/** An XImage of `size` (from XGetImage or XShmGetImage) as RGBA; throws on a visual other than 32 bits. */
export function rgbaOfImage(
  image: Deno.PointerObject,
  size: { width: number; height: number },
): RawImage {
  const view = new Deno.UnsafePointerView(image);
  const bitsPerPixel = view.getInt32(XIMAGE_BITS_PER_PIXEL_OFFSET);
  if (bitsPerPixel !== 32) throw new Error(`unsupported X visual: ${bitsPerPixel} bits per pixel`);
  const stride = view.getInt32(XIMAGE_BYTES_PER_LINE_OFFSET);
  const data = view.getPointer(XIMAGE_DATA_OFFSET)!;
  const pixels = new Uint32Array(Deno.UnsafePointerView.getArrayBuffer(data, stride * size.height));
  return {
    width: size.width,
    height: size.height,
    data: bgrxToRgba(pixels, stride, size.width, size.height),
  };
}
