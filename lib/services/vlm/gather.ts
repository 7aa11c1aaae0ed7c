// Gathers the grounding parts of one window (lib/services/vlm/grounding.ts), each as
// enabled by its vlm.ground_with_* flag. A part that fails is left out: the
// model still sees the screenshot and the other parts.

import type { VlmContext } from "./context.ts";
import { type Element, focusedElement } from "../../model/tree.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { sketchTextOffThread } from "../../formats/sketch/off_thread.ts";
import { focusLine, type GroundingParts } from "./grounding.ts";

/** What a description already has of the window it describes. */
export interface VlmSubject {
  window: ListedWindow;
  /** The window's whole tree, as captured (redacted). */
  tree: Element;
  /** The accessibility prose of the whole window. */
  prose: string;
  /** The window's OCR text or OCR's bracketed message (shared with the `[ocr]` section). */
  ocrText: () => Promise<string>;
}

/** The sketch at the configured grid, with the renderer's own legend; null when it fails. */
async function sketchOf(session: VlmContext, subject: VlmSubject): Promise<string | null> {
  const settings = session.config.ascii_sketch;
  const sketch = await sketchTextOffThread(subject.tree, {
    ref: subject.window.bounds,
    gridWidth: settings.grid_width,
    gridHeight: settings.grid_height,
    unicodeBox: settings.unicode_box,
    roleGlyphs: settings.role_glyphs,
    occlusionPrune: settings.occlusion_prune,
    tabIndexBadges: settings.tab_index_badges,
    landmarkHeaders: settings.landmark_headers,
  });
  return sketch.startsWith("[ASCII render error") ? null : sketch;
}

function quietly<T>(work: () => Promise<T | null>): Promise<T | null> {
  return work().catch(() => null);
}

export async function gatherGrounding(
  session: VlmContext,
  subject: VlmSubject,
): Promise<GroundingParts> {
  const flags = session.config.vlm;
  const readOcr = flags.ground_with_ocr && session.config.ocr.enabled;
  const [ocr, sketch] = await Promise.all([
    readOcr ? quietly(subject.ocrText) : null,
    flags.ground_with_sketch ? quietly(() => sketchOf(session, subject)) : null,
  ]);
  const focused = flags.ground_with_focus ? focusedElement(subject.tree) : null;
  return {
    tree: flags.ground_with_tree ? subject.prose : null,
    ocr,
    sketch,
    focus: focused ? focusLine(focused) : null,
  };
}
