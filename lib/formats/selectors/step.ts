// One step: role token, then predicates, shared by both grammars.

import type { Predicate, Step } from "./ast.ts";
import { parseBracketPredicate } from "./predicate.ts";
import { parsePseudo } from "./pseudo.ts";
import { type Chars, isQuoteStart, readQuoted } from "./quoting.ts";
import { skipSpace } from "./scan.ts";
import type { StepSpan } from "./split_xpath.ts";
import { SelectorSyntaxError } from "./syntax_error.ts";

const ROLE_START = /^[A-Za-z_*]$/;
const ROLE_CHAR = /^[A-Za-z0-9_*]$/;

/** `span` is trimmed and non-empty. */
export function parseStep(chars: Chars, span: StepSpan, regexLength: number): Step {
  const { start, end } = span;
  const { role, end: roleEnd } = parseRole(chars, start, end);
  const predicates: Predicate[] = [];
  for (let i = skipSpace(chars, roleEnd, end); i < end;) {
    const parsed = parsePredicateAt(chars, i, end, regexLength);
    if (parsed.predicate !== null) predicates.push(parsed.predicate);
    i = skipSpace(chars, parsed.end, end);
  }
  return { role, axis: span.axis, predicates };
}

function parseRole(chars: Chars, start: number, end: number): { role: string; end: number } {
  if (chars[start] === ":") return { role: "*", end: start }; // `:has-text("Save")`
  const roleStart = chars[start] === "." ? start + 1 : start; // Playwright class style
  if (roleStart >= end || !ROLE_START.test(chars[roleStart])) {
    const token = chars.slice(start, end).join("");
    throw new SelectorSyntaxError(`cannot parse step role from '${token}'`, start);
  }
  let i = roleStart + 1;
  while (i < end && ROLE_CHAR.test(chars[i])) i++;
  return { role: chars.slice(roleStart, i).join(""), end: i };
}

function parsePredicateAt(
  chars: Chars,
  i: number,
  end: number,
  regexLength: number,
): { predicate: Predicate | null; end: number } {
  if (isQuoteStart(chars, i)) {
    const { value, end: after } = readQuoted(chars, i);
    return { predicate: { key: "name", op: "=", value, quoted: true }, end: after };
  }
  if (chars[i] === "[") return parseBracketPredicate(chars, i, end, regexLength);
  if (chars[i] === ":") return parsePseudo(chars, i, end);
  throw new SelectorSyntaxError(`cannot parse predicate at '${chars.slice(i, end).join("")}'`, i);
}
