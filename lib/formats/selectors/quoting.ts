// Quoted strings in selectors: one lexical rule for bare names, pseudo-class arguments and
// bracket values, and its inverse for the selectors we generate.
//
// Escaping rule (reconciles un-escaping `\"` before parsing with the escapes inside quoted
// strings, so that derived and canonical selectors always parse back):
// * A string opened by a bare `"` is the escaped form: `\"` stands for `"`, `\'` for `'` and
//   `\\` for `\`; any other backslash is literal; it ends at the first unescaped `"`.
//   `quoteString` emits exactly this form, escaping every `\` and `"`.
// * A string opened by a bare `'` is verbatim up to the next `'`.
// * A string whose opening quote is itself backslash-escaped (`\"OK\"`, `\'OK\'` — an agent
//   JSON-escaped the whole selector) is verbatim up to the next quote of the same kind;
//   a backslash just before that closing quote belongs to the delimiter and is dropped.
// So the un-escaping applies to quotes that delimit strings, never inside an escaped string.

import { SelectorSyntaxError } from "./syntax_error.ts";

export type Chars = readonly string[];

export interface QuotedString {
  value: string;
  /** Index just past the closing quote. */
  end: number;
}

const QUOTES = new Set(['"', "'"]);
const DOUBLE_QUOTE_ESCAPES = new Set(['"', "'", "\\"]);

export function isQuoteStart(chars: Chars, i: number): boolean {
  return QUOTES.has(chars[i]) || (chars[i] === "\\" && QUOTES.has(chars[i + 1]));
}

/** Reads the quoted string starting at `i`; null when it is not terminated. */
export function scanQuoted(chars: Chars, i: number): QuotedString | null {
  if (chars[i] === "\\") return scanVerbatim(chars, i + 2, chars[i + 1], true);
  if (chars[i] === "'") return scanVerbatim(chars, i + 1, "'", false);
  let value = "";
  for (let j = i + 1; j < chars.length; j++) {
    if (chars[j] === '"') return { value, end: j + 1 };
    if (chars[j] === "\\" && DOUBLE_QUOTE_ESCAPES.has(chars[j + 1])) j++;
    value += chars[j];
  }
  return null;
}

export function readQuoted(chars: Chars, i: number): QuotedString {
  const quoted = scanQuoted(chars, i);
  if (quoted === null) throw new SelectorSyntaxError("unterminated quoted string", i);
  return quoted;
}

/** The double-quoted form of `value` that `readQuoted` reads back exactly. */
export function quoteString(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function scanVerbatim(
  chars: Chars,
  from: number,
  quote: string,
  escapedDelimiters: boolean,
): QuotedString | null {
  const close = chars.indexOf(quote, from);
  if (close < 0) return null;
  const contentEnd = escapedDelimiters && chars[close - 1] === "\\" ? close - 1 : close;
  return { value: chars.slice(from, contentEnd).join(""), end: close + 1 };
}
