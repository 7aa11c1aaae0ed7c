// Worker side of lib/png_worker.ts: encodes images off the HTTP thread.

import { encodePng } from "./png.ts";
import type { RawImage } from "../adapters/types.ts";

interface Job {
  id: number;
  image: RawImage;
}

// deno-lint-ignore no-explicit-any
const scope = self as any;
scope.onmessage = async (event: MessageEvent<Job>) => {
  const { id, image } = event.data;
  try {
    const png = await encodePng(image);
    scope.postMessage({ id, png }, [png.buffer as ArrayBuffer]);
  } catch (e) {
    scope.postMessage({ id, error: (e as Error).message });
  }
};
