// Image work in Workers: a full-screen encode takes tens of milliseconds and
// a large reference image seconds to decode and scale, which must not stall
// every other request on the HTTP thread. Encoding and decoding have a worker
// each, so a slow decode never holds up screenshots.

import type { RawImage } from "../adapters/types.ts";
import { type ErrorCode, ToolError } from "./errors.ts";
import type { JobBody, Reply } from "./png_worker_main.ts";

class ImageWorker {
  private worker: Worker | null = null;
  private nextId = 0;
  private readonly pending = new Map<
    number,
    { resolve: (result: unknown) => void; reject: (e: Error) => void }
  >();

  run<T>(job: JobBody, transfer: ArrayBuffer[]): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (result: unknown) => void, reject });
      this.ensure().postMessage({ ...job, id }, transfer);
    });
  }

  stop(): void {
    this.worker?.terminate();
    this.failAll(new Error("PNG worker stopped"));
  }

  private failAll(error: Error): void {
    for (const { reject } of this.pending.values()) reject(error);
    this.pending.clear();
    this.worker = null; // the next call starts a fresh worker
  }

  private ensure(): Worker {
    if (this.worker) return this.worker;
    const url = new URL("./png_worker_main.ts", import.meta.url).href;
    const w = new Worker(url, { type: "module" });
    w.onmessage = (event: MessageEvent<Reply>) => {
      const { id, result, error, code, context } = event.data;
      const job = this.pending.get(id);
      if (!job) return;
      this.pending.delete(id);
      if (error === undefined) job.resolve(result);
      else job.reject(code ? new ToolError(code as ErrorCode, error, context) : new Error(error));
    };
    w.onerror = (event) => {
      event.preventDefault();
      this.failAll(new Error(`PNG worker crashed: ${event.message}`));
    };
    this.worker = w;
    return w;
  }
}

const encoder = new ImageWorker();
const decoder = new ImageWorker();

/** Encodes in the worker; the image's pixel buffer is transferred, not copied. */
export function encodePngOffThread(image: RawImage): Promise<Uint8Array> {
  return encoder.run({ kind: "encode", image }, [image.data.buffer as ArrayBuffer]);
}

/** Decodes in the worker (lib/png.ts decodePng); the bytes' buffer is transferred. */
export function decodePngOffThread(bytes: Uint8Array, maxPixels: number): Promise<RawImage> {
  return decoder.run({ kind: "decode", bytes, maxPixels }, [bytes.buffer as ArrayBuffer]);
}

/** lib/raster.ts scaleTo in the worker; the image's pixel buffer is transferred. */
export function scaleOffThread(image: RawImage, width: number, height: number): Promise<RawImage> {
  return decoder.run({ kind: "scale", image, width, height }, [image.data.buffer as ArrayBuffer]);
}

/** Stops the workers (tests; shutdown). */
export function stopPngWorker(): void {
  encoder.stop();
  decoder.stop();
}
