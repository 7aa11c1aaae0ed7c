// screenshot_similar (spec/scenarios.md §7): SSIM between the window's
// screenshot and a reference PNG (resized to the screenshot when they differ).

import { scaleTo } from "../../raster.ts";
import { ssim } from "../../ssim.ts";
import { failed, type PredicateCheck, predicateWindow } from "./types.ts";

const DEFAULT_MIN_SSIM = 0.95;

export const screenshotSimilar: PredicateCheck = async (args, desktop) => {
  const window = await predicateWindow(args, desktop);
  if (typeof args.reference_path !== "string" || !window) {
    return failed("reference_path and window required");
  }
  const shot = await desktop.screenshot(window);
  if (!shot) return failed("no screenshot");
  let reference = await desktop.readImage(args.reference_path);
  if (reference.width !== shot.width || reference.height !== shot.height) {
    reference = scaleTo(reference, shot.width, shot.height);
  }
  const score = ssim(shot, reference);
  const min = typeof args.min_ssim === "number" ? args.min_ssim : DEFAULT_MIN_SSIM;
  return { passed: score >= min, observed: { ssim: Math.round(score * 10000) / 10000 } };
};
