// ParsedPattern → RE2 syntax. Python's `$` outside (?m) is zero-width "at the
// end, or before a final \n"; RE2 has no lookahead, but when nothing follows
// the `$` it can be spelled for each use: for a search `\n?\z` (the match may
// swallow that newline, which changes nothing about whether one exists), for
// a full match `\z` (the match must end at the end anyway). A `$` with more
// pattern after it is refused rather than approximated.

import type { AssertionKind, ClassItem, Node, ParsedPattern, PerlEscape, Sequence } from "./ast.ts";
import { unsupported } from "./problem.ts";
import { codePointSyntax, NON_SPACE_MEMBERS, rangeSyntax, SPACE_MEMBERS } from "./spaces.ts";

export type MatchMode = "search" | "full";

const ASSERTIONS: Record<Exclude<AssertionKind, "pythonEnd">, string> = {
  textStart: "\\A",
  textEnd: "\\z",
  lineStart: "(?m:^)",
  lineEnd: "(?m:$)",
  wordBoundary: "\\b",
  notWordBoundary: "\\B",
};

export function emitPattern(parsed: ParsedPattern, mode: MatchMode): string {
  return (parsed.ignoreCase ? "(?i)" : "") + alternation(parsed.body, mode, true);
}

/** `last`: nothing in the pattern can follow this part of it. */
function alternation(branches: Sequence[], mode: MatchMode, last: boolean): string {
  return branches.map((sequence) =>
    sequence.map((node, k) => emit(node, mode, last && k === sequence.length - 1)).join("")
  ).join("|");
}

function emit(node: Node, mode: MatchMode, last: boolean): string {
  switch (node.type) {
    case "literal":
      return codePointSyntax(node.codePoint);
    case "class":
      return `[${node.negated ? "^" : ""}${node.items.map(classMember).join("")}]`;
    case "perl":
      return perlOutsideClass(node.escape);
    case "dot":
      return node.dotAll ? "(?s:.)" : "[^\\n]";
    case "assertion":
      if (node.kind !== "pythonEnd") return ASSERTIONS[node.kind];
      if (!last) throw unsupported("$ followed by more pattern (outside (?m))", node.position);
      return mode === "search" ? "(?:\\n?\\z)" : "\\z";
    case "group":
      return `${groupOpening(node)}${alternation(node.body, mode, last)})`;
    case "repeat": {
      // A body repeated more than once is followed by its next repetition.
      const body = emit(node.node, mode, last && node.max !== null && node.max <= 1);
      return body + quantifier(node.min, node.max) + (node.lazy ? "?" : "");
    }
  }
}

function groupOpening(node: Extract<Node, { type: "group" }>): string {
  if (node.ignoreCase !== undefined) return node.ignoreCase ? "(?i:" : "(?-i:";
  return node.capture ? "(" : "(?:";
}

function quantifier(min: number, max: number | null): string {
  if (max === null) return min === 0 ? "*" : min === 1 ? "+" : `{${min},}`;
  if (min === 0 && max === 1) return "?";
  return min === max ? `{${min}}` : `{${min},${max}}`;
}

/** RE2's `\d \w` and their complements are ASCII, as they were with the JS engine. */
function perlOutsideClass(escape: PerlEscape): string {
  if (escape === "s") return `[${SPACE_MEMBERS}]`;
  if (escape === "S") return `[${NON_SPACE_MEMBERS}]`;
  return `\\${escape}`;
}

function classMember(item: ClassItem): string {
  if (item.type === "range") return rangeSyntax(item.from, item.to);
  if (item.escape === "s") return SPACE_MEMBERS;
  if (item.escape === "S") return NON_SPACE_MEMBERS;
  return `\\${item.escape}`;
}
