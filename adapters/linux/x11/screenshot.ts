// Screenshots: XGetImage of a root-window rectangle, converted from BGRX to RGBA.

import type { RawImage } from "../../types.ts";
import type { Bounds } from "../../../lib/core/tree.ts";
import {
  ALL_PLANES,
  XIMAGE_BITS_PER_PIXEL_OFFSET,
  XIMAGE_BYTES_PER_LINE_OFFSET,
  XIMAGE_DATA_OFFSET,
  Z_PIXMAP,
} from "../ffi/x11.ts";
import type { XDisplay } from "./display.ts";

/** Copies 32-bit little-endian BGRX rows (stride in bytes) into tightly packed RGBA. */
function bgrxToRgba(
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

/** Grabs `area` of the root window; `area` must lie inside the screen. */
export function grabRootArea(x: XDisplay, area: Bounds): RawImage {
  const { value: image, error } = x.trap(() =>
    x.x11.XGetImage(
      x.display,
      x.root,
      area.x,
      area.y,
      area.width,
      area.height,
      ALL_PLANES,
      Z_PIXMAP,
    )
  );
  if (image === null || error !== null) {
    throw new Error(`XGetImage failed for ${JSON.stringify(area)} (X error ${error?.code ?? "?"})`);
  }
  try {
    const view = new Deno.UnsafePointerView(image);
    const bitsPerPixel = view.getInt32(XIMAGE_BITS_PER_PIXEL_OFFSET);
    if (bitsPerPixel !== 32) {
      throw new Error(`unsupported X visual: ${bitsPerPixel} bits per pixel`);
    }
    const stride = view.getInt32(XIMAGE_BYTES_PER_LINE_OFFSET);
    const data = view.getPointer(XIMAGE_DATA_OFFSET)!;
    const pixels = new Uint32Array(
      Deno.UnsafePointerView.getArrayBuffer(data, stride * area.height),
    );
    return {
      width: area.width,
      height: area.height,
      data: bgrxToRgba(pixels, stride, area.width, area.height),
    };
  } finally {
    x.x11.XDestroyImage(image);
  }
}
