// Parses the pyautogui code an OSWorld / OS-Harm agent emits into AgentActions
// without ever running it. Only a whitelist of calls with literal arguments is
// understood; anything else refuses the whole program, naming the construct.

import type { AgentAction } from "../agent_action.ts";
import { type CallArgument, callToAction, isAllowedFunction } from "./calls.ts";
import { type Token, tokenize } from "./tokens.ts";
import { type ParseError, ParseFailure, type PyValue, refuse } from "./values.ts";

export type { ParseError } from "./values.ts";
export type ParseResult = { ok: true; actions: AgentAction[] } | { ok: false; error: ParseError };

export const MAX_INPUT_CHARS = 64 * 1024;
export const MAX_STATEMENTS = 200;
const MAX_NESTING = 4;
const ALLOWED_IMPORTS = new Set(["pyautogui", "time"]);
const CONTROL_WORDS: Record<string, AgentAction> = {
  WAIT: { kind: "wait" },
  DONE: { kind: "done" },
  FAIL: { kind: "fail" },
};
const PYTHON_KEYWORDS = new Set([
  "for",
  "while",
  "if",
  "elif",
  "else",
  "def",
  "class",
  "lambda",
  "with",
  "try",
  "except",
  "finally",
  "return",
  "yield",
  "global",
  "nonlocal",
  "del",
  "assert",
  "raise",
  "pass",
  "break",
  "continue",
  "async",
  "await",
  "not",
  "match",
]);
const ARITHMETIC = new Set(["+", "-", "*", "/", "//", "%", "**", "@", "|", "&", "^", "<", ">"]);
const ASSIGNMENT = new Set(["=", "+=", "-=", "*=", "/=", ":="]);
const TAG = /^tag_(\d+)$/;
/** pyautogui's tweening functions (from PyTweening), which OSWorld's moveTo passes. */
const TWEEN =
  /^pyautogui\.(linear|ease(?:In|Out|InOut)(?:Quad|Cubic|Quart|Quint|Sine|Expo|Circ|Elastic|Back|Bounce))$/;
const FENCE = /^\s*```[\w+-]*\s*$/;

/** All the actions of `code`, or the first refused construct and where it is (then no action at all). */
export function parsePyautogui(code: string): ParseResult {
  if (code.length > MAX_INPUT_CHARS) {
    return failure(
      1,
      1,
      "input size",
      `code is ${code.length} characters; the limit is ${MAX_INPUT_CHARS}`,
    );
  }
  const tokenized = tokenize(keepFencedLines(code));
  if (!tokenized.ok) return { ok: false, error: tokenized.error };
  const statements = splitStatements(tokenized.tokens);
  if (statements.length > MAX_STATEMENTS) {
    const first = statements[MAX_STATEMENTS][0];
    return failure(
      first.line,
      first.column,
      "statement count",
      `more than ${MAX_STATEMENTS} statements`,
    );
  }
  try {
    const actions: AgentAction[] = [];
    for (const statement of statements) {
      const action = new StatementParser(statement).parse();
      if (action) actions.push(action);
    }
    return { ok: true, actions };
  } catch (error) {
    if (error instanceof ParseFailure) return { ok: false, error: error.detail };
    throw error;
  }
}

function failure(line: number, column: number, construct: string, message: string): ParseResult {
  return { ok: false, error: { message, line, column, construct } };
}

/**
 * Agents wrap code in ```python fences, often with prose around them. When a
 * fence is present only the fenced lines count; the others are blanked rather
 * than removed so reported line numbers match the original text.
 */
function keepFencedLines(code: string): string {
  const lines = code.split("\n");
  if (!lines.some((line) => FENCE.test(line))) return code;
  let inside = false;
  return lines.map((line) => {
    if (FENCE.test(line)) {
      inside = !inside;
      return "";
    }
    return inside ? line : "";
  }).join("\n");
}

function splitStatements(tokens: Token[]): Token[][] {
  const statements: Token[][] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    if (token.kind !== "separator") {
      current.push(token);
    } else if (current.length > 0) {
      statements.push(current);
      current = [];
    }
  }
  if (current.length > 0) statements.push(current);
  return statements;
}

class StatementParser {
  private pos = 0;

  constructor(private readonly tokens: Token[]) {}

  /** One statement: an allowed import (no action), a control word, or an allowed call. */
  parse(): AgentAction | undefined {
    const first = this.tokens[0];
    if (first.kind !== "name") {
      refuse(first, "expression", `a statement cannot start with '${first.text}'`);
    }
    if (first.text === "import") return this.importStatement();
    if (first.text === "from") refuse(first, "from-import", "'from … import' is not allowed");
    if (PYTHON_KEYWORDS.has(first.text)) {
      refuse(first, first.text, `'${first.text}' is not allowed; write plain calls`);
    }
    if (Object.hasOwn(CONTROL_WORDS, first.text) && this.tokens.length === 1) {
      return CONTROL_WORDS[first.text];
    }
    const path = this.dottedName();
    const next = this.peek();
    if (next && ASSIGNMENT.has(next.text)) {
      refuse(next, "assignment", "assignments are not allowed");
    }
    if (!isAllowedFunction(path)) {
      const root = path.split(".")[0];
      const message = root === "pyautogui" || root === "time"
        ? `'${path}' is not an allowed function`
        : `'${path}' is not allowed; only pyautogui actions and time.sleep are`;
      refuse(first, path, message);
    }
    if (next?.text !== "(") refuse(next ?? first, "expression", `'${path}' must be called`);
    const args = this.argumentList();
    this.expectEnd();
    return callToAction(path, first, args);
  }

  private importStatement(): undefined {
    this.pos = 1;
    for (;;) {
      const name = this.take();
      if (name?.kind !== "name") {
        refuse(name ?? this.tokens[0], "import", "a module name must follow 'import'");
      }
      const after = this.peek();
      if (after?.text === ".") {
        refuse(name, `import ${name.text}.`, "importing submodules is not allowed");
      }
      if (!ALLOWED_IMPORTS.has(name.text)) {
        refuse(name, `import ${name.text}`, `importing '${name.text}' is not allowed`);
      }
      if (after?.text === "as") refuse(after, "import alias", "'import … as' is not allowed");
      if (after === undefined) return undefined;
      if (after.text !== ",") refuse(after, "syntax", `unexpected '${after.text}' in import`);
      this.pos++;
    }
  }

  private dottedName(): string {
    const parts = [this.take()!.text];
    while (this.peek()?.text === ".") {
      this.pos++;
      const part = this.take();
      if (part?.kind !== "name") {
        refuse(part ?? this.tokens[this.pos - 1], "syntax", "a name must follow '.'");
      }
      parts.push(part.text);
    }
    return parts.join(".");
  }

  private argumentList(): CallArgument[] {
    this.pos++; // "("
    const args: CallArgument[] = [];
    for (;;) {
      const token = this.peek();
      if (token === undefined) refuse(this.tokens[this.pos - 1], "syntax", "missing ')'");
      if (token.text === ")") break;
      if (token.text === "*" || token.text === "**") {
        refuse(token, "argument unpacking", "'*' and '**' arguments are not allowed");
      }
      if (token.kind === "name" && this.peek(1)?.text === "=") {
        this.pos += 2;
        args.push({ name: token, value: this.value(0) });
      } else {
        args.push({ value: this.value(0) });
      }
      if (this.peek()?.text === ",") this.pos++;
      else if (this.peek()?.text !== ")") this.afterValue(args[args.length - 1].value);
    }
    this.pos++; // ")"
    return args;
  }

  /** A literal: number (with an optional sign), string, tag_N, None/True/False, or a tuple/list of them. */
  private value(depth: number): PyValue {
    const token = this.take();
    if (token === undefined) refuse(this.tokens[this.pos - 1], "syntax", "a value is missing");
    if (token.kind === "number") return { kind: "number", value: token.number!, token };
    if (token.kind === "string") return this.stringValue(token);
    if ((token.text === "-" || token.text === "+") && this.peek()?.kind === "number") {
      const number = this.take()!;
      return {
        kind: "number",
        value: token.text === "-" ? -number.number! : number.number!,
        token,
      };
    }
    if (token.text === "(" || token.text === "[") return this.sequence(token, depth);
    if (token.text === "{") refuse(token, "dict literal", "dict and set literals are not allowed");
    if (token.kind !== "name") refuse(token, "expression", `unexpected '${token.text}'`);
    const tag = TAG.exec(token.text);
    if (tag) return { kind: "tag", tag: Number(tag[1]), token };
    if (token.text === "None") return { kind: "none", token };
    if (token.text === "True" || token.text === "False") {
      return { kind: "bool", value: token.text === "True", token };
    }
    if (PYTHON_KEYWORDS.has(token.text)) {
      refuse(token, token.text, `'${token.text}' is not allowed`);
    }
    this.pos--;
    const path = this.dottedName();
    if (this.peek()?.text === "(") refuse(token, path, `calling '${path}' is not allowed`);
    const tween = TWEEN.exec(path);
    if (tween) return { kind: "tween", name: tween[1], token };
    const after = this.peek();
    if (after?.text === "for") refuse(after, "comprehension", "comprehensions are not allowed");
    return refuse(token, path, `'${path}' is a variable; only literal values are allowed`);
  }

  private stringValue(token: Token): PyValue {
    if (token.prefix!.includes("f")) refuse(token, "f-string", "f-strings are not allowed");
    if (token.prefix!.includes("b")) {
      refuse(token, "bytes literal", "bytes literals are not allowed");
    }
    return { kind: "string", value: token.value!, token };
  }

  private sequence(open: Token, depth: number): PyValue {
    if (depth >= MAX_NESTING) {
      refuse(open, "nesting depth", `more than ${MAX_NESTING} nested brackets`);
    }
    const close = open.text === "(" ? ")" : "]";
    const items: PyValue[] = [];
    let sawComma = false;
    for (;;) {
      const token = this.peek();
      if (token === undefined) refuse(open, "syntax", `missing '${close}'`);
      if (token.text === close) break;
      items.push(this.value(depth + 1));
      const after = this.peek();
      if (after?.text === ",") {
        sawComma = true;
        this.pos++;
      } else if (after?.text !== close) {
        this.afterValue(items[items.length - 1]);
      }
    }
    this.pos++;
    // "(5)" is just 5 in Python; only a comma makes a tuple.
    if (open.text === "(" && items.length === 1 && !sawComma) return items[0];
    return { kind: "sequence", items, token: open };
  }

  /** Names what follows a value where only ',' or a closing bracket may: arithmetic, a comprehension… */
  private afterValue(value: PyValue): never {
    const token = this.peek();
    if (token === undefined) refuse(this.tokens[this.pos - 1], "syntax", "missing closing bracket");
    if (token.text === "+" && value.kind === "string") {
      refuse(token, "string concatenation", "strings must be written out whole");
    }
    if (ARITHMETIC.has(token.text) || token.text === "==" || token.text === "!=") {
      refuse(token, "arithmetic", `'${token.text}' expressions are not allowed; write the number`);
    }
    if (token.text === "for") refuse(token, "comprehension", "comprehensions are not allowed");
    if (token.text === "if") {
      refuse(token, "conditional expression", "'if' expressions are not allowed");
    }
    if (token.text === ".") {
      refuse(token, "attribute access", "attribute access on a value is not allowed");
    }
    if (token.text === "(") refuse(token, "call", "calling a value is not allowed");
    if (token.text === "[") refuse(token, "subscript", "subscripts are not allowed");
    return refuse(token, "syntax", `unexpected '${token.text}'`);
  }

  private expectEnd(): void {
    const token = this.peek();
    if (token === undefined) return;
    if (ARITHMETIC.has(token.text)) refuse(token, "arithmetic", "expressions are not allowed");
    if (token.text === ".") {
      refuse(token, "attribute access", "attribute access on a result is not allowed");
    }
    refuse(token, "syntax", `unexpected '${token.text}' after the call`);
  }

  private peek(ahead = 0): Token | undefined {
    return this.tokens[this.pos + ahead];
  }

  private take(): Token | undefined {
    return this.tokens[this.pos++];
  }
}
