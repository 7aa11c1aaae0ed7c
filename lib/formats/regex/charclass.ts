// Python character sets `[...]`: `]` first is a member, `-` first or last is
// a member, ranges need single characters at both ends.

import type { ClassItem, Node } from "./ast.ts";
import { readEscape } from "./escapes.ts";
import { invalid } from "./problem.ts";

interface Member {
  item: ClassItem;
  end: number;
}

/** Parses the set whose `[` is at `open`; returns it and the index just past its `]`. */
export function parseClass(cs: string[], open: number): { node: Node; end: number } {
  let i = open + 1;
  const negated = cs[i] === "^";
  if (negated) i++;
  const items: ClassItem[] = [];
  const first = i;
  for (;;) {
    if (i >= cs.length) throw invalid("unterminated character set", open);
    if (cs[i] === "]" && i > first) break;
    const low = readMember(cs, i);
    if (cs[low.end] === "-" && low.end + 1 < cs.length && cs[low.end + 1] !== "]") {
      const high = readMember(cs, low.end + 1);
      items.push(range(cs, i, low, high));
      i = high.end;
    } else {
      items.push(low.item);
      i = low.end;
    }
  }
  return { node: { type: "class", negated, items }, end: i + 1 };
}

function readMember(cs: string[], i: number): Member {
  if (cs[i] !== "\\") return { item: single(cs[i].codePointAt(0)!), end: i + 1 };
  const { escape, end } = readEscape(cs, i, true);
  // Inside a class readEscape yields only literals and Perl classes.
  if (escape.type === "perl") return { item: escape, end };
  if (escape.type === "literal") return { item: single(escape.codePoint), end };
  throw invalid(`bad escape ${cs.slice(i, end).join("")}`, i);
}

function single(codePoint: number): ClassItem {
  return { type: "range", from: codePoint, to: codePoint };
}

function range(cs: string[], start: number, low: Member, high: Member): ClassItem {
  const text = cs.slice(start, high.end).join("");
  if (low.item.type !== "range" || high.item.type !== "range" || low.item.from > high.item.to) {
    throw invalid(`bad character range ${text}`, start);
  }
  return { type: "range", from: low.item.from, to: high.item.to };
}
