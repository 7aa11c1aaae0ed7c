// Worker side of lib/image/workers.ts: encodes, decodes and scales images off
// the HTTP thread.

import type { RawImage } from "../../adapters/types.ts";
import { answerJobs } from "../core/off_thread.ts";
import { decodePng, encodePng } from "./png.ts";
import { scaleTo } from "./raster.ts";

export type ImageJob =
  | { kind: "encode"; image: RawImage }
  | { kind: "decode"; bytes: Uint8Array; maxPixels: number }
  | { kind: "scale"; image: RawImage; width: number; height: number };

answerJobs<ImageJob, Uint8Array | RawImage>(
  (job) => {
    switch (job.kind) {
      case "encode":
        return encodePng(job.image);
      case "decode":
        return decodePng(job.bytes, { maxPixels: job.maxPixels });
      case "scale":
        return scaleTo(job.image, job.width, job.height);
    }
  },
  (result) => [(result instanceof Uint8Array ? result : result.data).buffer as ArrayBuffer],
);
