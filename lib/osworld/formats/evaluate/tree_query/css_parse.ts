// CSS selectors as lxml's cssselect reads them (GenericTranslator: case-
// sensitive names, `ns|name` prefixes, the `:contains()` extension), parsed
// character by character into compounds joined by combinators.

import { PythonError } from "./python_values.ts";
import { UnsupportedTreeQuery } from "./unsupported.ts";

export type AttributeOp = "=" | "!=" | "~=" | "^=" | "$=" | "*=" | "|=";

export type Condition =
  | { kind: "attr"; uri: string; local: string; op: AttributeOp | null; value: string }
  /** :nth-child(an+b) and friends; `fromEnd` counts from the last sibling. */
  | { kind: "nth"; a: number; b: number; fromEnd: boolean }
  | { kind: "only-child" }
  | { kind: "empty" }
  | { kind: "root" }
  | { kind: "contains"; text: string }
  | { kind: "not"; compound: Compound };

export interface Compound {
  /** null: any namespace / any name. */
  uri: string | null;
  local: string | null;
  conditions: Condition[];
}

export type Combinator = " " | ">" | "+" | "~";

export interface ComplexSelector {
  compounds: Compound[];
  /** combinators[i] joins compounds[i] and compounds[i + 1]. */
  combinators: Combinator[];
}

const IDENT = /-?(?:[_a-zA-Z\u00A0-\uFFFF]|\\[^\n])(?:[_a-zA-Z0-9\u00A0-\uFFFF-]|\\[^\n])*/y;
const VALUE_IDENT = /(?:[_a-zA-Z0-9\u00A0-\uFFFF-]|\\[^\n])+/y;
const SPACE = /[ \t\r\n\f]*/y;
const ATTRIBUTE_OPS = ["~=", "|=", "^=", "$=", "*=", "!=", "="] as const;

const unescape = (s: string): string => s.replace(/\\(.)/g, "$1");

class CssParser {
  private i = 0;

  constructor(
    private readonly query: string,
    private readonly namespaces: ReadonlyMap<string, string>,
  ) {}

  parse(): ComplexSelector[] {
    const list = [this.complex()];
    while (this.eat(",")) list.push(this.complex());
    this.space();
    if (this.i < this.query.length) this.fail(`character ${JSON.stringify(this.query[this.i])}`);
    return list;
  }

  private fail(what: string, at = this.i): never {
    const found = at >= this.query.length ? "end of selector" : what;
    throw new UnsupportedTreeQuery("css", found, at, this.query);
  }

  private match(re: RegExp): string | null {
    re.lastIndex = this.i;
    const m = re.exec(this.query);
    if (!m || m[0] === "") return null;
    this.i += m[0].length;
    return m[0];
  }

  private space(): boolean {
    return this.match(SPACE) !== null;
  }

  /** Consumes `s` after optional whitespace. */
  private eat(s: string): boolean {
    const start = this.i;
    this.space();
    if (this.query.startsWith(s, this.i)) {
      this.i += s.length;
      this.space();
      return true;
    }
    this.i = start;
    return false;
  }

  private ident(): string | null {
    const raw = this.match(IDENT);
    return raw === null ? null : unescape(raw);
  }

  private complex(): ComplexSelector {
    this.space();
    const compounds = [this.compound()];
    const combinators: Combinator[] = [];
    for (;;) {
      const start = this.i;
      const spaced = this.space();
      const c = this.query[this.i];
      if (c === ">" || c === "+" || c === "~") {
        this.i++;
        this.space();
        combinators.push(c);
      } else if (spaced && this.i < this.query.length && c !== ",") {
        combinators.push(" ");
      } else {
        this.i = start;
        return { compounds, combinators };
      }
      compounds.push(this.compound());
    }
  }

  private resolve(prefix: string, at: number): string {
    if (prefix === "*") this.fail("any-namespace prefix *|", at);
    if (prefix === "") this.fail("empty namespace prefix |", at);
    const uri = this.namespaces.get(prefix);
    // cssselect writes prefix:name into the XPath; lxml raises on an undefined prefix.
    if (uri === undefined) throw new PythonError(`Undefined namespace prefix ${prefix}`);
    return uri;
  }

  /** `name`, `*`, `ns|name`, `ns|*`, or nothing (any element). */
  private typeSelector(): { uri: string | null; local: string | null } {
    const start = this.i;
    let name = this.query[this.i] === "*" ? (this.i++, "*") : this.ident();
    if (name === null && this.query[this.i] !== "|") return { uri: null, local: null };
    let uri: string | null = null;
    if (this.query[this.i] === "|" && this.query[this.i + 1] !== "=") {
      this.i++;
      uri = this.resolve(name ?? "", start);
      name = this.query[this.i] === "*" ? (this.i++, "*") : this.ident();
      if (name === null) this.fail("missing element name after |");
    } else if (name !== "*") {
      uri = "";
    }
    return { uri, local: name === "*" ? null : name };
  }

  private compound(): Compound {
    const start = this.i;
    const compound: Compound = { ...this.typeSelector(), conditions: [] };
    let qualified = this.i > start;
    for (;;) {
      const c = this.query[this.i];
      const at = this.i;
      if (c === "#" || c === ".") {
        this.i++;
        const value = this.ident();
        if (value === null) this.fail(`${c} without a name`, at);
        const [local, op] = c === "#" ? ["id", "="] as const : ["class", "~="] as const;
        compound.conditions.push({ kind: "attr", uri: "", local, op, value });
      } else if (c === "[") {
        this.i++;
        compound.conditions.push(this.attribute());
      } else if (c === ":") {
        this.i++;
        compound.conditions.push(this.pseudo(at));
      } else break;
      qualified = true;
    }
    if (!qualified) this.fail(`character ${JSON.stringify(this.query[this.i])}`);
    return compound;
  }

  private attribute(): Condition {
    this.space();
    const start = this.i;
    let local = this.ident();
    let uri = "";
    if (this.query[this.i] === "|" && this.query[this.i + 1] !== "=") {
      this.i++;
      uri = this.resolve(local ?? "", start);
      local = this.ident();
    }
    if (local === null) this.fail("attribute name", this.i);
    this.space();
    const op = ATTRIBUTE_OPS.find((o) => this.query.startsWith(o, this.i)) ?? null;
    let value = "";
    if (op !== null) {
      this.i += op.length;
      this.space();
      value = this.stringOrIdent() ?? this.fail("attribute value", this.i);
      this.space();
    }
    if (this.query[this.i] !== "]") this.fail(`character ${JSON.stringify(this.query[this.i])}`);
    this.i++;
    return { kind: "attr", uri, local, op, value };
  }

  private stringOrIdent(): string | null {
    const quote = this.query[this.i];
    if (quote !== '"' && quote !== "'") {
      const raw = this.match(VALUE_IDENT);
      return raw === null ? null : unescape(raw);
    }
    let out = "";
    for (let j = this.i + 1; j < this.query.length; j++) {
      const c = this.query[j];
      if (c === quote) {
        this.i = j + 1;
        return out;
      }
      if (c === "\\") {
        j++;
        if (this.query[j] !== "\n") out += this.query[j] ?? "";
      } else out += c;
    }
    this.fail("unterminated string", this.i);
  }

  private pseudo(at: number): Condition {
    if (this.query[this.i] === ":") this.fail("pseudo-element ::", at);
    const name = this.ident();
    if (name === null) this.fail("pseudo-class without a name", at);
    const simple: Record<string, Condition> = {
      "first-child": { kind: "nth", a: 0, b: 1, fromEnd: false },
      "last-child": { kind: "nth", a: 0, b: 1, fromEnd: true },
      "only-child": { kind: "only-child" },
      "empty": { kind: "empty" },
      "root": { kind: "root" },
    };
    if (this.query[this.i] !== "(") {
      if (Object.hasOwn(simple, name)) return simple[name];
      this.fail(`pseudo-class :${name}`, at);
    }
    this.i++;
    this.space();
    let condition: Condition;
    if (name === "not") {
      condition = { kind: "not", compound: this.compound() };
    } else if (name === "contains") {
      const text = this.stringOrIdent() ?? this.fail(":contains() argument", this.i);
      condition = { kind: "contains", text };
    } else if (name === "nth-child" || name === "nth-last-child") {
      const end = this.query.indexOf(")", this.i);
      if (end < 0) this.fail("unclosed (", this.i);
      condition = { kind: "nth", ...this.series(end), fromEnd: name === "nth-last-child" };
      this.i = end;
    } else {
      this.fail(`pseudo-class :${name}()`, at);
    }
    this.space();
    if (this.query[this.i] !== ")") this.fail(`character ${JSON.stringify(this.query[this.i])}`);
    this.i++;
    return condition;
  }

  /** an+b, odd, even (cssselect's parse_series), up to `end`. */
  private series(end: number): { a: number; b: number } {
    const s = this.query.slice(this.i, end).replace(/[ \t\r\n\f]+/g, "");
    if (s === "odd") return { a: 2, b: 1 };
    if (s === "even") return { a: 2, b: 0 };
    const m = /^(?:([+-]?[0-9]*)n)?([+-]?[0-9]+)?$/.exec(s);
    if (!m || s === "") this.fail(`nth argument ${JSON.stringify(s)}`, this.i);
    if (m[1] === undefined) return { a: 0, b: Number(m[2]) };
    const a = m[1] === "" || m[1] === "+" ? 1 : m[1] === "-" ? -1 : Number(m[1]);
    return { a, b: m[2] === undefined ? 0 : Number(m[2]) };
  }
}

/** Parses a selector list; UnsupportedTreeQuery outside the subset, PythonError for unknown prefixes. */
export function parseCss(
  query: string,
  namespaces: ReadonlyMap<string, string>,
): ComplexSelector[] {
  return new CssParser(query, namespaces).parse();
}
