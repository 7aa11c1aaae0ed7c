// Python `re` escapes (sre_parse `_escape` and `_class_escape`). Inside a class
// `\b` is a backspace and digits are only octal; outside, `\b` is a word
// boundary and `\1`…`\99` refer to groups.

import type { AssertionKind, PerlEscape } from "./ast.ts";
import { invalid, unsupported } from "./problem.ts";

export type Escape =
  | { type: "literal"; codePoint: number }
  | { type: "perl"; escape: PerlEscape }
  | { type: "assertion"; kind: AssertionKind }
  | { type: "groupReference"; group: number };

export interface ReadEscape {
  escape: Escape;
  /** Index just past the escape. */
  end: number;
}

const PERL = new Set(["d", "D", "w", "W", "s", "S"]);
const CONTROL = new Map([["a", 7], ["f", 12], ["n", 10], ["r", 13], ["t", 9], ["v", 11]]);
/** `\z` is Python 3.14's spelling of `\Z`. */
const ASSERTIONS = new Map<string, AssertionKind>([
  ["A", "textStart"],
  ["Z", "textEnd"],
  ["z", "textEnd"],
  ["b", "wordBoundary"],
  ["B", "notWordBoundary"],
]);
const HEX_DIGITS = /^[0-9a-fA-F]$/;
const OCTAL_DIGIT = /^[0-7]$/;
const DIGIT = /^[0-9]$/;
const ASCII_LETTER = /^[A-Za-z]$/;
const HEX_WIDTH = new Map([["x", 2], ["u", 4], ["U", 8]]);
const MAX_OCTAL = 0o377;

/** Reads the escape whose backslash is at `i`. */
export function readEscape(cs: string[], i: number, inClass: boolean): ReadEscape {
  const c = cs[i + 1];
  if (c === undefined) throw invalid("bad escape (end of pattern)", i);
  if (PERL.has(c)) return { escape: { type: "perl", escape: c as PerlEscape }, end: i + 2 };
  const control = CONTROL.get(c) ?? (inClass && c === "b" ? 8 : undefined);
  if (control !== undefined) return literal(control, i + 2);
  const assertion = inClass ? undefined : ASSERTIONS.get(c);
  if (assertion !== undefined) {
    return { escape: { type: "assertion", kind: assertion }, end: i + 2 };
  }
  const width = HEX_WIDTH.get(c);
  if (width !== undefined) return hexEscape(cs, i, width);
  if (c === "N") {
    if (cs[i + 2] !== "{") throw invalid("missing {", i + 2);
    throw unsupported("named character \\N{…}", i);
  }
  if (DIGIT.test(c)) return inClass ? classDigits(cs, i) : digits(cs, i);
  if (ASCII_LETTER.test(c)) throw invalid(`bad escape \\${c}`, i);
  // Any other character (punctuation, non-ASCII) escapes itself, as re.escape relies on.
  return literal(c.codePointAt(0)!, i + 2);
}

function literal(codePoint: number, end: number): ReadEscape {
  return { escape: { type: "literal", codePoint }, end };
}

function hexEscape(cs: string[], i: number, width: number): ReadEscape {
  const digits = cs.slice(i + 2, i + 2 + width);
  const text = `\\${cs[i + 1]}${digits.join("")}`;
  if (digits.length < width || !digits.every((d) => HEX_DIGITS.test(d))) {
    throw invalid(`incomplete escape ${text}`, i);
  }
  const codePoint = parseInt(digits.join(""), 16);
  if (codePoint > 0x10ffff) throw invalid(`bad escape ${text}`, i);
  return literal(codePoint, i + 2 + width);
}

function octal(cs: string[], i: number, from: number, to: number): ReadEscape {
  const value = parseInt(cs.slice(from, to).join(""), 8);
  if (value > MAX_OCTAL) {
    throw invalid(
      `octal escape value \\${cs.slice(from, to).join("")} outside of range 0-0o377`,
      i,
    );
  }
  return literal(value, to);
}

/** Up to three octal digits; `\8` and `\9` are errors in a class. */
function classDigits(cs: string[], i: number): ReadEscape {
  if (!OCTAL_DIGIT.test(cs[i + 1])) throw invalid(`bad escape \\${cs[i + 1]}`, i);
  let end = i + 2;
  while (end < i + 4 && OCTAL_DIGIT.test(cs[end] ?? "")) end++;
  return octal(cs, i, i + 1, end);
}

/** `\0` and three octal digits are octal; otherwise one or two digits name a group. */
function digits(cs: string[], i: number): ReadEscape {
  if (cs[i + 1] === "0") {
    let end = i + 2;
    while (end < i + 4 && OCTAL_DIGIT.test(cs[end] ?? "")) end++;
    return octal(cs, i, i + 1, end);
  }
  const threeOctal = [1, 2, 3].every((k) => OCTAL_DIGIT.test(cs[i + k] ?? ""));
  if (threeOctal) return octal(cs, i, i + 1, i + 4);
  const end = DIGIT.test(cs[i + 2] ?? "") ? i + 3 : i + 2;
  const group = Number(cs.slice(i + 1, end).join(""));
  return { escape: { type: "groupReference", group }, end };
}
