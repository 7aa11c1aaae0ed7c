// A picture encoded as its ImageEncoding asks: JPEG (TurboJPEG, which takes
// X's BGRX as it is, or the JavaScript fallback) or PNG (which makes BGRX
// RGBA as it filters). Both encoders are done when this returns, so pixels
// that are valid only for the call (a view of X's shared memory) suffice.

import type { ImageEncoding, RawImage } from "../../model/image.ts";
import { encodeJpeg } from "./jpeg.ts";
import { encodePngNow } from "./png.ts";

export function encodePicture(image: RawImage, encoding: ImageEncoding): Uint8Array {
  return encoding.format === "jpeg" ? encodeJpeg(image, encoding.quality) : encodePngNow(image);
}
