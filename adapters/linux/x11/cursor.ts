// The pointer's picture through XFixes, as a CursorImage: X hands each pixel
// over as a C unsigned long of premultiplied ARGB; the service's pictures
// are straight RGBA.

import type { CursorImage } from "../../../lib/model/image.ts";
import {
  CURSOR_HEIGHT_OFFSET,
  CURSOR_PIXEL_BYTES,
  CURSOR_PIXELS_OFFSET,
  CURSOR_WIDTH_OFFSET,
  CURSOR_X_OFFSET,
  CURSOR_XHOT_OFFSET,
  CURSOR_Y_OFFSET,
  CURSOR_YHOT_OFFSET,
  openXFixes,
  type XFixes,
} from "../ffi/xfixes.ts";
import type { XDisplay } from "./display.ts";

/**
 * Straight RGBA from premultiplied ARGB words: `words` holds `stride` 32-bit
 * words a pixel, the ARGB in the first (an unsigned long's low half on a
 * little-endian machine).
 */
export function straightRgba(words: Uint32Array, pixels: number, stride: number): Uint8Array {
  const out = new Uint8Array(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    const argb = words[i * stride];
    const a = argb >>> 24;
    if (a === 0) continue; // fully transparent: its colour carries nothing
    const o = i * 4;
    out[o] = unpremultiply((argb >>> 16) & 0xff, a);
    out[o + 1] = unpremultiply((argb >>> 8) & 0xff, a);
    out[o + 2] = unpremultiply(argb & 0xff, a);
    out[o + 3] = a;
  }
  return out;
}

function unpremultiply(channel: number, alpha: number): number {
  return Math.min(255, Math.round((channel * 255) / alpha));
}

export class CursorReader {
  private constructor(private readonly x: XDisplay, private readonly xfixes: XFixes) {}

  /** A reader, or null where libXfixes or the server's XFixes extension is missing. */
  static open(x: XDisplay): CursorReader | null {
    const xfixes = openXFixes();
    const bases = new Int32Array(2);
    const present = xfixes !== null &&
      xfixes.XFixesQueryExtension(x.display, bases.subarray(0, 1), bases.subarray(1)) !== 0;
    return present ? new CursorReader(x, xfixes) : null;
  }

  /** The cursor as it is now; null when X refused. */
  read(): CursorImage | null {
    const { x, xfixes } = this;
    const { value: image, error } = x.trap(() => xfixes.XFixesGetCursorImage(x.display));
    if (image === null) return null;
    try {
      const view = new Deno.UnsafePointerView(image);
      const width = view.getUint16(CURSOR_WIDTH_OFFSET);
      const height = view.getUint16(CURSOR_HEIGHT_OFFSET);
      const pixels = Deno.UnsafePointer.create(view.getBigUint64(CURSOR_PIXELS_OFFSET));
      if (error !== null || pixels === null) return null;
      const count = width * height;
      const words = new Uint32Array(
        Deno.UnsafePointerView.getArrayBuffer(pixels, count * CURSOR_PIXEL_BYTES).slice(0),
      );
      return {
        width,
        height,
        hotX: view.getUint16(CURSOR_XHOT_OFFSET),
        hotY: view.getUint16(CURSOR_YHOT_OFFSET),
        x: view.getInt16(CURSOR_X_OFFSET),
        y: view.getInt16(CURSOR_Y_OFFSET),
        rgba: straightRgba(words, count, CURSOR_PIXEL_BYTES / 4),
      };
    } finally {
      x.x11.XFree(image);
    }
  }
}
