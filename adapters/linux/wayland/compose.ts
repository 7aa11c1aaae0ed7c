// A screen area's picture from the pictures of the outputs it spans (each
// placed where its output is in the layout). Pure; pixels are 32-bit, any
// byte order, copied as they are; what no output covers stays black.

import type { RawImage } from "../../../lib/model/image.ts";
import type { Bounds } from "../../../lib/model/tree.ts";
import { intersect } from "../../../lib/formats/geometry/visibility.ts";

export interface PlacedPicture {
  /** Where the picture sits in the layout (its size equals the picture's). */
  bounds: Bounds;
  image: RawImage;
}

export function composeArea(area: Bounds, parts: PlacedPicture[]): RawImage {
  const out = new Uint8Array(area.width * area.height * 4);
  let layout = parts[0]?.image.layout ?? "rgba";
  for (const { bounds, image } of parts) {
    const overlap = intersect(area, bounds);
    if (overlap === null) continue;
    layout = image.layout ?? "rgba";
    const rowBytes = overlap.width * 4;
    for (let row = 0; row < overlap.height; row++) {
      const fromY = overlap.y - bounds.y + row;
      const from = (fromY * image.width + (overlap.x - bounds.x)) * 4;
      const to = ((overlap.y - area.y + row) * area.width + (overlap.x - area.x)) * 4;
      out.set(image.data.subarray(from, from + rowBytes), to);
    }
  }
  return { width: area.width, height: area.height, data: out, layout };
}

/**
 * A picture made `factor` times smaller each way, each pixel the mean of its
 * factor × factor block (an output at an integer scale, to layout pixels):
 * some ten times faster than a general resampling of a 4K frame.
 */
export function shrinkBy(image: RawImage, factor: number): RawImage {
  const width = Math.floor(image.width / factor);
  const height = Math.floor(image.height / factor);
  const out = new Uint8Array(width * height * 4);
  const source = image.data;
  const rowBytes = image.width * 4;
  const area = factor * factor;
  const half = area >> 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let c0 = half, c1 = half, c2 = half, c3 = half;
      for (let dy = 0; dy < factor; dy++) {
        let at = (y * factor + dy) * rowBytes + x * factor * 4;
        for (let dx = 0; dx < factor; dx++, at += 4) {
          c0 += source[at];
          c1 += source[at + 1];
          c2 += source[at + 2];
          c3 += source[at + 3];
        }
      }
      const o = (y * width + x) * 4;
      out[o] = (c0 / area) | 0;
      out[o + 1] = (c1 / area) | 0;
      out[o + 2] = (c2 / area) | 0;
      out[o + 3] = (c3 / area) | 0;
    }
  }
  return { width, height, data: out, layout: image.layout };
}
