// XPath 1.0's core function library (spec §4), minus id() and lang().
// Strings are counted in code points, as libxml2 counts characters.

import type { XmlNode } from "./xml_dom.ts";
import {
  type NodeSet,
  requireNodeSet,
  toBoolean,
  toNumber,
  toStr,
  type XPathValue,
} from "./xpath_values.ts";

export interface FunctionContext {
  node: XmlNode;
  position: number;
  size: number;
}

/** The first node of an optional node-set argument, else the context node. */
function firstNode(args: XPathValue[], ctx: FunctionContext, name: string): XmlNode | undefined {
  return args.length === 0 ? ctx.node : requireNodeSet(args[0], `${name}()`)[0];
}

function localName(node: XmlNode | undefined): string {
  return node && (node.kind === "element" || node.kind === "attribute") ? node.local : "";
}

/** The string argument, or the context node's string-value when omitted. */
function stringArg(args: XPathValue[], ctx: FunctionContext): string {
  return toStr(args.length === 0 ? [ctx.node] : args[0]);
}

function substring(s: string, start: number, length: number): string {
  const chars = Array.from(s);
  const first = xpathRound(start);
  const end = first + xpathRound(length);
  // Positions are 1-based; NaN comparisons select nothing, as the spec requires.
  return chars.filter((_, i) => i + 1 >= first && i + 1 < end).join("");
}

function xpathRound(n: number): number {
  if (!Number.isFinite(n)) return n;
  return Math.floor(n + 0.5);
}

function translate(s: string, from: string, to: string): string {
  const source = Array.from(from);
  const target = Array.from(to);
  return Array.from(s).map((ch) => {
    const i = source.indexOf(ch);
    return i < 0 ? ch : (target[i] ?? "");
  }).join("");
}

type Fn = (args: XPathValue[], ctx: FunctionContext) => XPathValue;

const FUNCTIONS: Readonly<Record<string, Fn>> = {
  "last": (_, ctx) => ctx.size,
  "position": (_, ctx) => ctx.position,
  "count": (args) => requireNodeSet(args[0], "count()").length,
  "local-name": (args, ctx) => localName(firstNode(args, ctx, "local-name")),
  "name": (args, ctx) => {
    const node = firstNode(args, ctx, "name");
    if (!node || (node.kind !== "element" && node.kind !== "attribute")) return "";
    return node.prefix === "" ? node.local : `${node.prefix}:${node.local}`;
  },
  "namespace-uri": (args, ctx) => {
    const node = firstNode(args, ctx, "namespace-uri");
    return node && (node.kind === "element" || node.kind === "attribute") ? node.uri : "";
  },
  "string": (args, ctx) => stringArg(args, ctx),
  "concat": (args) => args.map(toStr).join(""),
  "starts-with": (args) => toStr(args[0]).startsWith(toStr(args[1])),
  "contains": (args) => toStr(args[0]).includes(toStr(args[1])),
  "substring-before": (args) => {
    const [s, t] = [toStr(args[0]), toStr(args[1])];
    const i = s.indexOf(t);
    return i < 0 ? "" : s.slice(0, i);
  },
  "substring-after": (args) => {
    const [s, t] = [toStr(args[0]), toStr(args[1])];
    const i = s.indexOf(t);
    return i < 0 ? "" : s.slice(i + t.length);
  },
  "substring": (args) =>
    substring(toStr(args[0]), toNumber(args[1]), args.length > 2 ? toNumber(args[2]) : Infinity),
  "string-length": (args, ctx) => Array.from(stringArg(args, ctx)).length,
  "normalize-space": (args, ctx) =>
    stringArg(args, ctx).split(/[ \t\r\n]+/).filter(Boolean).join(" "),
  "translate": (args) => translate(toStr(args[0]), toStr(args[1]), toStr(args[2])),
  "boolean": (args) => toBoolean(args[0]),
  "not": (args) => !toBoolean(args[0]),
  "true": () => true,
  "false": () => false,
  "number": (args, ctx) => toNumber(args.length === 0 ? [ctx.node] : args[0]),
  "sum": (args) =>
    (requireNodeSet(args[0], "sum()") as NodeSet).reduce((total, n) => total + toNumber([n]), 0),
  "floor": (args) => Math.floor(toNumber(args[0])),
  "ceiling": (args) => Math.ceil(toNumber(args[0])),
  "round": (args) => xpathRound(toNumber(args[0])),
};

/** Calls a function the parser accepted (names and arity are checked there). */
export function callFunction(name: string, args: XPathValue[], ctx: FunctionContext): XPathValue {
  return FUNCTIONS[name](args, ctx);
}
