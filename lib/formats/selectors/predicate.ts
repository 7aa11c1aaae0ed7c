// Bracket predicates `[key op value]`.

import { ClientRegex, compileClientRegex } from "../regex/compile.ts";
import type { Operator, Predicate } from "./ast.ts";
import { textLiteral } from "./literal.ts";
import { type Chars, isQuoteStart, readQuoted } from "./quoting.ts";
import { isSpace, skipSpace } from "./scan.ts";
import { SelectorSyntaxError } from "./syntax_error.ts";

const KEY_START = /^[A-Za-z_]$/;
const KEY_CHAR = /^[A-Za-z0-9_-]$/;
const INTEGER = /^-?\d+$/;
const UNSUPPORTED_OPERATOR_START = new Set(["^", "$", "|"]);

/** Parses the predicate whose `[` is at `open`; returns it and the index just past its `]`. */
export function parseBracketPredicate(
  chars: Chars,
  open: number,
  end: number,
  regexLength: number,
): { predicate: Predicate; end: number } {
  let i = skipSpace(chars, open + 1, end);
  if (!KEY_START.test(chars[i] ?? "")) {
    throw new SelectorSyntaxError("expected a predicate key after '['", i);
  }
  const keyStart = i;
  while (i < end && KEY_CHAR.test(chars[i])) i++;
  const key = chars.slice(keyStart, i).join("");
  if (chars[i] === "(" && chars[i + 1] === ")") i += 2; // `text()` is stored as `text`

  i = skipSpace(chars, i, end);
  const op = readOperator(chars, i, key);
  i = skipSpace(chars, i + op.length, end);
  const { value, quoted, end: valueEnd } = readValue(chars, i, end, key);
  if (op === "~=") checkRegex(value, key, i, regexLength);

  i = skipSpace(chars, valueEnd, end);
  if (chars[i] !== "]") {
    throw new SelectorSyntaxError(`expected ']' to close predicate '${key}'`, i);
  }
  return { predicate: { key, op, value, quoted }, end: i + 1 };
}

/** A `~=` value is a client regex: one the engine refuses fails here, not as a never-match. */
function checkRegex(
  value: Predicate["value"],
  key: string,
  at: number,
  regexLength: number,
): void {
  const compiled = compileClientRegex(textLiteral(value), regexLength);
  if (!(compiled instanceof ClientRegex)) {
    throw new SelectorSyntaxError(`regex in predicate '${key}': ${compiled.message}`, at);
  }
}

function readOperator(chars: Chars, i: number, key: string): Operator {
  const c = chars[i];
  if (c === "=") return "=";
  if ((c === "*" || c === "~") && chars[i + 1] === "=") return `${c}=`;
  if (UNSUPPORTED_OPERATOR_START.has(c) && chars[i + 1] === "=") {
    throw new SelectorSyntaxError(
      `unsupported operator '${c}=' in predicate '${key}' (use =, *= or ~=)`,
      i,
    );
  }
  if (c === "]") throw new SelectorSyntaxError(`predicate '${key}' requires a value`, i);
  throw new SelectorSyntaxError(`expected an operator (=, *= or ~=) after '${key}'`, i);
}

function readValue(
  chars: Chars,
  i: number,
  end: number,
  key: string,
): { value: Predicate["value"]; quoted: boolean; end: number } {
  if (isQuoteStart(chars, i)) {
    const { value, end: after } = readQuoted(chars, i);
    return { value, quoted: true, end: after };
  }
  let wordEnd = i;
  while (wordEnd < end && chars[wordEnd] !== "]" && !isSpace(chars[wordEnd])) wordEnd++;
  const word = chars.slice(i, wordEnd).join("");
  if (word === "") throw new SelectorSyntaxError(`predicate '${key}' requires a value`, i);
  if (word === "true" || word === "false") {
    return { value: word === "true", quoted: false, end: wordEnd };
  }
  if (INTEGER.test(word)) return { value: Number(word), quoted: false, end: wordEnd };
  throw new SelectorSyntaxError(
    `unquoted value '${word}' in predicate '${key}' (quote it; only true, false and integers may be unquoted)`,
    i,
  );
}
