// Agents re-observe unchanged windows all the time: the same tree and
// options give the same sketch, so recent results are reused. The key is a
// SHA-1 of the tree (ids included) and the options; OCR input bypasses it.

import { createHash } from "node:crypto";
import type { Element } from "../../model/tree.ts";
import { renderSketch, type SketchOptions, type SketchResult } from "./render.ts";
import { LruCache } from "../../support/lru_cache.ts";

const recent = new LruCache<string, SketchResult>(32);

/** Like renderSketch; the result is shared, so callers must not modify it. */
export function renderSketchCached(root: Element, options: SketchOptions): SketchResult {
  if (options.ocr) return renderSketch(root, options);
  const key = createHash("sha1").update(JSON.stringify([root, options]), "utf8").digest("hex");
  const hit = recent.get(key);
  if (hit) return hit;
  const result = renderSketch(root, options);
  recent.set(key, result);
  return result;
}
