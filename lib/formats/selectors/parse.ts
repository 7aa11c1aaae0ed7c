// Selector text → Selector (`//` is always the descendant axis). Positions in errors refer to
// the text exactly as given.

import type { Selector } from "./ast.ts";
import { detectGrammar } from "./detect.ts";
import { trimSpan } from "./scan.ts";
import { splitCss } from "./split_css.ts";
import { splitXPath } from "./split_xpath.ts";
import { parseStep } from "./step.ts";
import { DEFAULT_REGEX_LENGTH } from "../regex/compile.ts";
import { SelectorSyntaxError } from "./syntax_error.ts";

export { SelectorSyntaxError };

/** `regexLength`: the longest `~=` regex accepted (limits.regex_length). */
export function parseSelector(text: string, regexLength = DEFAULT_REGEX_LENGTH): Selector {
  const chars = Array.from(text);
  const { start, end } = trimSpan(chars, 0, chars.length);
  if (start === end) throw new SelectorSyntaxError("empty selector", 0);
  const split = detectGrammar(chars.slice(start, end)) === "css" ? splitCss : splitXPath;
  const spans = split(chars, start, end);
  if (spans.length === 0) throw new SelectorSyntaxError("selector has no steps", start);
  return { steps: spans.map((span) => parseStep(chars, span, regexLength)) };
}
