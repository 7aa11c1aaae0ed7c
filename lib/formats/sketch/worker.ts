// Worker side of lib/formats/sketch/off_thread.ts: draws sketches (and keeps the
// recent ones, memo.ts) off the HTTP thread; a large grid takes the renderer
// 5–15 ms, and hashing a big tree for the memo a few more.

import { answerJobs } from "../../support/off_thread.ts";
import { renderSketchCached } from "./memo.ts";
import type { SketchOptions, SketchResult } from "./render.ts";
import type { Element } from "../../model/tree.ts";

export interface SketchJob {
  root: Element;
  options: SketchOptions;
  /** Only the sketch's text comes back (copying the elements back costs more than drawing). */
  textOnly: boolean;
}

answerJobs<SketchJob, SketchResult | string>(
  ({ root, options, textOnly }) => {
    const result = renderSketchCached(root, options);
    return textOnly ? result.sketch : result;
  },
  () => [],
);
