// Screenshots: XGetImage of a root-window rectangle, in RGBA or as X wrote it
// (the fallback where MIT-SHM cannot be used: x11/shm_grab.ts).

import type { PixelLayout, RawImage } from "../../../lib/model/image.ts";
import type { Bounds } from "../../../lib/model/tree.ts";
import { ALL_PLANES, Z_PIXMAP } from "../ffi/x11.ts";
import type { XDisplay } from "./display.ts";
import { pixelsOfImage } from "./pixels.ts";

/** Grabs `area` of the root window; `area` must lie inside the screen. */
export function grabRootArea(
  x: XDisplay,
  area: Bounds,
  layout: PixelLayout = "rgba",
): RawImage {
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
    return pixelsOfImage(image, area, layout);
  } finally {
    x.x11.XDestroyImage(image);
  }
}
