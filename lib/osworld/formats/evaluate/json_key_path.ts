// Following a check_json rule's `key` list into parsed JSON the way Python's
// `value = value[k]` does: dict keys, and int indices (negative from the end)
// into lists and strings.

import { isDict, PythonError, pythonIterate } from "./tree_query/python_values.ts";

/** The value found, or why not: a KeyError/TypeError ("key") or an IndexError ("index"). */
export type KeyPathLookup =
  | { missing?: undefined; value: unknown }
  | { missing: "key" | "index" };

function indexInto(sequence: ArrayLike<unknown>, index: number): KeyPathLookup {
  const position = index < 0 ? sequence.length + index : index;
  if (position < 0 || position >= sequence.length) return { missing: "index" };
  return { value: sequence[position] };
}

function step(value: unknown, key: unknown): KeyPathLookup {
  if (isDict(value)) {
    return typeof key === "string" && Object.hasOwn(value, key)
      ? { value: value[key] }
      : { missing: "key" };
  }
  if (typeof key !== "number" || !Number.isInteger(key)) return { missing: "key" };
  if (Array.isArray(value)) return indexInto(value, key);
  if (typeof value === "string") return indexInto(Array.from(value), key);
  return { missing: "key" };
}

export function jsonKeyPath(data: unknown, keys: unknown): KeyPathLookup {
  if (keys === null || typeof keys === "number") throw new PythonError("key is not iterable");
  let found: KeyPathLookup = { value: data };
  for (const key of pythonIterate(keys)) {
    if (found.missing !== undefined) break;
    found = step(found.value, key);
  }
  return found;
}
