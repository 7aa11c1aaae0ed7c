// Worker side of lib/formats/image/workers.ts: encodes (PNG, JPEG), decodes and scales images off
// the HTTP thread.

import type { RawImage } from "../../model/image.ts";
import type { Bounds } from "../../model/tree.ts";
import { answerJobs } from "../../support/off_thread.ts";
import { decodePng, encodePng } from "./png.ts";
import type { ImageEncoding } from "./formats.ts";
import { encodePicture } from "./encode.ts";
import { asRgba } from "./pixel_layout.ts";
import { scaleTo } from "./raster.ts";
import { cropAndScale } from "./crop.ts";
import { type OcrPrepare, prepareForOcr } from "../ocr/preprocess.ts";
import { textBoxes } from "../ocr/boxes.ts";

export type ImageJob =
  | { kind: "encode"; image: RawImage; encoding: ImageEncoding }
  | { kind: "decode"; bytes: Uint8Array; maxPixels: number }
  | { kind: "scale"; image: RawImage; width: number; height: number }
  | {
    kind: "crop";
    image: RawImage;
    box: Bounds;
    width: number;
    height: number;
    encoding: ImageEncoding;
  }
  | { kind: "ocr_prepare"; image: RawImage; job: OcrPrepare }
  | {
    kind: "ocr_boxes";
    image: RawImage;
    job: Omit<OcrPrepare, "region">;
    limit: number;
    /** The boxes to prepare; absent: the flat-colour boxes found in the image. */
    regions?: Bounds[];
  };

/** Flat-colour boxes that may hold a line of text, each prepared for OCR. */
export interface OcrBoxes {
  boxes: Bounds[];
  pngs: Uint8Array[];
}

answerJobs<ImageJob, Uint8Array | RawImage | OcrBoxes>(
  (job) => {
    switch (job.kind) {
      case "encode":
        return encodePicture(job.image, job.encoding);
      case "decode":
        return decodePng(job.bytes, { maxPixels: job.maxPixels });
      case "scale":
        return scaleTo(asRgba(job.image), job.width, job.height);
      case "crop":
        return encodePicture(cropAndScale(asRgba(job.image), job.box, job), job.encoding);
      case "ocr_prepare":
        return encodePng(prepareForOcr(asRgba(job.image), job.job).image);
      case "ocr_boxes": {
        const image = asRgba(job.image);
        return ocrBoxes(image, job.job, job.regions ?? textBoxes(image, job.limit));
      }
    }
  },
  (result) => {
    if (result instanceof Uint8Array) return [result.buffer as ArrayBuffer];
    if ("pngs" in result) return result.pngs.map((png) => png.buffer as ArrayBuffer);
    return [result.data.buffer as ArrayBuffer];
  },
);

async function ocrBoxes(
  image: RawImage,
  job: Omit<OcrPrepare, "region">,
  boxes: Bounds[],
): Promise<OcrBoxes> {
  const pngs: Uint8Array[] = [];
  for (const region of boxes) {
    // An empty box (a region off the picture) keeps its place with no image.
    const empty = region.width === 0 || region.height === 0;
    pngs.push(
      empty ? new Uint8Array(0) : await encodePng(prepareForOcr(image, { ...job, region }).image),
    );
  }
  return { boxes, pngs };
}
