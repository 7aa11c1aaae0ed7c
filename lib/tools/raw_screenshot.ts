// A screenshot tool's picture: the adapter's pixels, or the picture encoded where
// it was grabbed, or the error that says why there is none.

import type { ScreenshotTarget } from "../../adapters/types.ts";
import type { EncodedPicture, ImageEncoding, PixelLayout, RawImage } from "../model/image.ts";
import { ToolError } from "../model/errors.ts";
import type { Session } from "../runtime/session.ts";
import { layoutsFor } from "../formats/image/formats.ts";
import { encodeFitted, type Fit, type FittedPicture } from "./shared/image_args.ts";

/** The legacy routes' answer when the platform gives no picture. */
export const CAPTURE_FAILED = "Screenshot capture failed";

/**
 * The adapter's raw pixels (already masked by the safety rails), in RGBA or
 * a layout in `accept`; a refusal passes through.
 */
export async function rawScreenshot(
  session: Session,
  target: ScreenshotTarget,
  accept: PixelLayout[] = [],
): Promise<RawImage> {
  let image: RawImage | null;
  try {
    image = await session.adapter.screenshot(target, accept);
  } catch (e) {
    throw captureFailure(e);
  }
  if (!image || image.width === 0 || image.height === 0) {
    throw new ToolError("Internal", CAPTURE_FAILED, { reason: "the platform returned no image" });
  }
  return image;
}

/** A refusal as it is; any other failure of the platform's capture as CAPTURE_FAILED. */
function captureFailure(e: unknown): ToolError {
  if (e instanceof ToolError) return e;
  return new ToolError("Internal", CAPTURE_FAILED, { reason: (e as Error).message });
}

/**
 * `target`'s picture, fitted and encoded. Unscaled, it is encoded where it
 * was grabbed when the platform does that and the safety rails would mask
 * nothing (no pixels cross threads); otherwise grabbed (rawScreenshot, whose
 * errors these are), then fitted and encoded in the image worker.
 */
export async function screenshotPicture(
  session: Session,
  target: ScreenshotTarget,
  fit: Fit,
  encoding: ImageEncoding,
): Promise<FittedPicture> {
  if (fit.max_width === undefined && fit.max_height === undefined) {
    const encoded = await encodedScreenshot(session, target, encoding);
    if (encoded) return { bytes: encoded.data, width: encoded.width, height: encoded.height };
  }
  return encodeFitted(await rawScreenshot(session, target, layoutsFor(encoding)), fit, encoding);
}

async function encodedScreenshot(
  session: Session,
  target: ScreenshotTarget,
  encoding: ImageEncoding,
): Promise<EncodedPicture | null> {
  try {
    return await session.adapter.encodedScreenshot?.(target, encoding) ?? null;
  } catch (e) {
    throw captureFailure(e);
  }
}
