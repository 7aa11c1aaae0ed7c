// What OCR adds to a sketch: names for visible controls that have none
// (each read as one line from its own box, at most ocr.max_roi_crops of
// them) and the text lines of the whole window, which the renderer writes
// over the grid. Read from one screenshot per pass.

import type { Element } from "../../model/tree.ts";
import type { SketchContext } from "./context.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { BLOCKS_PER_BOX, linesOf, ocrWindow, ocrWindowRegions } from "../ocr/index.ts";
import { ocrCandidates } from "../../formats/sketch/render.ts";
import type { OcrLine } from "../../formats/sketch/overlay.ts";

/** Smaller boxes hold no readable text (spec: skip crops under 4×4). */
const MIN_SIDE = 4;

export interface SketchOcr {
  names: Map<string, string>;
  lines: OcrLine[];
}

export async function sketchOcr(
  session: SketchContext,
  window: ListedWindow,
  root: Element,
): Promise<SketchOcr> {
  const settings = session.config;
  const candidates = ocrCandidates(root, settings.ascii_sketch.occlusion_prune)
    .filter((e) => e.bounds.width >= MIN_SIDE && e.bounds.height >= MIN_SIDE)
    .slice(0, settings.ocr.max_roi_crops);
  const names = new Map<string, string>();
  if (candidates.length > 0) {
    const read = await ocrWindowRegions(session, window, candidates.map((e) => e.bounds));
    candidates.forEach((candidate, i) => {
      const text = read.words
        .filter((w) => Math.floor(w.block / BLOCKS_PER_BOX) === i)
        .map((w) => w.text)
        .join(" ");
      if (text !== "") names.set(candidate.id, text);
    });
  }
  const whole = await ocrWindow(session, window);
  const lines = linesOf(whole.words).map((line) => ({
    text: line.text,
    confidence: line.confidence,
    left: line.bbox.x - window.bounds.x,
    top: line.bbox.y - window.bounds.y,
    width: line.bbox.width,
    height: line.bbox.height,
  }));
  return { names, lines };
}
