// Sketches for the service, drawn in a worker (lib/formats/sketch/worker.ts) so the
// HTTP thread only copies the tree across.

import { OffThread } from "../../support/off_thread.ts";
import type { Element } from "../../model/tree.ts";
import type { SketchOptions, SketchResult } from "./render.ts";
import { SAMPLE_AREA, sampleWindow } from "../warm/views.ts";
import type { SketchJob } from "./worker.ts";

const worker = new OffThread<SketchJob>(new URL("./worker.ts", import.meta.url), "sketch");

/** Like renderSketchCached (memo.ts), in the worker. */
export function renderSketchOffThread(
  root: Element,
  options: SketchOptions,
): Promise<SketchResult> {
  return worker.run({ root, options });
}

/**
 * Starts the worker and has it draw a small window each way, so the
 * renderer's code is compiled before the first request; resolves once it has.
 */
export async function startSketchWorker(): Promise<void> {
  try {
    for (const unicodeBox of [true, false]) {
      await renderSketchOffThread(sampleWindow("1"), {
        ref: SAMPLE_AREA,
        gridWidth: 40,
        gridHeight: 10,
        unicodeBox,
        roleGlyphs: true,
        occlusionPrune: true,
        tabIndexBadges: true,
        landmarkHeaders: true,
      });
    }
  } catch {
    // A failed warm-up shows again, with its cause, in the first request.
  }
}
