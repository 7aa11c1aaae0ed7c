// PNG files built by hand, chunk by chunk, for what the service's encoder
// never writes: other colour types and depths, every row filter, headers a
// decoder must refuse, image data of any size.

import { crc32 } from "../../lib/formats/image/png.ts";

/** A PNG with this IHDR, then `chunks` (type, body) in order, then IEND. */
export function pngOf(
  header: { width: number; height: number; depth?: number; colorType: number; interlace?: number },
  chunks: Array<[string, Uint8Array]>,
): Uint8Array {
  const ihdr = new Uint8Array(13);
  const view = new DataView(ihdr.buffer);
  view.setUint32(0, header.width);
  view.setUint32(4, header.height);
  ihdr.set([header.depth ?? 8, header.colorType, 0, 0, header.interlace ?? 0], 8);
  const parts = [new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10])];
  for (
    const [type, body] of [["IHDR", ihdr], ...chunks, ["IEND", new Uint8Array(0)]] as Array<
      [string, Uint8Array]
    >
  ) {
    const c = new Uint8Array(12 + body.length);
    const v = new DataView(c.buffer);
    v.setUint32(0, body.length);
    c.set(new TextEncoder().encode(type), 4);
    c.set(body, 8);
    v.setUint32(8 + body.length, crc32(c.subarray(4, 8 + body.length)));
    parts.push(c);
  }
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((at, p) => (out.set(p, at), at + p.length), 0);
  return out;
}
