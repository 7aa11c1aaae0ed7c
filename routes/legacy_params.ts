// Query parsing for the legacy (v1) routes, whose errors are plain strings.

import { z } from "zod";
import { IMAGE_FORMATS } from "../lib/formats/image/formats.ts";
import { GRID_LIMITS } from "../lib/services/sketch/view.ts";
import {
  fitArgs,
  imageFormatArg,
  QUALITY_LIMITS,
  qualityArg,
} from "../lib/tools/shared/image_args.ts";
import { MAX_SCALED_SIDE } from "../lib/formats/geometry/coordinate_space.ts";
import { TRUE_WORDS } from "./query.ts";

const intText = (name: string, min: number, max: number) =>
  z.string()
    .regex(/^\s*-?\d+\s*$/, `${name} must be an integer`)
    .transform(Number)
    .pipe(
      z.number().min(min, `${name} must be between ${min} and ${max}`).max(
        max,
        `${name} must be between ${min} and ${max}`,
      ),
    );

const flag = z.string().transform((s) => TRUE_WORDS.has(s.trim().toLowerCase()));

export const legacyWindowQuery = z.object({
  window_uid: z.string().optional(),
  window_index: intText("window_index", -1_000_000, 1_000_000).optional(),
  window_title: z.string().optional(),
});

/** GET /api/screenshot: get_screenshot's arguments, as text. */
export const screenshotQuery = legacyWindowQuery.extend({
  format: z.enum(IMAGE_FORMATS, { error: `format must be ${IMAGE_FORMATS.join(" or ")}` })
    .optional().describe(imageFormatArg.description!),
  quality: intText("quality", ...QUALITY_LIMITS).optional().describe(qualityArg.description!),
  max_width: intText("max_width", 1, MAX_SCALED_SIDE).optional().describe(
    fitArgs.max_width.description!,
  ),
  max_height: intText("max_height", 1, MAX_SCALED_SIDE).optional().describe(
    fitArgs.max_height.description!,
  ),
  raw: flag.optional().describe(
    "true: the picture itself as the response body (image/png or image/jpeg), its facts in " +
      "X-Oso-* headers, as an Accept header naming an image type also asks.",
  ),
});

/** GET /api/bring_to_foreground: a window is required (checked by the tool). */
export const activationQuery = legacyWindowQuery.omit({ window_title: true });

export const sketchQuery = legacyWindowQuery.extend({
  grid_width: intText("grid_width", ...GRID_LIMITS.width).optional(),
  grid_height: intText("grid_height", ...GRID_LIMITS.height).optional(),
  ocr: flag.optional(),
  structured: flag.optional(),
  /** Box glyphs for this request: Unicode (1/true/yes) or plain ASCII; default from config. */
  unicode: flag.optional(),
});

export function firstIssue(error: z.ZodError): string {
  return error.issues[0].message;
}
