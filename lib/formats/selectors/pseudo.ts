// Playwright-style pseudo-classes inside a step:
// `:has-text("x")` / `:text("x")` → `name *= x`, `:nth-of-type(N)` → `index = N-1`, any other
// `:name(...)` is ignored.

import type { Predicate } from "./ast.ts";
import { type Chars, isQuoteStart, readQuoted } from "./quoting.ts";
import { isSpace, skipSpace, skipUnit } from "./scan.ts";
import { SelectorSyntaxError } from "./syntax_error.ts";

const PSEUDO_NAME_CHAR = /^[A-Za-z-]$/;
const POSITIVE_INTEGER = /^[1-9]\d*$/;

export interface ParsedPseudo {
  predicate: Predicate | null;
  end: number;
}

/** Parses the pseudo-class whose `:` is at `colon`; ignored ones yield a null predicate. */
export function parsePseudo(chars: Chars, colon: number, end: number): ParsedPseudo {
  let open = colon + 1;
  while (open < end && PSEUDO_NAME_CHAR.test(chars[open])) open++;
  const name = chars.slice(colon + 1, open).join("");
  if (name === "" || chars[open] !== "(") {
    throw new SelectorSyntaxError(
      `cannot parse predicate at '${chars.slice(colon, end).join("")}'`,
      colon,
    );
  }
  if (name === "has-text" || name === "text") return parseTextArgument(chars, open, end, name);
  if (name === "nth-of-type") return parseNthArgument(chars, open, end);
  return { predicate: null, end: skipUnit(chars, open) };
}

function parseTextArgument(chars: Chars, open: number, end: number, name: string): ParsedPseudo {
  const i = skipSpace(chars, open + 1, end);
  if (!isQuoteStart(chars, i)) {
    throw new SelectorSyntaxError(`:${name}() expects a quoted string`, i);
  }
  const { value, end: after } = readQuoted(chars, i);
  const predicate: Predicate = { key: "name", op: "*=", value, quoted: true };
  return { predicate, end: closeParen(chars, skipSpace(chars, after, end), name) };
}

function parseNthArgument(chars: Chars, open: number, end: number): ParsedPseudo {
  const start = skipSpace(chars, open + 1, end);
  let i = start;
  while (i < end && chars[i] !== ")" && !isSpace(chars[i])) i++;
  const digits = chars.slice(start, i).join("");
  if (!POSITIVE_INTEGER.test(digits)) {
    throw new SelectorSyntaxError(":nth-of-type() expects a positive integer", start);
  }
  const predicate: Predicate = { key: "index", op: "=", value: Number(digits) - 1, quoted: false };
  return { predicate, end: closeParen(chars, skipSpace(chars, i, end), "nth-of-type") };
}

function closeParen(chars: Chars, i: number, name: string): number {
  if (chars[i] !== ")") throw new SelectorSyntaxError(`expected ')' to close :${name}(`, i);
  return i + 1;
}
