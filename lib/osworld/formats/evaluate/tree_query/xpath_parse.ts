// XPath 1.0 grammar (spec §2–3) by recursive descent, over the subset
// OSWorld tasks use. Prefixes resolve here, against the caller's map, as
// lxml resolves them against `namespaces=`.

import { PythonError } from "./python_values.ts";
import { UnsupportedTreeQuery } from "./unsupported.ts";
import { type Token, tokenize } from "./xpath_lex.ts";

export type Axis =
  | "child"
  | "descendant"
  | "descendant-or-self"
  | "parent"
  | "self"
  | "following-sibling"
  | "preceding-sibling"
  | "ancestor"
  | "ancestor-or-self"
  | "following"
  | "preceding"
  | "attribute";

const AXES = new Set<string>([
  "child",
  "descendant",
  "descendant-or-self",
  "parent",
  "self",
  "following-sibling",
  "preceding-sibling",
  "ancestor",
  "ancestor-or-self",
  "following",
  "preceding",
  "attribute",
]);

/** A name test: uri/local null match any; node() and text() tests. */
export type NodeTest =
  | { kind: "name"; uri: string | null; local: string | null }
  | { kind: "node" }
  | { kind: "text" };

export interface Step {
  axis: Axis;
  test: NodeTest;
  predicates: Expr[];
}

export type CompareOp = "=" | "!=" | "<" | "<=" | ">" | ">=";
export type ArithOp = "+" | "-" | "*" | "div" | "mod";

export type Expr =
  | { type: "or" | "and"; left: Expr; right: Expr }
  | { type: "compare"; op: CompareOp; left: Expr; right: Expr }
  | { type: "arith"; op: ArithOp; left: Expr; right: Expr }
  | { type: "negate"; operand: Expr }
  | { type: "union"; left: Expr; right: Expr }
  | { type: "literal"; value: string }
  | { type: "number"; value: number }
  | { type: "call"; name: string; args: Expr[] }
  | { type: "filter"; primary: Expr; predicates: Expr[] }
  /** `start` is a filter expression the steps continue from; absent: the context (or root). */
  | { type: "path"; absolute: boolean; start?: Expr; steps: Step[] };

/** Supported functions and their [min, max] argument counts. */
export const FUNCTION_ARITY: Readonly<Record<string, [number, number]>> = {
  "last": [0, 0],
  "position": [0, 0],
  "count": [1, 1],
  "local-name": [0, 1],
  "name": [0, 1],
  "namespace-uri": [0, 1],
  "string": [0, 1],
  "concat": [2, Infinity],
  "starts-with": [2, 2],
  "contains": [2, 2],
  "substring-before": [2, 2],
  "substring-after": [2, 2],
  "substring": [2, 3],
  "string-length": [0, 1],
  "normalize-space": [0, 1],
  "translate": [3, 3],
  "boolean": [1, 1],
  "not": [1, 1],
  "true": [0, 0],
  "false": [0, 0],
  "number": [0, 1],
  "sum": [1, 1],
  "floor": [1, 1],
  "ceiling": [1, 1],
  "round": [1, 1],
};

const DESCENDANT_OR_SELF: Step = {
  axis: "descendant-or-self",
  test: { kind: "node" },
  predicates: [],
};

class Parser {
  private i = 0;
  private readonly tokens: Token[];

  constructor(
    private readonly query: string,
    private readonly namespaces: ReadonlyMap<string, string>,
  ) {
    this.tokens = tokenize(query);
  }

  parse(): Expr {
    const expr = this.orExpr();
    if (this.peek().kind !== "eof") this.fail(`token ${JSON.stringify(this.peek().value)}`);
    return expr;
  }

  private peek(): Token {
    return this.tokens[this.i];
  }

  private next(): Token {
    return this.tokens[this.i++];
  }

  private is(kind: Token["kind"], ...values: string[]): boolean {
    const t = this.peek();
    return t.kind === kind && (values.length === 0 || values.includes(t.value));
  }

  private expect(kind: Token["kind"], value: string): void {
    if (!this.is(kind, value)) this.fail(`${JSON.stringify(this.peek().value)}, expected ${value}`);
    this.i++;
  }

  private fail(what: string, token = this.peek()): never {
    throw new UnsupportedTreeQuery(
      "xpath",
      token.kind === "eof" ? "end of query" : what,
      token.pos,
      this.query,
    );
  }

  private binary<T extends string>(
    kinds: readonly T[],
    operand: () => Expr,
    make: (op: T, left: Expr, right: Expr) => Expr,
  ): Expr {
    let left = operand();
    while (this.is("op", ...kinds)) {
      const op = this.next().value as T;
      left = make(op, left, operand());
    }
    return left;
  }

  private orExpr(): Expr {
    return this.binary(
      ["or"],
      () => this.andExpr(),
      (_, left, right) => ({ type: "or", left, right }),
    );
  }

  private andExpr(): Expr {
    return this.binary(
      ["and"],
      () => this.equality(),
      (_, left, right) => ({ type: "and", left, right }),
    );
  }

  private equality(): Expr {
    return this.binary<CompareOp>(
      ["=", "!="],
      () => this.relational(),
      (op, left, right) => ({ type: "compare", op, left, right }),
    );
  }

  private relational(): Expr {
    return this.binary<CompareOp>(
      ["<", "<=", ">", ">="],
      () => this.additive(),
      (op, left, right) => ({ type: "compare", op, left, right }),
    );
  }

  private additive(): Expr {
    return this.binary<ArithOp>(
      ["+", "-"],
      () => this.multiplicative(),
      (op, left, right) => ({ type: "arith", op, left, right }),
    );
  }

  private multiplicative(): Expr {
    return this.binary<ArithOp>(
      ["*", "div", "mod"],
      () => this.unary(),
      (op, left, right) => ({ type: "arith", op, left, right }),
    );
  }

  private unary(): Expr {
    if (this.is("op", "-")) {
      this.next();
      return { type: "negate", operand: this.unary() };
    }
    return this.binary(
      ["|"],
      () => this.pathExpr(),
      (_, left, right) => ({ type: "union", left, right }),
    );
  }

  private pathExpr(): Expr {
    const t = this.peek();
    const primary = t.kind === "literal" || t.kind === "number" || t.kind === "func" ||
      (t.kind === "punct" && t.value === "(");
    if (!primary) return this.locationPath();
    let start = this.primaryExpr();
    const predicates = this.predicates();
    if (predicates.length > 0) start = { type: "filter", primary: start, predicates };
    if (!this.is("op", "/", "//")) return start;
    return { type: "path", absolute: false, start, steps: this.relativeSteps(false) };
  }

  private primaryExpr(): Expr {
    const t = this.next();
    if (t.kind === "literal") return { type: "literal", value: t.value };
    if (t.kind === "number") return { type: "number", value: Number(t.value) };
    if (t.kind === "punct") {
      const inner = this.orExpr();
      this.expect("punct", ")");
      return inner;
    }
    const arity = t.prefix === "" ? FUNCTION_ARITY[t.value] : undefined;
    if (!Object.hasOwn(FUNCTION_ARITY, t.value) || arity === undefined) {
      this.fail(`function ${t.prefix ? `${t.prefix}:` : ""}${t.value}()`, t);
    }
    this.expect("punct", "(");
    const args: Expr[] = [];
    if (!this.is("punct", ")")) {
      args.push(this.orExpr());
      while (this.is("punct", ",")) {
        this.next();
        args.push(this.orExpr());
      }
    }
    this.expect("punct", ")");
    if (args.length < arity[0] || args.length > arity[1]) {
      this.fail(`call ${t.value}() with ${args.length} arguments`, t);
    }
    return { type: "call", name: t.value, args };
  }

  private locationPath(): Expr {
    if (this.is("op", "/")) {
      this.next();
      // "/" alone is the root; otherwise a relative path follows.
      const steps = this.startsStep() ? this.relativeSteps(true) : [];
      return { type: "path", absolute: true, steps };
    }
    if (this.is("op", "//")) {
      return { type: "path", absolute: true, steps: this.relativeSteps(false) };
    }
    if (!this.startsStep()) this.fail(`token ${JSON.stringify(this.peek().value)}`);
    return { type: "path", absolute: false, steps: this.relativeSteps(true) };
  }

  private startsStep(): boolean {
    const t = this.peek();
    return t.kind === "name" || t.kind === "axis" || t.kind === "nodetype" ||
      (t.kind === "punct" && [".", "..", "@"].includes(t.value));
  }

  /** Steps separated by / or //; `first` says a step comes before any separator. */
  private relativeSteps(first: boolean): Step[] {
    const steps: Step[] = [];
    if (first) steps.push(this.step());
    while (this.is("op", "/", "//")) {
      if (this.next().value === "//") steps.push(DESCENDANT_OR_SELF);
      steps.push(this.step());
    }
    return steps;
  }

  private step(): Step {
    if (this.is("punct", ".")) {
      this.next();
      return { axis: "self", test: { kind: "node" }, predicates: [] };
    }
    if (this.is("punct", "..")) {
      this.next();
      return { axis: "parent", test: { kind: "node" }, predicates: [] };
    }
    let axis: Axis = "child";
    if (this.is("punct", "@")) {
      this.next();
      axis = "attribute";
    } else if (this.is("axis")) {
      const t = this.next();
      if (!AXES.has(t.value)) this.fail(`axis ${t.value}::`, t);
      axis = t.value as Axis;
      this.expect("punct", "::");
    }
    const test = this.nodeTest();
    return { axis, test, predicates: this.predicates() };
  }

  private nodeTest(): NodeTest {
    const t = this.next();
    if (t.kind === "nodetype") {
      if (t.value !== "node" && t.value !== "text") this.fail(`node test ${t.value}()`, t);
      this.expect("punct", "(");
      this.expect("punct", ")");
      return { kind: t.value };
    }
    if (t.kind !== "name") this.fail(`token ${JSON.stringify(t.value)}, expected a node test`, t);
    const uri = t.prefix === "" ? (t.value === "*" ? null : "") : this.resolve(t.prefix);
    return { kind: "name", uri, local: t.value === "*" ? null : t.value };
  }

  private resolve(prefix: string): string {
    const uri = this.namespaces.get(prefix);
    // lxml raises XPathEvalError ("Undefined namespace prefix"): Python raises.
    if (uri === undefined) throw new PythonError(`Undefined namespace prefix ${prefix}`);
    return uri;
  }

  private predicates(): Expr[] {
    const out: Expr[] = [];
    while (this.is("punct", "[")) {
      this.next();
      out.push(this.orExpr());
      this.expect("punct", "]");
    }
    return out;
  }
}

/** Parses `query`; throws UnsupportedTreeQuery outside the subset, PythonError for unknown prefixes. */
export function parseXPath(query: string, namespaces: ReadonlyMap<string, string>): Expr {
  return new Parser(query, namespaces).parse();
}
