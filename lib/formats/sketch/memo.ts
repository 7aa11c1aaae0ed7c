// Agents re-observe unchanged windows all the time: the same tree and
// options give the same sketch, so recent results are reused. The key is a
// SHA-1 of the tree (ids included) and the options; OCR input bypasses it.

import { createHash } from "node:crypto";
import type { Element } from "../../model/tree.ts";
import { renderSketch, type SketchOptions, type SketchResult } from "./render.ts";

const CAPACITY = 32;
const recent = new Map<string, SketchResult>();

/** Like renderSketch; the result is shared, so callers must not modify it. */
export function renderSketchCached(root: Element, options: SketchOptions): SketchResult {
  if (options.ocr) return renderSketch(root, options);
  const key = createHash("sha1").update(JSON.stringify([root, options]), "utf8").digest("hex");
  const hit = recent.get(key);
  if (hit) {
    recent.delete(key);
    recent.set(key, hit);
    return hit;
  }
  const result = renderSketch(root, options);
  recent.set(key, result);
  if (recent.size > CAPACITY) recent.delete(recent.keys().next().value!);
  return result;
}
