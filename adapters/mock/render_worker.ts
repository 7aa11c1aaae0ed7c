// Worker side of the mock's screenshots: drawing a 1080p desktop from the
// trees takes tens of milliseconds, which must not stall the HTTP thread.

import type { RawImage } from "../../lib/model/image.ts";
import type { Bounds, Element } from "../../lib/model/tree.ts";
import { answerJobs } from "../../lib/support/off_thread.ts";
import { renderScreen, renderWindow } from "./screenshot.ts";

export type RenderJob =
  | { kind: "window"; root: Element; window: Bounds }
  | { kind: "screen"; windows: Array<{ bounds: Bounds; root: Element | null }>; screen: Bounds };

answerJobs<RenderJob, RawImage>(
  (job) =>
    job.kind === "window"
      ? renderWindow(job.root, job.window)
      : renderScreen(job.windows, job.screen),
  (image) => [image.data.buffer as ArrayBuffer],
);
