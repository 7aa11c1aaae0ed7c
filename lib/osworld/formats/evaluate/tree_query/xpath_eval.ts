// Evaluates a parsed XPath 1.0 expression over the DOM: axes in their own
// order for predicate positions (reverse axes count backwards), each step's
// result back in document order.

import type { XmlElement, XmlNode, XmlRoot, XmlText } from "./xml_dom.ts";
import { callFunction } from "./xpath_functions.ts";
import type { Axis, Expr, NodeTest, Step } from "./xpath_parse.ts";
import {
  compare,
  documentOrder,
  type NodeSet,
  requireNodeSet,
  toBoolean,
  toNumber,
  type XPathValue,
} from "./xpath_values.ts";

interface Context {
  node: XmlNode;
  position: number;
  size: number;
  root: XmlRoot;
}

function childNodes(node: XmlNode): Array<XmlElement | XmlText> {
  if (node.kind === "root") return [node.element];
  return node.kind === "element" ? node.content : [];
}

function descendants(node: XmlNode): XmlNode[] {
  const out: XmlNode[] = [];
  const walk = (n: XmlNode) => {
    for (const child of childNodes(n)) {
      out.push(child);
      walk(child);
    }
  };
  walk(node);
  return out;
}

function ancestors(node: XmlNode): XmlNode[] {
  const out: XmlNode[] = [];
  for (let p = node.parent; p; p = p.parent) out.push(p);
  return out;
}

function siblings(node: XmlNode): Array<XmlElement | XmlText> {
  if (node.kind !== "element" && node.kind !== "text") return [];
  return childNodes(node.parent);
}

function axisNodes(node: XmlNode, axis: Axis, root: XmlRoot): XmlNode[] {
  switch (axis) {
    case "child":
      return childNodes(node);
    case "descendant":
      return descendants(node);
    case "descendant-or-self":
      return [node, ...descendants(node)];
    case "parent":
      return node.parent ? [node.parent] : [];
    case "self":
      return [node];
    case "ancestor":
      return ancestors(node);
    case "ancestor-or-self":
      return [node, ...ancestors(node)];
    case "following-sibling": {
      const all = siblings(node);
      return all.slice(all.indexOf(node as XmlElement | XmlText) + 1);
    }
    case "preceding-sibling": {
      const all = siblings(node);
      const i = all.indexOf(node as XmlElement | XmlText);
      return i < 0 ? [] : all.slice(0, i).reverse();
    }
    case "following": {
      const inside = new Set(descendants(node));
      return descendants(root).filter((n) => n.order > node.order && !inside.has(n));
    }
    case "preceding": {
      const above = new Set(ancestors(node));
      return descendants(root).filter((n) => n.order < node.order && !above.has(n)).reverse();
    }
    case "attribute":
      return node.kind === "element" ? node.attributes : [];
  }
}

function matchesTest(node: XmlNode, test: NodeTest, axis: Axis): boolean {
  if (test.kind === "node") return true;
  if (test.kind === "text") return node.kind === "text";
  // A name test selects the axis's principal node type only.
  const principal = axis === "attribute" ? "attribute" : "element";
  if (node.kind !== principal) return false;
  return (test.uri === null || node.uri === test.uri) &&
    (test.local === null || node.local === test.local);
}

/** Keeps the nodes a predicate accepts; a number predicate is a position. */
function filter(nodes: NodeSet, predicate: Expr, root: XmlRoot): NodeSet {
  return nodes.filter((node, i) => {
    const value = evaluate(predicate, { node, position: i + 1, size: nodes.length, root });
    return typeof value === "number" ? value === i + 1 : toBoolean(value);
  });
}

function applyStep(context: NodeSet, step: Step, root: XmlRoot): NodeSet {
  const out: XmlNode[] = [];
  for (const node of context) {
    let selected = axisNodes(node, step.axis, root).filter((n) =>
      matchesTest(n, step.test, step.axis)
    );
    for (const predicate of step.predicates) selected = filter(selected, predicate, root);
    out.push(...selected);
  }
  return documentOrder(out);
}

export function evaluate(expr: Expr, ctx: Context): XPathValue {
  switch (expr.type) {
    case "literal":
    case "number":
      return expr.value;
    case "or":
      return toBoolean(evaluate(expr.left, ctx)) || toBoolean(evaluate(expr.right, ctx));
    case "and":
      return toBoolean(evaluate(expr.left, ctx)) && toBoolean(evaluate(expr.right, ctx));
    case "compare":
      return compare(expr.op, evaluate(expr.left, ctx), evaluate(expr.right, ctx));
    case "arith": {
      const [a, b] = [toNumber(evaluate(expr.left, ctx)), toNumber(evaluate(expr.right, ctx))];
      if (expr.op === "+") return a + b;
      if (expr.op === "-") return a - b;
      if (expr.op === "*") return a * b;
      return expr.op === "div" ? a / b : a % b;
    }
    case "negate":
      return -toNumber(evaluate(expr.operand, ctx));
    case "union":
      return documentOrder([
        ...requireNodeSet(evaluate(expr.left, ctx), "|"),
        ...requireNodeSet(evaluate(expr.right, ctx), "|"),
      ]);
    case "call":
      return callFunction(expr.name, expr.args.map((arg) => evaluate(arg, ctx)), ctx);
    case "filter": {
      let nodes = requireNodeSet(evaluate(expr.primary, ctx), "a predicate");
      for (const predicate of expr.predicates) nodes = filter(nodes, predicate, ctx.root);
      return nodes;
    }
    case "path": {
      let nodes: NodeSet = expr.start
        ? requireNodeSet(evaluate(expr.start, ctx), "/")
        : [expr.absolute ? ctx.root : ctx.node];
      for (const step of expr.steps) nodes = applyStep(nodes, step, ctx.root);
      return nodes;
    }
  }
}

/** Evaluates with `node` as the context node (position 1 of 1). */
export function evaluateAt(expr: Expr, node: XmlNode): XPathValue {
  let root: XmlNode = node;
  while (root.parent) root = root.parent;
  if (root.kind !== "root") throw new TypeError("node is not in a document");
  return evaluate(expr, { node, position: 1, size: 1, root });
}
