// XPath-ish step splitting: steps are separated by `/` outside quotes and groups; `//`
// (anywhere, including at the start) gives the next step the descendant axis. Blank segments are
// ignored, so a trailing `/` is harmless.

import type { Axis } from "./ast.ts";
import { skipUnit, type Span, trimSpan } from "./scan.ts";
import { type Chars } from "./quoting.ts";

export interface StepSpan extends Span {
  axis: Axis;
}

export function splitXPath(chars: Chars, start: number, end: number): StepSpan[] {
  const spans: StepSpan[] = [];
  let descendant = false;
  let segmentStart = start;
  const closeSegment = (segmentEnd: number) => {
    const span = trimSpan(chars, segmentStart, segmentEnd);
    if (span.start === span.end) return;
    spans.push({ ...span, axis: descendant ? "descendant" : "child" });
    descendant = false;
  };
  for (let i = start; i < end;) {
    if (chars[i] !== "/") {
      i = skipUnit(chars, i);
      continue;
    }
    closeSegment(i);
    if (chars[i + 1] === "/") descendant = true;
    segmentStart = ++i;
  }
  closeSegment(end);
  return spans;
}
