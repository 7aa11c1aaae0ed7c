// OSWorld's `_match_value_to_rule(value, {method, ref})`, the comparison
// behind check_json's expect/unexpect rules.

import { compilePythonRegex } from "./python_regex.ts";
import { dictItem, pythonEquals, PythonError } from "./tree_query/python_values.ts";

type Order = "lt" | "le" | "gt" | "ge";

/** Python's <, <=, >, >= for the JSON types that support ordering. */
function ordered(a: unknown, b: unknown, order: Order): boolean {
  const comparable = (typeof a === "number" || typeof a === "boolean") &&
      (typeof b === "number" || typeof b === "boolean") ||
    typeof a === "string" && typeof b === "string";
  if (!comparable) throw new PythonError(`'${order}' not supported between these types`);
  const x = a as number | string;
  const y = b as number | string;
  switch (order) {
    case "lt":
      return x < y;
    case "le":
      return x <= y;
    case "gt":
      return x > y;
    case "ge":
      return x >= y;
  }
}

/** Python's float(): numbers, bools and numeric strings; anything else fails. */
function pythonFloat(value: unknown): number | undefined {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return Number(value);
  if (typeof value === "string" && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(value)) {
    return Number(value);
  }
  return undefined;
}

/** Python's str.strip(chars) from both ends. */
function stripChars(text: string, chars: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && chars.includes(text[start])) start++;
  while (end > start && chars.includes(text[end - 1])) end--;
  return text.slice(start, end);
}

/** Whether `value` satisfies `rule`; raises PythonError where OSWorld would raise. */
export function matchValueToRule(value: unknown, rule: unknown): boolean {
  const method = dictItem(rule, "method");
  const ref = dictItem(rule, "ref");
  if (typeof method !== "string") throw new PythonError("method is not a str");
  if (method.startsWith("re")) {
    // "re", "re.I", "re.IGNORECASE.MULTILINE", ...; OSWorld passes value unconverted.
    if (typeof value !== "string") throw new PythonError("expected string");
    return compilePythonRegex(ref, method.split(".").slice(1)).search(value);
  }
  if (method === "eq") return pythonEquals(value, ref);
  if (method === "ne") return !pythonEquals(value, ref);
  if (method === "lt" || method === "le" || method === "gt" || method === "ge") {
    return ordered(value, ref, method);
  }
  if (method.startsWith("approx:")) {
    const threshold = pythonFloat(method.slice("approx:".length));
    if (threshold === undefined) throw new PythonError("bad approx threshold");
    const number = pythonFloat(value);
    if (number === undefined) return false;
    if (typeof ref !== "number") throw new PythonError("ref is not a number");
    return Math.abs(number - ref) <= threshold;
  }
  if (/^range\.[te]{2}$/.test(method)) {
    // range.XY: ref[0] <X value <Y ref[1], where t is strict and e inclusive.
    if (!Array.isArray(ref) || ref.length < 2) throw new PythonError("range needs [low, high]");
    const low = method[6] === "t" ? "lt" : "le";
    const high = method[7] === "t" ? "lt" : "le";
    return ordered(ref[0], value, low) && ordered(value, ref[1], high);
  }
  if (method === "str_list_eq" || method === "str_set_eq") {
    if (typeof value !== "string" || !Array.isArray(ref)) throw new PythonError("bad str_*_eq");
    const items = stripChars(value, "\"'").split(",");
    if (method === "str_list_eq") return pythonEquals(items, ref);
    const refSet = new Set(ref);
    const itemSet = new Set<unknown>(items);
    return itemSet.size === refSet.size && [...itemSet].every((item) => refSet.has(item));
  }
  throw new PythonError(`unsupported method ${method}`);
}
