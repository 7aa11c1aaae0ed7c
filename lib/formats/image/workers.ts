// Image work in Workers: a full-screen encode takes tens of milliseconds and
// a large reference image seconds to decode and scale, which must not stall
// every other request on the HTTP thread. Encoding and decoding have a worker
// each, so a slow decode never holds up screenshots.

import type { RawImage } from "../../model/image.ts";
import { OffThread } from "../../support/off_thread.ts";
import type { ImageJob, OcrBoxes } from "./worker_main.ts";
import type { Bounds } from "../../model/tree.ts";
import type { Size } from "./crop.ts";
import type { OcrPrepare } from "../ocr/preprocess.ts";
import { type ImageEncoding, PNG } from "./formats.ts";

const WORKER = new URL("./worker_main.ts", import.meta.url);
const encoder = new OffThread<ImageJob>(WORKER, "PNG");
const decoder = new OffThread<ImageJob>(WORKER, "PNG");

/** Encodes in the worker; the image's pixel buffer is transferred, not copied. */
export function encodeOffThread(image: RawImage, encoding: ImageEncoding): Promise<Uint8Array> {
  return encoder.run({ kind: "encode", image, encoding }, [image.data.buffer as ArrayBuffer]);
}

export function encodePngOffThread(image: RawImage): Promise<Uint8Array> {
  return encodeOffThread(image, PNG);
}

/** Decodes in the worker (lib/formats/image/png.ts decodePng); the bytes' buffer is transferred. */
export function decodePngOffThread(bytes: Uint8Array, maxPixels: number): Promise<RawImage> {
  return decoder.run({ kind: "decode", bytes, maxPixels }, [bytes.buffer as ArrayBuffer]);
}

/** lib/formats/image/raster.ts scaleTo in the worker; the image's pixel buffer is transferred. */
export function scaleOffThread(image: RawImage, width: number, height: number): Promise<RawImage> {
  return decoder.run({ kind: "scale", image, width, height }, [image.data.buffer as ArrayBuffer]);
}

/**
 * `box` of the image, scaled to `size` (lib/formats/image/crop.ts cropAndScale) and
 * encoded, made in the encoding worker; the pixel buffer is transferred.
 */
export function cropOffThread(
  image: RawImage,
  box: Bounds,
  size: Size,
  encoding: ImageEncoding,
): Promise<Uint8Array> {
  const { width, height } = size;
  const job = { kind: "crop" as const, image, box, width, height, encoding };
  return encoder.run(job, [image.data.buffer as ArrayBuffer]);
}

/**
 * Boxes that may hold a line of text (lib/formats/ocr/boxes.ts; or the `regions`
 * given, image pixels), each as an OCR-ready PNG.
 */
export function ocrBoxesOffThread(
  image: RawImage,
  job: Omit<OcrPrepare, "region">,
  limit: number,
  regions?: Bounds[],
): Promise<OcrBoxes> {
  return decoder.run({ kind: "ocr_boxes", image, job, limit, regions }, [
    image.data.buffer as ArrayBuffer,
  ]);
}

/** An OCR-ready PNG of a region (lib/formats/ocr/preprocess.ts), made in the worker. */
export function ocrPngOffThread(image: RawImage, job: OcrPrepare): Promise<Uint8Array> {
  return decoder.run({ kind: "ocr_prepare", image, job }, [image.data.buffer as ArrayBuffer]);
}

/**
 * Starts both workers now: starting one holds the calling thread for tens of
 * milliseconds, which belongs at start-up, not inside the first request.
 */
export function startImageWorkers(): void {
  encoder.start();
  decoder.start();
}

/** Stops the workers (tests; shutdown). */
export function stopPngWorker(): void {
  encoder.stop();
  decoder.stop();
}
