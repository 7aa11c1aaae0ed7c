// X's 32-bit pixels as the service's RGBA, or as X wrote them for a caller that takes BGRX.

import type { PixelLayout, RawImage } from "../../../lib/model/image.ts";
import { bgrxToRgba } from "../../../lib/formats/image/pixel_layout.ts";
import {
  XIMAGE_BITS_PER_PIXEL_OFFSET,
  XIMAGE_BYTES_PER_LINE_OFFSET,
  XIMAGE_DATA_OFFSET,
} from "../ffi/x11.ts";

/**
 * An XImage of `size` (from XGetImage or XShmGetImage) copied out in `layout`
 * (rows packed); throws on a visual other than 32 bits. `inPlace`: BGRX whose
 * rows are packed already is a view of the image's memory, not a copy, valid
 * only as long as that memory is.
 */
export function pixelsOfImage(
  image: Deno.PointerObject,
  size: { width: number; height: number },
  layout: PixelLayout = "rgba",
  inPlace = false,
): RawImage {
  const view = new Deno.UnsafePointerView(image);
  const bitsPerPixel = view.getInt32(XIMAGE_BITS_PER_PIXEL_OFFSET);
  if (bitsPerPixel !== 32) throw new Error(`unsupported X visual: ${bitsPerPixel} bits per pixel`);
  const stride = view.getInt32(XIMAGE_BYTES_PER_LINE_OFFSET);
  const data = view.getPointer(XIMAGE_DATA_OFFSET)!;
  const bytes = new Uint8Array(Deno.UnsafePointerView.getArrayBuffer(data, stride * size.height));
  const { width, height } = size;
  if (layout === "rgba") {
    const pixels = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.length / 4);
    return { width, height, data: bgrxToRgba(pixels, stride, width, height) };
  }
  const row = width * 4;
  let packed: Uint8Array;
  if (stride === row) {
    packed = inPlace ? bytes.subarray(0, row * height) : bytes.slice(0, row * height);
  } else {
    packed = new Uint8Array(row * height);
    for (let y = 0; y < height; y++) {
      packed.set(bytes.subarray(y * stride, y * stride + row), y * row);
    }
  }
  return { width, height, data: packed, layout: "bgrx" };
}
