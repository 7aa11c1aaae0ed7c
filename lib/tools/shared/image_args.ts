// The `format` and `quality` arguments of the screenshot tools: PNG by
// default, JPEG for a client that accepts loss for speed.

import { z } from "zod";
import {
  IMAGE_FORMATS,
  type ImageEncoding,
  type ImageFormat,
} from "../../formats/image/formats.ts";

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
