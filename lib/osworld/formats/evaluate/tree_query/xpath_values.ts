// XPath 1.0's four value types and their conversions and comparisons
// (spec §3.4, §4.2–4.4).

import { PythonError } from "./python_values.ts";
import { stringValue, type XmlNode } from "./xml_dom.ts";
import type { CompareOp } from "./xpath_parse.ts";

export type NodeSet = XmlNode[];
export type XPathValue = NodeSet | string | number | boolean;

export function isNodeSet(value: XPathValue): value is NodeSet {
  return Array.isArray(value);
}

/** A node-set operand; anything else is a type error in lxml (XPathEvalError). */
export function requireNodeSet(value: XPathValue, where: string): NodeSet {
  if (!isNodeSet(value)) throw new PythonError(`${where} needs a node-set`);
  return value;
}

/** Distinct nodes in document order. */
export function documentOrder(nodes: Iterable<XmlNode>): NodeSet {
  return [...new Set(nodes)].sort((a, b) => a.order - b.order);
}

/** string(): a number prints without exponent or trailing ".0" where JavaScript allows. */
export function toStr(value: XPathValue): string {
  if (isNodeSet(value)) return value.length === 0 ? "" : stringValue(value[0]);
  if (typeof value === "boolean") return value ? "true" : "false";
  if (typeof value === "number") {
    if (Number.isNaN(value)) return "NaN";
    if (!Number.isFinite(value)) return value > 0 ? "Infinity" : "-Infinity";
    return Object.is(value, -0) ? "0" : String(value);
  }
  return value;
}

const XPATH_NUMBER = /^[ \t\r\n]*-?([0-9]+(\.[0-9]*)?|\.[0-9]+)[ \t\r\n]*$/;

export function toNumber(value: XPathValue): number {
  if (typeof value === "number") return value;
  if (typeof value === "boolean") return value ? 1 : 0;
  const text = toStr(value);
  return XPATH_NUMBER.test(text) ? Number(text.trim()) : NaN;
}

export function toBoolean(value: XPathValue): boolean {
  if (isNodeSet(value)) return value.length > 0;
  if (typeof value === "number") return value !== 0 && !Number.isNaN(value);
  if (typeof value === "boolean") return value;
  return value.length > 0;
}

type Atom = string | number | boolean;

function compareAtoms(op: CompareOp, a: Atom, b: Atom): boolean {
  if (op === "=" || op === "!=") {
    let equal: boolean;
    if (typeof a === "boolean" || typeof b === "boolean") equal = toBoolean(a) === toBoolean(b);
    else if (typeof a === "number" || typeof b === "number") equal = toNumber(a) === toNumber(b);
    else equal = a === b;
    return op === "=" ? equal : !equal;
  }
  const [x, y] = [toNumber(a), toNumber(b)];
  if (op === "<") return x < y;
  if (op === "<=") return x <= y;
  if (op === ">") return x > y;
  return x >= y;
}

/** A node of a node-set as the other operand's type wants it (§3.4). */
function nodeAtom(node: XmlNode, other: Atom): Atom {
  const text = stringValue(node);
  return typeof other === "number" ? toNumber(text) : text;
}

export function compare(op: CompareOp, a: XPathValue, b: XPathValue): boolean {
  if (isNodeSet(a) && isNodeSet(b)) {
    const right = b.map(stringValue);
    return a.some((x) => right.some((y) => compareAtoms(op, stringValue(x), y)));
  }
  if (isNodeSet(a)) {
    const other = b as Atom;
    if (typeof other === "boolean") return compareAtoms(op, toBoolean(a), other);
    return a.some((node) => compareAtoms(op, nodeAtom(node, other), other));
  }
  if (isNodeSet(b)) {
    if (typeof a === "boolean") return compareAtoms(op, a, toBoolean(b));
    return b.some((node) => compareAtoms(op, a, nodeAtom(node, a)));
  }
  return compareAtoms(op, a, b);
}
