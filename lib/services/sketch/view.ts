// The legacy sketch result shared by GET /api/sketch and the get_screen_sketch
// tool: {window, grid_width, grid_height, ocr_overlay, sketch} (+ elements and
// legend when structured).

import { captureDefault, captureWindow, listWindows, resolveListed } from "../observe/capture.ts";
import type { SketchContext } from "./context.ts";
import { renderSketchOffThread, sketchTextOffThread } from "../../formats/sketch/off_thread.ts";
import type { Element } from "../../model/tree.ts";
import type { WindowArgs } from "../../formats/geometry/window_order.ts";
import { type SketchOcr, sketchOcr } from "./ocr_input.ts";

export const GRID_LIMITS = { width: [10, 500], height: [5, 250] } as const;

export interface SketchRequest extends WindowArgs {
  grid_width?: number;
  grid_height?: number;
  /** Box glyphs: Unicode when true, plain ASCII when false; default from config. */
  unicode?: boolean;
  structured?: boolean;
  ocr?: boolean;
}

/** The sketch of the requested window (else the focused one), or null without a tree. */
export async function sketchView(
  session: SketchContext,
  request: SketchRequest,
): Promise<Record<string, unknown> | null> {
  const settings = session.config.ascii_sketch;
  const gridWidth = request.grid_width ?? settings.grid_width;
  const gridHeight = request.grid_height ?? settings.grid_height;
  const { window } = resolveListed(await listWindows(session), request);
  const root: Element | null = window
    ? (await captureWindow(session, window, "current")).tree
    : await captureDefault(session);
  if (!root) return null;
  let ocr: SketchOcr | null = null;
  let ocrError: string | null = null;
  if (request.ocr && window) {
    try {
      ocr = await sketchOcr(session, window, root);
    } catch (e) {
      ocrError = (e as Error).message;
    }
  } else if (request.ocr) {
    ocrError = "OCR needs a window (window_uid, window_index or window_title)";
  }
  const options = {
    ref: window?.bounds ?? null,
    gridWidth,
    gridHeight,
    unicodeBox: request.unicode ?? settings.unicode_box,
    roleGlyphs: settings.role_glyphs,
    occlusionPrune: settings.occlusion_prune,
    tabIndexBadges: settings.tab_index_badges,
    landmarkHeaders: settings.landmark_headers,
    ...(ocr ? { ocr } : {}),
  };
  const result = request.structured
    ? await renderSketchOffThread(root, options)
    : { sketch: await sketchTextOffThread(root, options) };
  return {
    window: window?.title ?? "(focused)",
    grid_width: gridWidth,
    grid_height: gridHeight,
    ocr_overlay: ocr !== null,
    ...(ocrError === null ? {} : { ocr_error: ocrError }),
    sketch: result.sketch,
    ...("elements" in result
      ? { elements: result.elements, legend: Object.fromEntries(result.legend) }
      : {}),
  };
}
