// CSS-ish step splitting: `>` is the child combinator, other whitespace the descendant
// combinator. Quoted strings and `[...]`/`(...)` groups are atomic, and whitespace followed by
// a quoted string stays inside the step (`Edit "User name"` is one step with a bare name). The
// first step is always matched against the root (child axis).

import type { Axis } from "./ast.ts";
import { type Chars, isQuoteStart } from "./quoting.ts";
import { isSpace, skipSpace, skipUnit } from "./scan.ts";
import type { StepSpan } from "./split_xpath.ts";
import { SelectorSyntaxError } from "./syntax_error.ts";

export function splitCss(chars: Chars, start: number, end: number): StepSpan[] {
  const spans: StepSpan[] = [];
  let childCombinatorAt = -1; // position of a `>` still waiting for its step
  for (let i = skipSpace(chars, start, end); i < end; i = skipSpace(chars, i, end)) {
    if (chars[i] === ">") {
      if (spans.length === 0) throw new SelectorSyntaxError("'>' must follow a step", i);
      if (childCombinatorAt >= 0) throw new SelectorSyntaxError("expected a step after '>'", i);
      childCombinatorAt = i++;
      continue;
    }
    const axis: Axis = spans.length > 0 && childCombinatorAt < 0 ? "descendant" : "child";
    const stepEnd = cssStepEnd(chars, i, end);
    spans.push({ start: i, end: stepEnd, axis });
    childCombinatorAt = -1;
    i = stepEnd;
  }
  if (childCombinatorAt >= 0) {
    throw new SelectorSyntaxError("expected a step after '>'", childCombinatorAt);
  }
  return spans;
}

function cssStepEnd(chars: Chars, i: number, end: number): number {
  while (i < end && chars[i] !== ">") {
    if (isSpace(chars[i])) {
      const next = skipSpace(chars, i, end);
      if (!isQuoteStart(chars, next)) return i;
      i = next;
    }
    i = skipUnit(chars, i);
  }
  return i;
}
