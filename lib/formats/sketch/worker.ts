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
}

answerJobs<SketchJob, SketchResult>(
  ({ root, options }) => renderSketchCached(root, options),
  () => [],
);
