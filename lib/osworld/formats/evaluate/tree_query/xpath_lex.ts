// XPath 1.0 tokens (spec §3.7), including its rule that `*` and a bare name
// after an operand are the multiply operator and an operator name.

import { UnsupportedTreeQuery } from "./unsupported.ts";

export type TokenKind =
  | "punct" // ( ) [ ] . .. @ , ::
  | "op" // / // | + - = != < <= > >= * and or mod div
  | "name" // a name test: NCName, prefix:NCName, *, prefix:*
  | "func" // a name followed by "("
  | "nodetype" // node, text, comment, processing-instruction followed by "("
  | "axis" // a name followed by "::"
  | "literal"
  | "number"
  | "eof";

export interface Token {
  kind: TokenKind;
  value: string;
  /** For names: the prefix before ":", "" when none. */
  prefix: string;
  pos: number;
}

const NODE_TYPES = new Set(["node", "text", "comment", "processing-instruction"]);
const OPERATOR_NAMES = new Set(["and", "or", "mod", "div"]);
const NAME_START = /[A-Za-z_\u00C0-\u02FF\u0370-\u1FFF\u200C-\u218F\u2C00-\uFFFD]/;
const NAME_CHAR =
  /[A-Za-z0-9_.\-\u00B7\u00C0-\u02FF\u0300-\u036F\u0370-\u1FFF\u200C-\u218F\u2C00-\uFFFD]/;

function readNcName(s: string, at: number): number {
  let end = at;
  if (end < s.length && NAME_START.test(s[end])) {
    end++;
    while (end < s.length && NAME_CHAR.test(s[end])) end++;
  }
  return end;
}

function skipSpace(s: string, at: number): number {
  while (at < s.length && " \t\r\n".includes(s[at])) at++;
  return at;
}

/** Whether the previous token ends an operand, making `*` multiply and `and` an operator. */
function afterOperand(prev: Token | undefined): boolean {
  if (!prev) return false;
  if (prev.kind === "op" || prev.kind === "axis") return false;
  return !(prev.kind === "punct" && ["@", "::", "(", "[", ","].includes(prev.value));
}

export function tokenize(query: string): Token[] {
  const tokens: Token[] = [];
  const push = (kind: TokenKind, value: string, pos: number, prefix = "") =>
    tokens.push({ kind, value, prefix, pos });
  const unsupported = (what: string, pos: number) =>
    new UnsupportedTreeQuery("xpath", what, pos, query);
  let i = skipSpace(query, 0);
  while (i < query.length) {
    const c = query[i];
    const two = query.slice(i, i + 2);
    const prev = tokens[tokens.length - 1];
    if (two === "//" || two === "!=" || two === "<=" || two === ">=") {
      push("op", two, i);
      i += 2;
    } else if (two === "::" || two === "..") {
      push("punct", two, i);
      i += 2;
    } else if (c === "." && /[0-9]/.test(query[i + 1] ?? "") || /[0-9]/.test(c)) {
      const m = /^[0-9]*(\.[0-9]*)?/.exec(query.slice(i))!;
      push("number", m[0], i);
      i += m[0].length;
    } else if ("()[].@,".includes(c)) {
      push("punct", c, i);
      i++;
    } else if ("/|+-=<>".includes(c)) {
      push("op", c, i);
      i++;
    } else if (c === "*") {
      push(afterOperand(prev) ? "op" : "name", "*", i);
      i++;
    } else if (c === '"' || c === "'") {
      const end = query.indexOf(c, i + 1);
      if (end < 0) throw unsupported("unterminated string literal", i);
      push("literal", query.slice(i + 1, end), i);
      i = end + 1;
    } else if (c === "$") {
      throw unsupported("variable reference", i);
    } else if (NAME_START.test(c)) {
      const start = i;
      let end = readNcName(query, i);
      let prefix = "";
      let local = query.slice(start, end);
      // A QName or prefix:* (a single colon; "::" introduces an axis).
      if (query[end] === ":" && query[end + 1] !== ":" && !afterOperand(prev)) {
        prefix = local;
        if (query[end + 1] === "*") {
          local = "*";
          end += 2;
        } else {
          const localEnd = readNcName(query, end + 1);
          if (localEnd === end + 1) throw unsupported("name after prefix", end + 1);
          local = query.slice(end + 1, localEnd);
          end = localEnd;
        }
      }
      i = end;
      const next = skipSpace(query, i);
      if (afterOperand(prev) && prefix === "") {
        if (!OPERATOR_NAMES.has(local)) throw unsupported(`operator ${local}`, start);
        push("op", local, start);
      } else if (query[next] === "(" && local !== "*") {
        const isType = prefix === "" && NODE_TYPES.has(local);
        push(isType ? "nodetype" : "func", local, start, prefix);
      } else if (query.startsWith("::", next) && prefix === "") {
        push("axis", local, start);
        push("punct", "::", next);
        i = next + 2;
      } else {
        push("name", local, start, prefix);
      }
    } else {
      throw unsupported(`character ${JSON.stringify(c)}`, i);
    }
    i = skipSpace(query, i);
  }
  push("eof", "", query.length);
  return tokens;
}
