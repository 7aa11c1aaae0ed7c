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
