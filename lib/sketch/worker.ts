// Worker side of lib/sketch/off_thread.ts: draws sketches (and keeps the
// recent ones, memo.ts) off the HTTP thread; a large grid takes the renderer
// 5–15 ms, and hashing a big tree for the memo a few more.

import { answerJobs } from "../core/off_thread.ts";
import { renderSketchCached } from "./memo.ts";
import type { SketchOptions, SketchResult } from "./render.ts";
import type { Element } from "../core/tree.ts";

export interface SketchJob {
  root: Element;
  options: SketchOptions;
}

answerJobs<SketchJob, SketchResult>(
  ({ root, options }) => renderSketchCached(root, options),
  () => [],
);
