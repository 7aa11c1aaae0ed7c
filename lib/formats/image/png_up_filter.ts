// PNG's "up" filter (and X11's BGRX made RGBA on the way) in WebAssembly
// SIMD, sixteen bytes an instruction: the JavaScript filter took 6–11 ms of a
// 1080p PNG whose compression takes 5.5. The module is assembled from
// png_up_filter.wat (its test assembles the source again and compares).

import type { RawImage } from "../../model/image.ts";
import { fromBase64 } from "../../model/base64.ts";

/** png_up_filter.wat, assembled. */
export const UP_FILTER_WASM =
  "AGFzbQEAAAABCQFgBX9/f39/AAMCAQAFAwEAAQcPAgZtZW1vcnkCAAJ1cAAACocCAYQCAgV/A3sgAkECdCEFAkADQCAGIANPDQEgACAGIAVsaiEIIAEgBiAFQQFqbGohCSAJQQI6AAAgCUEBaiEJ/QwAAAD/AAAA/wAAAP8AAAD//QwAAAAAAAAAAAAAAAAAAAAAIAZFHAF7IQxBACEHAkADQCAHIAVPDQEgBkUEe/0MAAAAAAAAAAAAAAAAAAAAAAUgCCAHaiAFa/0ABAALIQogCCAHav0ABAAgCv1xIQsgBARAIAv9DAIBAAMGBQQHCgkICw4NDA/9Dv0M////AP///wD///8A////AP1OIAz9UCELCyAJIAdqIAv9CwQAIAdBEGohBwwACwsgBkEBaiEGDAALCws=";

/** Bytes read and written past each area's end by the last 16-byte step of a row. */
const SLACK = 16;
const PAGE = 65_536;

interface UpFilter {
  memory: WebAssembly.Memory;
  up: (src: number, dst: number, width: number, height: number, bgrx: number) => void;
}

let filter: UpFilter | null = null;

function instance(): UpFilter {
  if (filter === null) {
    const module = new WebAssembly.Module(fromBase64(UP_FILTER_WASM) as Uint8Array<ArrayBuffer>);
    filter = new WebAssembly.Instance(module).exports as unknown as UpFilter;
  }
  return filter;
}

/**
 * The picture's scanlines with PNG's "up" filter, each behind its filter byte,
 * as RGBA (a BGRX picture opaque): a view into the module's memory, good until
 * the next call.
 */
export function upFilteredScanlines(img: RawImage): Uint8Array {
  const { width, height, data } = img;
  const { memory, up } = instance();
  const pixels = width * height * 4;
  const dst = Math.ceil((pixels + SLACK) / SLACK) * SLACK;
  const size = (width * 4 + 1) * height;
  const needed = dst + size + SLACK;
  if (memory.buffer.byteLength < needed) {
    memory.grow(Math.ceil((needed - memory.buffer.byteLength) / PAGE));
  }
  new Uint8Array(memory.buffer, 0, pixels).set(data.subarray(0, pixels));
  up(0, dst, width, height, img.layout === "bgrx" ? 1 : 0);
  return new Uint8Array(memory.buffer, dst, size);
}
