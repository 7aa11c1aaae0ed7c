// Python `re` syntax (sre_parse) → ParsedPattern. Refuses what Python refuses
// ("invalid") and names what the linear-time engine cannot run ("unsupported").

import type { Alternation, Node, ParsedPattern, Sequence } from "./ast.ts";
import { parseClass } from "./charclass.ts";
import { readEscape } from "./escapes.ts";
import { invalid, unsupported } from "./problem.ts";

interface Flags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
}

/** RE2 refuses larger counts; Python allows up to 2^32 - 2. */
const MAX_REPEAT = 1000;
/** Parsing and emitting recurse per group; real patterns nest a few levels. */
const MAX_NESTING = 100;
const FLAG_LETTERS = new Set(["a", "i", "L", "m", "s", "u", "x"]);
const IDENTIFIER = /^[\p{XID_Start}_]\p{XID_Continue}*$/u;
const DIGIT = /^[0-9]$/;
const LOOKAROUND: ReadonlyArray<[string, string]> = [
  ["(?=", "lookahead (?=…)"],
  ["(?!", "negative lookahead (?!…)"],
  ["(?<=", "lookbehind (?<=…)"],
  ["(?<!", "negative lookbehind (?<!…)"],
  ["(?>", "atomic group (?>…)"],
  ["(?(", "conditional (?(…)…)"],
];

export function parsePattern(pattern: string): ParsedPattern {
  return new Parser(Array.from(pattern)).parse();
}

class Parser {
  private i = 0;
  private flags: Flags = { ignoreCase: false, multiline: false, dotAll: false };
  private globalIgnoreCase = false;
  private groupCount = 0;
  private nesting = 0;
  private readonly closedGroups = new Set<number>();
  private readonly groupNames = new Map<string, number>();

  constructor(private readonly cs: string[]) {}

  parse(): ParsedPattern {
    const body = this.alternation(true);
    if (this.i < this.cs.length) throw invalid("unbalanced parenthesis", this.i);
    return { ignoreCase: this.globalIgnoreCase, body };
  }

  /** Branches up to an unmatched `)` or the end. */
  private alternation(topLevel: boolean): Alternation {
    const branches: Sequence[] = [];
    let sequence: Sequence = [];
    while (this.i < this.cs.length && this.cs[this.i] !== ")") {
      if (this.cs[this.i] === "|") {
        branches.push(sequence);
        sequence = [];
        this.i++;
      } else {
        this.item(sequence, topLevel && branches.length === 0);
      }
    }
    branches.push(sequence);
    return branches;
  }

  private item(sequence: Sequence, atPatternStart: boolean): void {
    const c = this.cs[this.i];
    const start = this.i;
    if (c === "*" || c === "+" || c === "?") {
      this.i++;
      const [min, max] = c === "*" ? [0, null] : c === "+" ? [1, null] : [0, 1];
      return this.repeat(sequence, min, max, start);
    }
    if (c === "{") {
      const brace = this.quantifierBrace();
      if (brace) return this.repeat(sequence, brace.min, brace.max, start);
    }
    if (c === "(") return this.group(sequence, atPatternStart && sequence.length === 0);
    sequence.push(this.atom());
  }

  /** One element that takes a quantifier, or an assertion. */
  private atom(): Node {
    const c = this.cs[this.i];
    const start = this.i;
    if (c === "[") {
      const { node, end } = parseClass(this.cs, this.i);
      this.i = end;
      return node;
    }
    if (c === "\\") return this.escape();
    this.i++;
    if (c === ".") return { type: "dot", dotAll: this.flags.dotAll };
    if (c === "^") {
      return {
        type: "assertion",
        kind: this.flags.multiline ? "lineStart" : "textStart",
        position: start,
      };
    }
    if (c === "$") {
      return {
        type: "assertion",
        kind: this.flags.multiline ? "lineEnd" : "pythonEnd",
        position: start,
      };
    }
    return { type: "literal", codePoint: c.codePointAt(0)! };
  }

  private escape(): Node {
    const start = this.i;
    const { escape, end } = readEscape(this.cs, start, false);
    this.i = end;
    if (escape.type === "assertion") {
      return { type: "assertion", kind: escape.kind, position: start };
    }
    if (escape.type !== "groupReference") return escape;
    this.checkReference(escape.group, start);
    throw unsupported(`backreference \\${escape.group}`, start);
  }

  private checkReference(group: number, at: number): void {
    if (group > this.groupCount) throw invalid(`invalid group reference ${group}`, at);
    if (!this.closedGroups.has(group)) throw invalid("cannot refer to an open group", at);
  }

  /** `{m}`, `{m,}`, `{,n}`, `{m,n}`, `{,}`; any other `{` is a literal. */
  private quantifierBrace(): { min: number; max: number | null } | null {
    const start = this.i;
    const digitsFrom = (j: number) => {
      while (DIGIT.test(this.cs[j] ?? "")) j++;
      return j;
    };
    const lowEnd = digitsFrom(start + 1);
    const comma = this.cs[lowEnd] === ",";
    const highEnd = comma ? digitsFrom(lowEnd + 1) : lowEnd;
    if (this.cs[highEnd] !== "}" || highEnd === start + 1) return null;
    const low = this.cs.slice(start + 1, lowEnd).join("");
    const high = this.cs.slice(lowEnd + 1, highEnd).join("");
    const min = low === "" ? 0 : Number(low);
    const max = !comma ? min : high === "" ? null : Number(high);
    if (min > MAX_REPEAT || (max !== null && max > MAX_REPEAT)) {
      throw unsupported(`repetition count above ${MAX_REPEAT}`, start);
    }
    if (max !== null && max < min) throw invalid("min repeat greater than max repeat", start);
    this.i = highEnd + 1;
    return { min, max };
  }

  private repeat(sequence: Sequence, min: number, max: number | null, start: number): void {
    const last = sequence.at(-1);
    if (last === undefined || last.type === "assertion") throw invalid("nothing to repeat", start);
    if (last.type === "repeat") throw invalid("multiple repeat", start);
    const lazy = this.cs[this.i] === "?";
    if (this.cs[this.i] === "+") throw unsupported("possessive quantifier", start);
    if (lazy) this.i++;
    sequence[sequence.length - 1] = { type: "repeat", node: last, min, max, lazy };
  }

  private group(sequence: Sequence, atPatternStart: boolean): void {
    const open = this.i;
    if (this.cs[open + 1] !== "?") {
      const number = ++this.groupCount;
      sequence.push(this.groupBody(open + 1, { capture: true }));
      this.closedGroups.add(number);
      return;
    }
    const head = this.cs.slice(open, open + 4).join("");
    for (const [prefix, construct] of LOOKAROUND) {
      if (head.startsWith(prefix)) throw unsupported(construct, open);
    }
    const next = this.cs[open + 2];
    if (next === ":") return void sequence.push(this.groupBody(open + 3, { capture: false }));
    if (next === "P") return this.pythonGroup(sequence, open);
    if (next === "#") return this.comment(open);
    if (next !== undefined && (FLAG_LETTERS.has(next) || next === "-")) {
      return this.flagGroup(sequence, open, atPatternStart);
    }
    if (next === undefined) throw invalid("unexpected end of pattern", open + 2);
    throw invalid(`unknown extension ?${next}`, open + 1);
  }

  /** Parses a group's branches from `from` through its `)`. */
  private groupBody(from: number, shape: { capture: boolean; ignoreCase?: boolean }): Node {
    const open = this.i;
    if (++this.nesting > MAX_NESTING) {
      throw unsupported(`nesting deeper than ${MAX_NESTING} groups`, open);
    }
    this.i = from;
    const body = this.alternation(false);
    if (this.cs[this.i] !== ")") throw invalid("missing ), unterminated subpattern", open);
    this.i++;
    this.nesting--;
    return { type: "group", ...shape, body };
  }

  /** `(?P<name>…)` is a capture (its name changes nothing here); `(?P=name)` a backreference. */
  private pythonGroup(sequence: Sequence, open: number): void {
    const kind = this.cs[open + 3];
    if (kind !== "<" && kind !== "=") {
      throw invalid(`unknown extension ?P${kind ?? ""}`, open + 1);
    }
    const close = this.cs.indexOf(kind === "<" ? ">" : ")", open + 4);
    if (close < 0) {
      throw invalid(`missing ${kind === "<" ? ">" : ")"}, unterminated name`, open + 4);
    }
    const name = this.cs.slice(open + 4, close).join("");
    if (name === "") throw invalid("missing group name", open + 4);
    if (!IDENTIFIER.test(name)) throw invalid(`bad character in group name '${name}'`, open + 4);
    if (kind === "=") {
      const group = this.groupNames.get(name);
      if (group === undefined) throw invalid(`unknown group name '${name}'`, open + 4);
      this.checkReference(group, open);
      throw unsupported("backreference (?P=name)", open);
    }
    if (this.groupNames.has(name)) throw invalid(`redefinition of group name '${name}'`, open + 4);
    const number = ++this.groupCount;
    this.groupNames.set(name, number);
    this.i = open;
    sequence.push(this.groupBody(close + 1, { capture: true }));
    this.closedGroups.add(number);
  }

  private comment(open: number): void {
    const close = this.cs.indexOf(")", open);
    if (close < 0) throw invalid("missing ), unterminated comment", open);
    this.i = close + 1;
  }

  /** `(?imsu)` at the start of the pattern, or scoped `(?i-m:…)`. */
  private flagGroup(sequence: Sequence, open: number, atPatternStart: boolean): void {
    let j = open + 2;
    let on = "";
    while (FLAG_LETTERS.has(this.cs[j])) on += this.cs[j++];
    let off = "";
    if (this.cs[j] === "-") {
      while (FLAG_LETTERS.has(this.cs[++j])) off += this.cs[j];
      if (off === "") throw invalid("missing flag", j);
      if (this.cs[j] !== ":") throw invalid("missing :", j);
    } else if (this.cs[j] !== ")" && this.cs[j] !== ":") {
      const unknown = /^\p{L}$/u.test(this.cs[j] ?? "");
      throw invalid(unknown ? "unknown flag" : "missing -, : or )", j);
    }
    checkFlags(on, off, open);
    if (this.cs[j] === ")") {
      if (!atPatternStart) throw invalid("global flags not at the start of the expression", open);
      this.i = j + 1;
      this.flags = withFlags(this.flags, on, true);
      if (on.includes("i")) this.globalIgnoreCase = true;
      return;
    }
    const outer = this.flags;
    this.flags = withFlags(withFlags(outer, on, true), off, false);
    const ignoreCase = on.includes("i") ? true : off.includes("i") ? false : undefined;
    this.i = open;
    sequence.push(this.groupBody(j + 1, { capture: false, ignoreCase }));
    this.flags = outer;
  }
}

function checkFlags(on: string, off: string, open: number): void {
  if (on.includes("L") || off.includes("L")) {
    throw invalid("bad inline flag: cannot use 'L' flag with a str pattern", open);
  }
  if (on.includes("a") && on.includes("u")) {
    throw invalid("bad inline flag: flags 'a', 'u' and 'L' are incompatible", open);
  }
  if (off.includes("a") || off.includes("u")) {
    throw invalid("bad inline flag: cannot turn off flags 'a', 'u' and 'L'", open);
  }
  if ([...on].some((f) => off.includes(f))) {
    throw invalid("bad inline flag: flag turned on and off", open);
  }
  if (on.includes("x") || off.includes("x")) throw unsupported("verbose flag (?x)", open);
  if (on.includes("a")) throw unsupported("ASCII flag (?a)", open);
}

function withFlags(flags: Flags, letters: string, value: boolean): Flags {
  return {
    ignoreCase: letters.includes("i") ? value : flags.ignoreCase,
    multiline: letters.includes("m") ? value : flags.multiline,
    dotAll: letters.includes("s") ? value : flags.dotAll,
  };
}
