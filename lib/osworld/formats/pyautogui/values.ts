// Values that may appear as call arguments, and the failure every part of the
// pyautogui parser reports with: what was refused, and where.

import type { Token } from "./tokens.ts";

export type PyValue =
  | { kind: "number"; value: number; token: Token }
  | { kind: "string"; value: string; token: Token }
  | { kind: "sequence"; items: PyValue[]; token: Token }
  | { kind: "tag"; tag: number; token: Token }
  | { kind: "none"; token: Token }
  | { kind: "bool"; value: boolean; token: Token }
  /** pyautogui.linear or an easing function: how a pointer glides (moveTo, dragTo). */
  | { kind: "tween"; name: string; token: Token };

export interface ParseError {
  message: string;
  line: number;
  column: number;
  /** The refused construct in a word or dotted name: "os.system", "assignment", "for", "f-string"… */
  construct: string;
}

/** Thrown inside the parser and turned into a `{ ok: false }` result at its edge. */
export class ParseFailure extends Error {
  constructor(readonly detail: ParseError) {
    super(detail.message);
  }
}

export function refuse(
  at: Pick<Token, "line" | "column">,
  construct: string,
  message: string,
): never {
  throw new ParseFailure({ message, line: at.line, column: at.column, construct });
}
