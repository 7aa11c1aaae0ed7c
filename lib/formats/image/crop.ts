// Crop geometry of the region screenshots (get_screenshot_cropped): where a
// window's screenshot sits on the screen, which pixels a region plus padding
// covers, and the size a max_width asks for. Pure; the pixel work itself
// (cropAndScale) runs in the image worker (lib/formats/image/workers.ts).

import type { RawImage } from "../../model/image.ts";
import type { Bounds } from "../../model/tree.ts";
import { crop, scaleTo } from "./raster.ts";

export interface Size {
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

export interface CropPlan {
  /** The pixels to cut, in the image's own coordinates; never empty, never past an edge. */
  box: Bounds;
  /** The padded region reached past an edge of the image and was cut to it. */
  clamped: boolean;
  /** The region itself (padding aside) reached past an edge of the image. */
  partlyOutside: boolean;
}

/**
 * The crop box of `region` (image coordinates) grown by `padding` on every
 * side: `[max(0, x - pad), max(0, y - pad), min(W, x + w + pad), min(H, y + h + pad)]`.
 * Null when the region has no area or no pixel inside the image — padding
 * never turns a region that misses the image into a crop of its edge.
 */
export function planCrop(region: Bounds, padding: number, image: Size): CropPlan | null {
  if (!(region.width > 0 && region.height > 0)) return null;
  const x0 = Math.floor(region.x);
  const y0 = Math.floor(region.y);
  const x1 = Math.ceil(region.x + region.width);
  const y1 = Math.ceil(region.y + region.height);
  if (x1 <= 0 || y1 <= 0 || x0 >= image.width || y0 >= image.height) return null;
  const pad = Math.max(0, Math.floor(padding));
  const left = Math.max(0, x0 - pad);
  const top = Math.max(0, y0 - pad);
  const right = Math.min(image.width, x1 + pad);
  const bottom = Math.min(image.height, y1 + pad);
  return {
    box: { x: left, y: top, width: right - left, height: bottom - top },
    clamped: left !== x0 - pad || top !== y0 - pad || right !== x1 + pad ||
      bottom !== y1 + pad,
    partlyOutside: x0 < 0 || y0 < 0 || x1 > image.width || y1 > image.height,
  };
}

/**
 * The size after fitting within `maxWidth` and `maxHeight`: only ever smaller,
 * aspect kept, the other side rounded down to at least 1 pixel.
 */
export function scaledSize(size: Size, maxWidth = Infinity, maxHeight = Infinity): Size {
  const byWidth = maxWidth / size.width;
  const byHeight = maxHeight / size.height;
  if (byWidth >= 1 && byHeight >= 1) return size;
  return byWidth <= byHeight
    ? { width: maxWidth, height: Math.max(1, Math.floor(size.height * byWidth)) }
    : { width: Math.max(1, Math.floor(size.width * byHeight)), height: maxHeight };
}

function overlap(a: Bounds, b: Bounds): Bounds | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/**
 * The screen point of a window screenshot's top-left pixel. Adapters that
 * read a window's pixels off the screen (X11) give only its on-screen part:
 * when the image has that part's size, it starts where that part does;
 * otherwise it is the whole window.
 */
export function imageOrigin(window: Bounds, screen: Bounds, image: Size): Point {
  const sameSize = (b: Size) => b.width === image.width && b.height === image.height;
  if (sameSize(window)) return { x: window.x, y: window.y };
  const onScreen = overlap(window, screen);
  return onScreen && sameSize(onScreen)
    ? { x: onScreen.x, y: onScreen.y }
    : { x: window.x, y: window.y };
}

/** `box` of the image, resampled to `size` when that differs (lib/formats/image/raster.ts). */
export function cropAndScale(image: RawImage, box: Bounds, size: Size): RawImage {
  const whole = box.x === 0 && box.y === 0 && box.width === image.width &&
    box.height === image.height;
  const cut = whole ? image : crop(image, box);
  return cut.width === size.width && cut.height === size.height
    ? cut
    : scaleTo(cut, size.width, size.height);
}

/** `b` moved by `by`. */
export function shift(b: Bounds, by: Point): Bounds {
  return { x: b.x + by.x, y: b.y + by.y, width: b.width, height: b.height };
}
