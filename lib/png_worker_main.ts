// Worker side of lib/png_worker.ts: encodes, decodes and scales images off
// the HTTP thread. A ToolError keeps its code and context across.

import type { RawImage } from "../adapters/types.ts";
import { ToolError } from "./errors.ts";
import { decodePng, encodePng } from "./png.ts";
import { scaleTo } from "./raster.ts";

export type JobBody =
  | { kind: "encode"; image: RawImage }
  | { kind: "decode"; bytes: Uint8Array; maxPixels: number }
  | { kind: "scale"; image: RawImage; width: number; height: number };

export type Job = JobBody & { id: number };

export interface Reply {
  id: number;
  result?: Uint8Array | RawImage;
  error?: string;
  code?: string;
  context?: Record<string, unknown>;
}

async function perform(job: JobBody): Promise<Uint8Array | RawImage> {
  switch (job.kind) {
    case "encode":
      return await encodePng(job.image);
    case "decode":
      return await decodePng(job.bytes, { maxPixels: job.maxPixels });
    case "scale":
      return scaleTo(job.image, job.width, job.height);
  }
}

function bufferOf(result: Uint8Array | RawImage): ArrayBuffer {
  return (result instanceof Uint8Array ? result : result.data).buffer as ArrayBuffer;
}

// deno-lint-ignore no-explicit-any
const scope = self as any;
scope.onmessage = async (event: MessageEvent<Job>) => {
  const { id, ...job } = event.data;
  try {
    const result = await perform(job);
    scope.postMessage({ id, result } satisfies Reply, [bufferOf(result)]);
  } catch (e) {
    const reply: Reply = { id, error: (e as Error).message };
    if (e instanceof ToolError) Object.assign(reply, { code: e.code, context: e.context });
    scope.postMessage(reply);
  }
};
