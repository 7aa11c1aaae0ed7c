// An encoded image's pixel size, read from its header without decoding it:
// the trace report scales the target box to a screenshot with it, and MCP
// results state the size of the image they carry.

import type { ImageFormat } from "./formats.ts";

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

export interface PixelSize {
  width: number;
  height: number;
}

/** Null when the bytes do not start like a PNG (signature, then an IHDR chunk). */
export function pngSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 24) return null;
  if (PNG_SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** SOFn markers (0xC0–0xCF) that hold the frame size: not DHT (C4), JPG (C8) or DAC (CC). */
function isFrameStart(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 &&
    marker !== 0xcc;
}

/**
 * The frame's size from a JPEG's first SOFn segment, walking the segments
 * before it; null when the bytes are no JPEG or end before that segment.
 */
export function jpegSize(bytes: Uint8Array): PixelSize | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 9 <= bytes.length) {
    if (bytes[at] !== 0xff) return null;
    const marker = bytes[at + 1];
    if (isFrameStart(marker)) {
      // length (2), precision (1), height (2), width (2)
      const height = view.getUint16(at + 5);
      const width = view.getUint16(at + 7);
      return width > 0 && height > 0 ? { width, height } : null;
    }
    at += 2 + view.getUint16(at + 2);
  }
  return null;
}

export function pixelSize(bytes: Uint8Array, format: ImageFormat): PixelSize | null {
  return format === "jpeg" ? jpegSize(bytes) : pngSize(bytes);
}
