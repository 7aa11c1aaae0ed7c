// Marking of screen-derived results (spec/safety.md §7): `untrusted: true`
// and every string stripped of ANSI escapes and control characters, so text
// read off the screen cannot drive a terminal or hide instructions.

import { setOwn } from "./own.ts";

const PASS_THROUGH_KEYS = new Set([
  "data",
  "screenshot_b64",
  "tree_token",
  "base_token",
  "snapshot_id",
  "confirm_token",
]);

const ANSI = new RegExp(
  [
    "\\x1b\\[[0-9;?]*[\\x20-\\x2f]*[\\x40-\\x7e]", // CSI
    "\\x1b\\][\\s\\S]*?(?:\\x07|\\x1b\\\\|$)", // OSC, to BEL, ST or the end
    "\\x1b[@-Z\\\\\\]^_]", // two-byte escapes
  ].join("|"),
  "g",
);
// deno-lint-ignore no-control-regex
const CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/g;

// Every escape sequence starts with ESC, itself a control character: strings
// without any control character (nearly all of them) are returned as they are.
// deno-lint-ignore no-control-regex
const ANY_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]/;

export function sanitizeString(s: string): string {
  if (!ANY_CONTROL.test(s)) return s;
  return s.replace(ANSI, "").replace(CONTROL, "");
}

/**
 * The value with every string (object keys included) sanitized. Copy on
 * write: an array or object none of whose parts changed is returned as it is,
 * so a clean 20,000-node tree costs one walk and no allocation.
 */
export function sanitizeValue(value: unknown): unknown {
  if (typeof value === "string") return sanitizeString(value);
  if (value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return sanitizeArray(value);
  return sanitizeObject(value as Record<string, unknown>);
}

function sanitizeArray(source: unknown[]): unknown[] {
  let out: unknown[] | null = null;
  for (let i = 0; i < source.length; i++) {
    const item = sanitizeValue(source[i]);
    if (out === null && item !== source[i]) out = source.slice(0, i);
    out?.push(item);
  }
  return out ?? source;
}

function sanitizeObject(source: Record<string, unknown>): Record<string, unknown> {
  const keys = Object.keys(source);
  let out: Record<string, unknown> | null = null;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i];
    const safeKey = sanitizeString(key);
    const item = PASS_THROUGH_KEYS.has(key) ? source[key] : sanitizeValue(source[key]);
    if (out === null && (item !== source[key] || safeKey !== key)) {
      out = {};
      for (let j = 0; j < i; j++) setOwn(out, keys[j], source[keys[j]]);
    }
    if (out !== null) setOwn(out, safeKey, item);
  }
  return out ?? source;
}

export function markUntrusted(result: Record<string, unknown>): Record<string, unknown> {
  return { ...(sanitizeValue(result) as Record<string, unknown>), untrusted: true };
}
