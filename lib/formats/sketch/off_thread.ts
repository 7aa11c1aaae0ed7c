// Sketches for the service, drawn in a worker (lib/formats/sketch/worker.ts) so the
// HTTP thread only copies the tree across.

import { OffThread } from "../../support/off_thread.ts";
import type { Element } from "../../model/tree.ts";
import type { SketchOptions, SketchResult } from "./render.ts";
import { SAMPLE_AREA, sampleWindow } from "../warm/views.ts";
import type { SketchJob } from "./worker.ts";
import { KeptPerObject } from "../../support/lru_cache.ts";

const worker = new OffThread<SketchJob>(new URL("./worker.ts", import.meta.url), "sketch");

/**
 * Sketches already drawn of a tree object, by options: an unchanged window is
 * captured as the very tree object the service holds, and sending it to the
 * worker again would cost more than the drawing.
 */
const drawn = new KeptPerObject<Element, Promise<SketchResult | string>>(8);

function draw(root: Element, options: SketchOptions, textOnly: boolean) {
  if (options.ocr) return worker.run<SketchResult | string>({ root, options, textOnly });
  const key = `${textOnly} ${JSON.stringify(options)}`;
  let result = drawn.get(root, key);
  if (result === undefined) {
    result = worker.run<SketchResult | string>({ root, options, textOnly });
    // A failed drawing is not kept: the next request tries again.
    drawn.set(root, key, result, result);
  }
  return result;
}

/** Like renderSketchCached (memo.ts), in the worker; the result is shared, not to be modified. */
export function renderSketchOffThread(
  root: Element,
  options: SketchOptions,
): Promise<SketchResult> {
  return draw(root, options, false) as Promise<SketchResult>;
}

/** The sketch's text alone, for callers that need neither its elements nor its legend. */
export function sketchTextOffThread(root: Element, options: SketchOptions): Promise<string> {
  return draw(root, options, true) as Promise<string>;
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
