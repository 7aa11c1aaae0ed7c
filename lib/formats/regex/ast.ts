// A Python pattern parsed into just what emitting RE2 syntax needs.

/** `\d \D \w \W \s \S`, outside or inside a class. */
export type PerlEscape = "d" | "D" | "w" | "W" | "s" | "S";

export type ClassItem =
  | { type: "range"; from: number; to: number }
  | { type: "perl"; escape: PerlEscape };

export type AssertionKind =
  | "textStart"
  | "textEnd"
  | "lineStart"
  | "lineEnd"
  /** `$` outside (?m): the end, or just before a final "\n". */
  | "pythonEnd"
  | "wordBoundary"
  | "notWordBoundary";

export type Node =
  | { type: "literal"; codePoint: number }
  | { type: "class"; negated: boolean; items: ClassItem[] }
  | { type: "perl"; escape: PerlEscape }
  | { type: "dot"; dotAll: boolean }
  | { type: "assertion"; kind: AssertionKind; position: number }
  /** `ignoreCase` is set when the group turns (?i) on or off for its body. */
  | { type: "group"; capture: boolean; ignoreCase?: boolean; body: Alternation }
  /** `max` null: unbounded. */
  | { type: "repeat"; node: Node; min: number; max: number | null; lazy: boolean };

export type Sequence = Node[];
export type Alternation = Sequence[];

export interface ParsedPattern {
  /** From leading `(?i)`: applies to the whole pattern. */
  ignoreCase: boolean;
  body: Alternation;
}
