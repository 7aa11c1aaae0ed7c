// A screenshot's pixel size, read from its IHDR chunk without decoding it:
// the report scales the target box to the picture with it.

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

export interface PixelSize {
  width: number;
  height: number;
}

/** Null when the bytes do not start like a PNG (signature, then an IHDR chunk). */
export function pngSize(bytes: Uint8Array): PixelSize | null {
  if (bytes.length < 24) return null;
  if (SIGNATURE.some((b, i) => bytes[i] !== b)) return null;
  const type = String.fromCharCode(...bytes.subarray(12, 16));
  if (type !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : null;
}
