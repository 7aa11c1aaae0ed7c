// Code-point scanning shared by the splitters and the step parser. Positions are indices into
// the selector's code points, which are also the positions reported in syntax errors.

import { type Chars, isQuoteStart, readQuoted } from "./quoting.ts";
import { SelectorSyntaxError } from "./syntax_error.ts";

export interface Span {
  start: number;
  end: number;
}

const CLOSERS: Record<string, string> = { "[": "]", "(": ")" };

export function isSpace(c: string | undefined): boolean {
  return c !== undefined && /^\s$/u.test(c);
}

export function skipSpace(chars: Chars, i: number, end: number): number {
  while (i < end && isSpace(chars[i])) i++;
  return i;
}

export function trimSpan(chars: Chars, start: number, end: number): Span {
  start = skipSpace(chars, start, end);
  while (end > start && isSpace(chars[end - 1])) end--;
  return { start, end };
}

/**
 * Index just past the lexical unit at `i`: a quoted string, a `[...]` or `(...)` group (quoted
 * strings inside are skipped, so `[name="a]b"]` is one unit), or a single character.
 */
export function skipUnit(chars: Chars, i: number): number {
  if (isQuoteStart(chars, i)) return readQuoted(chars, i).end;
  const closer = CLOSERS[chars[i]];
  if (closer === undefined) return i + 1;
  for (let j = i + 1; j < chars.length;) {
    if (chars[j] === closer) return j + 1;
    j = isQuoteStart(chars, j) ? readQuoted(chars, j).end : j + 1;
  }
  throw new SelectorSyntaxError(`unclosed '${chars[i]}'`, i);
}
