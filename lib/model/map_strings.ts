// Rewrites every string inside a JSON-like value (object keys included),
// copy on write: an array or object none of whose parts changed is returned
// as it is, so a clean 20,000-node tree costs one walk and no allocation.
// Values under `skip` keys (images, opaque tokens) are left untouched, and so
// are the objects in `done` (already rewritten, and never changed since).

import { setOwn } from "./own.ts";

export function mapStrings(
  value: unknown,
  rewrite: (s: string) => string,
  skip: ReadonlySet<string>,
  done?: WeakSet<object>,
): unknown {
  if (typeof value === "string") return rewrite(value);
  if (value === null || typeof value !== "object" || done?.has(value)) return value;
  if (Array.isArray(value)) return mapArray(value, rewrite, skip, done);
  return mapObject(value as Record<string, unknown>, rewrite, skip, done);
}

function mapArray(
  source: unknown[],
  rewrite: (s: string) => string,
  skip: ReadonlySet<string>,
  done: WeakSet<object> | undefined,
): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < source.length; i++) {
    const item = mapStrings(source[i], rewrite, skip, done);
    if (out === null && item !== source[i]) out = source.slice(0, i);
    out?.push(item);
  }
  return out ?? source;
}

function mapObject(
  source: Record<string, unknown>,
  rewrite: (s: string) => string,
  skip: ReadonlySet<string>,
  done: WeakSet<object> | undefined,
): Record<string, unknown> {
  const keys = Object.keys(source);
  let out: Record<string, unknown> | null = null;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const newKey = rewrite(key);
    const item = skip.has(key) ? source[key] : mapStrings(source[key], rewrite, skip, done);
    if (out === null && (item !== source[key] || newKey !== key)) {
      out = {};
      for (let j = 0; j < i; j++) setOwn(out, keys[j], source[keys[j]]);
    }
    if (out !== null) setOwn(out, newKey, item);
  }
  return out ?? source;
}
