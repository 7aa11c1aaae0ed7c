// How a predicate's literal is read by the kind of property it is compared with. Quoted and
// unquoted literals mean the same: `[enabled="false"]` is `[enabled=false]`.

import type { Predicate } from "./ast.ts";

const INTEGER = /^-?\d+$/;

/** The literal as text, for string properties (`[name=5]` compares with "5"). */
export function textLiteral(value: Predicate["value"]): string {
  return String(value);
}

/** An integer literal, or null when the literal is not one (such a predicate never matches). */
export function integerLiteral(value: Predicate["value"]): number | null {
  if (typeof value === "number") return value;
  return typeof value === "string" && INTEGER.test(value) ? Number(value) : null;
}

/**
 * A boolean literal: true/false, or an integer read as its truthiness (0 is false); null for
 * anything else, which never matches.
 */
export function booleanLiteral(value: Predicate["value"]): boolean | null {
  if (typeof value === "boolean") return value;
  if (value === "true" || value === "false") return value === "true";
  const n = integerLiteral(value);
  return n === null ? null : n !== 0;
}
