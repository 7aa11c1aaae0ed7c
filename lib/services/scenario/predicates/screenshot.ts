// screenshot_similar: SSIM between the window's screenshot and a reference
// PNG (resized to the screenshot when they differ, off the HTTP thread: a
// large reference takes long to scale).

import type { RawImage } from "../../../model/image.ts";
import { ToolError } from "../../../model/errors.ts";
import { scaleOffThread } from "../../../formats/image/workers.ts";
import { ssim } from "../../../formats/image/ssim.ts";
import { failed, type Outcome, type PredicateCheck, predicateWindow } from "./types.ts";

const DEFAULT_MIN_SSIM = 0.95;

/** A refused reference (outside the folders, too large...) keeps its error code. */
function refused(e: ToolError): Outcome {
  return { passed: false, observed: `error: ${e.code}: ${e.message}`, error_code: e.code };
}

export const screenshotSimilar: PredicateCheck = async (args, desktop) => {
  const window = await predicateWindow(args, desktop);
  if (typeof args.reference_path !== "string" || !window) {
    return failed("reference_path and window required");
  }
  const shot = await desktop.screenshot(window);
  if (!shot) return failed("no screenshot");
  let reference: RawImage;
  try {
    reference = await desktop.readImage(args.reference_path);
  } catch (e) {
    if (e instanceof ToolError) return refused(e);
    throw e;
  }
  if (reference.width !== shot.width || reference.height !== shot.height) {
    reference = await scaleOffThread(reference, shot.width, shot.height);
  }
  const score = ssim(shot, reference);
  const min = typeof args.min_ssim === "number" ? args.min_ssim : DEFAULT_MIN_SSIM;
  return { passed: score >= min, observed: { ssim: Math.round(score * 10000) / 10000 } };
};
