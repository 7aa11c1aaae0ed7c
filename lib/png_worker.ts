// PNG encoding in a Worker: a full-screen encode takes tens of milliseconds,
// which must not stall every other request on the HTTP thread.

import type { RawImage } from "../adapters/types.ts";

type Reply = { id: number; png?: Uint8Array; error?: string };

let worker: Worker | null = null;
let nextId = 0;
const pending = new Map<
  number,
  { resolve: (png: Uint8Array) => void; reject: (e: Error) => void }
>();

function failAll(error: Error): void {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = null; // the next call starts a fresh worker
}

function ensureWorker(): Worker {
  if (worker) return worker;
  const w = new Worker(new URL("./png_worker_main.ts", import.meta.url).href, { type: "module" });
  w.onmessage = (event: MessageEvent<Reply>) => {
    const { id, png, error } = event.data;
    const job = pending.get(id);
    if (!job) return;
    pending.delete(id);
    if (png) job.resolve(png);
    else job.reject(new Error(error ?? "PNG worker failed"));
  };
  w.onerror = (event) => {
    event.preventDefault();
    failAll(new Error(`PNG worker crashed: ${event.message}`));
  };
  worker = w;
  return w;
}

/** Encodes in the worker; the image's pixel buffer is transferred, not copied. */
export function encodePngOffThread(image: RawImage): Promise<Uint8Array> {
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve, reject });
    ensureWorker().postMessage({ id, image }, [image.data.buffer as ArrayBuffer]);
  });
}

/** Stops the worker (tests; shutdown). */
export function stopPngWorker(): void {
  worker?.terminate();
  failAll(new Error("PNG worker stopped"));
}
