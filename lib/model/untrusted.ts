// Marking of screen-derived results: `untrusted: true` and every string
// stripped of ANSI escapes and control characters, so text read off the
// screen cannot drive a terminal or hide instructions.

import { mapStrings } from "./map_strings.ts";
import type { Element } from "./tree.ts";

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
 * Values sanitized for a cache that serves them again (sanitizedForReuse):
 * cached trees and their views are never changed once made, so their
 * strings stay clean and sanitizing them again would find nothing.
 */
const sanitized = new WeakSet<object>();

const BACKSLASH = 0x5c;
/** `b`, `f` and `u`: after a backslash, escapes of characters that sanitizing changes. */
const ESCAPE_LETTERS = new Set([0x62, 0x66, 0x75]);

/**
 * Whether JSON (as JSON.stringify writes it, given as its UTF-8, which is
 * not decoded: a big tree's whole text is never made, see
 * lib/model/tree_json_pieces.ts) holds no string that sanitizing would
 * change: such characters are written escaped below 0x20 (\b, \f or \u00XX;
 * \t \n \r are kept) or as they are from 0x7f to 0x9f. DEL is the byte
 * 0x7f, U+0080–U+009F are 0xc2 followed by 0x80–0x9f, and no byte of a
 * character beyond ASCII is below 0x80. Conservative: an escaped backslash
 * before b, f or u also says false, as does a lone surrogate's \u escape.
 */
export function needsNoSanitizingUtf8(json: Uint8Array): boolean {
  if (json.indexOf(0x7f) >= 0) return false;
  for (let at = json.indexOf(0xc2); at >= 0; at = json.indexOf(0xc2, at + 1)) {
    if (json[at + 1] >= 0x80 && json[at + 1] <= 0x9f) return false;
  }
  for (let at = json.indexOf(BACKSLASH); at >= 0; at = json.indexOf(BACKSLASH, at + 1)) {
    if (ESCAPE_LETTERS.has(json[at + 1])) return false;
  }
  return true;
}

/**
 * Marks the nodes of a tree known to need no sanitizing (parsed from JSON
 * that needsNoSanitizingUtf8 said so of) as sanitized: a view or a result that
 * holds them then passes them as they are, without reading every string
 * again (a 1,000-node tree: ~4 ms). Trees are only changed in place by
 * redaction, which blanks strings or puts our own markers in.
 */
export function markSanitizedTree(root: Element): void {
  sanitized.add(root);
  for (const child of root.children) markSanitizedTree(child);
}

/** Whether the value was marked sanitized (markSanitizedTree, sanitizedForReuse). */
export function isMarkedSanitized(value: object): boolean {
  return sanitized.has(value);
}

/** The value with every string (object keys included) sanitized. */
export function sanitizeValue(value: unknown): unknown {
  return mapStrings(value, sanitizeString, PASS_THROUGH_KEYS, sanitized);
}

/**
 * `value` sanitized, for a cache that serves it again unchanged: marking a
 * result untrusted then passes it as it is (a 260-node view: 0.25 ms saved).
 */
export function sanitizedForReuse<T extends object>(value: T): T {
  const clean = sanitizeValue(value) as T;
  sanitized.add(clean);
  return clean;
}

export function markUntrusted(result: Record<string, unknown>): Record<string, unknown> {
  return { ...(sanitizeValue(result) as Record<string, unknown>), untrusted: true };
}
