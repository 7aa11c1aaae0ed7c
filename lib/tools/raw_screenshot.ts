// The adapter's pixels for a screenshot tool, or the error that says why there
// are none.

import type { ScreenshotTarget } from "../../adapters/types.ts";
import type { EncodedPicture, ImageEncoding, PixelLayout, RawImage } from "../model/image.ts";
import { ToolError } from "../model/errors.ts";
import type { Session } from "../runtime/session.ts";

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
  let image: RawImage | null = null;
  let reason = "the platform returned no image";
  try {
    image = await session.adapter.screenshot(target, accept);
  } catch (e) {
    if (e instanceof ToolError) throw e;
    reason = (e as Error).message;
  }
  if (!image || image.width === 0 || image.height === 0) {
    throw new ToolError("Internal", CAPTURE_FAILED, { reason });
  }
  return image;
}

/**
 * The adapter's picture encoded where it was grabbed (no pixels cross
 * threads), or null where the platform does not do that or the safety rails
 * would mask it: then rawScreenshot and an encode. Errors as rawScreenshot's.
 */
export async function encodedScreenshot(
  session: Session,
  target: ScreenshotTarget,
  encoding: ImageEncoding,
): Promise<EncodedPicture | null> {
  try {
    return await session.adapter.encodedScreenshot?.(target, encoding) ?? null;
  } catch (e) {
    if (e instanceof ToolError) throw e;
    throw new ToolError("Internal", CAPTURE_FAILED, { reason: (e as Error).message });
  }
}
