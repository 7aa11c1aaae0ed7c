// The formats screenshots are sent in: PNG (lossless, the default) and JPEG
// (lossy, about three times faster to make) for clients that accept it.
// Encoding runs in the image worker (lib/formats/image/worker_main.ts), or,
// for an unscaled X11 screenshot, on the X11 worker that grabbed it.

import type { ImageEncoding, PixelLayout } from "../../model/image.ts";

export type { ImageEncoding };

export const IMAGE_FORMATS = ["png", "jpeg"] as const;

export type ImageFormat = typeof IMAGE_FORMATS[number];

export const PNG: ImageEncoding = { format: "png" };

/**
 * The pixel layouts an encoding reads as they are: TurboJPEG reads X's BGRX,
 * and the PNG encoder makes it RGBA while it filters (no conversion of its own).
 */
export function layoutsFor(_encoding: ImageEncoding): PixelLayout[] {
  return ["bgrx"];
}

export const MIME_TYPES: Record<ImageFormat, string> = { png: "image/png", jpeg: "image/jpeg" };
