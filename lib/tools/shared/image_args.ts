// The `format` and `quality` arguments of the screenshot tools (PNG by
// default, JPEG for a client that accepts loss for speed), and `max_width` /
// `max_height`, which scale a picture down for a model that sees fewer pixels.

import { z } from "zod";
import {
  IMAGE_FORMATS,
  type ImageEncoding,
  type ImageFormat,
} from "../../formats/image/formats.ts";
import type { RawImage } from "../../model/image.ts";
import { scaledSize } from "../../formats/image/crop.ts";
import { cropOffThread, encodeOffThread } from "../../formats/image/workers.ts";
import { MAX_SCALED_SIDE } from "../../formats/geometry/coordinate_space.ts";

/** Text stays legible; above it files grow fast for little a model can see. */
export const DEFAULT_JPEG_QUALITY = 80;

export const QUALITY_LIMITS = [1, 100] as const;

export const imageFormatArg = z.enum(IMAGE_FORMATS).default("png").describe(
  'The image format: "png" (default; lossless) or "jpeg" (lossy, about three times faster ' +
    "to make; much smaller for photos, about the PNG's size for flat UI). The result's " +
    "format field says which was made.",
);

export const qualityArg = z.number().int().min(QUALITY_LIMITS[0]).max(QUALITY_LIMITS[1])
  .default(DEFAULT_JPEG_QUALITY).describe(
    `JPEG quality, an integer ${QUALITY_LIMITS.join(" to ")} (higher: sharper and larger). ` +
      `Default ${DEFAULT_JPEG_QUALITY}. Ignored for png.`,
  );

export const imageEncodingArgs = { format: imageFormatArg, quality: qualityArg };

/** The encoding asked for; absent fields take their defaults. */
export function encodingOf(args: { format?: ImageFormat; quality?: number }): ImageEncoding {
  return args.format === "jpeg"
    ? { format: "jpeg", quality: args.quality ?? DEFAULT_JPEG_QUALITY }
    : { format: "png" };
}

const fitSide = (side: string, other: string) =>
  z.number().int().min(1).max(MAX_SCALED_SIDE).optional().describe(
    `Scale the picture down to at most this ${side} in pixels (aspect kept, its ${other} ` +
      "rounded down, at least 1; an area average, so text stays legible); never scaled up. " +
      `An integer, 1 to ${MAX_SCALED_SIDE}. Default: no scaling.`,
  );

export const fitArgs = {
  max_width: fitSide("width", "height"),
  max_height: fitSide("height", "width"),
};

export interface Fit {
  max_width?: number;
  max_height?: number;
}

export interface FittedPicture {
  bytes: Uint8Array;
  width: number;
  height: number;
  /** Present when the picture was scaled: its width over the image's. */
  scale?: number;
}

/** `image` fitted within max_width × max_height and encoded, both in the encoding worker. */
export async function encodeFitted(
  image: RawImage,
  fit: Fit,
  encoding: ImageEncoding,
): Promise<FittedPicture> {
  const whole = { x: 0, y: 0, width: image.width, height: image.height };
  const size = scaledSize(whole, fit.max_width, fit.max_height);
  if (size === whole) {
    return {
      bytes: await encodeOffThread(image, encoding),
      width: image.width,
      height: image.height,
    };
  }
  const scale = size.width / image.width;
  return { bytes: await cropOffThread(image, whole, size, encoding), ...size, scale };
}
