// Python's `==`, `in`, `str()` and truthiness on JSON-shaped values, so the
// metrics compare what OSWorld's Python getters would have returned.

import { pythonRepr } from "../../../../formats/pycompat/repr.ts";

/** Where Python would raise (TypeError, KeyError, re.error): the metric then scores 0. */
export class PythonError extends Error {}

export type PyDict = Record<string, unknown>;

export function isDict(value: unknown): value is PyDict {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** `a == b`: deep for lists and dicts, and True == 1 as in Python. */
export function pythonEquals(a: unknown, b: unknown): boolean {
  const x = typeof a === "boolean" && typeof b === "number" ? Number(a) : a;
  const y = typeof b === "boolean" && typeof a === "number" ? Number(b) : b;
  if (Array.isArray(x) || Array.isArray(y)) {
    return Array.isArray(x) && Array.isArray(y) && x.length === y.length &&
      x.every((item, i) => pythonEquals(item, y[i]));
  }
  if (isDict(x) || isDict(y)) {
    if (!isDict(x) || !isDict(y)) return false;
    const keys = Object.keys(x);
    return keys.length === Object.keys(y).length &&
      keys.every((key) => Object.hasOwn(y, key) && pythonEquals(x[key], y[key]));
  }
  return x === y;
}

/** `item in container`: substring for str, membership for list, key for dict. */
export function pythonContains(container: unknown, item: unknown): boolean {
  if (typeof container === "string") {
    if (typeof item !== "string") throw new PythonError("'in <string>' requires string");
    return container.includes(item);
  }
  if (Array.isArray(container)) return container.some((element) => pythonEquals(element, item));
  if (isDict(container)) return typeof item === "string" && Object.hasOwn(container, item);
  throw new PythonError("argument is not iterable");
}

/** `dict[key]` as OSWorld's rule lookups do it; a missing key is a KeyError. */
export function dictItem(rules: unknown, key: string): unknown {
  if (!isDict(rules)) throw new PythonError("rules is not a dict");
  if (!Object.hasOwn(rules, key)) throw new PythonError(`KeyError: ${key}`);
  return rules[key];
}

/** `dict.get(key, default)`. */
export function dictGet(rules: unknown, key: string, fallback: unknown): unknown {
  if (!isDict(rules)) throw new PythonError("rules is not a dict");
  return Object.hasOwn(rules, key) ? rules[key] : fallback;
}

/** Iterating a value in a `for` loop: a str yields its characters. */
export function pythonIterate(value: unknown): unknown[] {
  if (typeof value === "string") return Array.from(value);
  if (Array.isArray(value)) return value;
  if (isDict(value)) return Object.keys(value);
  throw new PythonError("object is not iterable");
}

export function pythonTruthy(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  if (isDict(value)) return Object.keys(value).length > 0;
  return Boolean(value);
}

/**
 * `str(value)`. Guess: JSON cannot tell 1 from 1.0, so whole numbers print as
 * Python ints ("1"), and JS number formatting stands in for Python's float repr.
 */
export function pythonStr(value: unknown): string {
  return typeof value === "string" ? value : pythonValueRepr(value);
}

function pythonValueRepr(value: unknown): string {
  if (value === null || value === undefined) return "None";
  if (typeof value === "boolean") return value ? "True" : "False";
  if (typeof value === "string") return pythonRepr(value);
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "nan";
    if (!Number.isFinite(value)) return value > 0 ? "inf" : "-inf";
    return String(value);
  }
  if (Array.isArray(value)) return `[${value.map(pythonValueRepr).join(", ")}]`;
  if (isDict(value)) {
    const entries = Object.entries(value).map(([k, v]) =>
      `${pythonRepr(k)}: ${pythonValueRepr(v)}`
    );
    return `{${entries.join(", ")}}`;
  }
  return String(value);
}
