// CSS selector matching with cssselect's semantics, as lxml's
// `CSSSelector(query, namespaces=...)(element)` runs it: the element and its
// descendants, in document order, each once.

import {
  attributeValue,
  elementsUnder,
  siblingsOf,
  stringValue,
  type XmlElement,
} from "./xml_dom.ts";
import {
  type AttributeOp,
  type ComplexSelector,
  type Compound,
  type Condition,
  parseCss,
} from "./css_parse.ts";

const WHITESPACE = /[ \t\r\n\f]+/;

/** cssselect's XPath for each operator; an empty value never matches ^= $= *= ~=. */
function attributeMatches(actual: string, op: AttributeOp, value: string): boolean {
  switch (op) {
    case "=":
      return actual === value;
    case "!=":
      return actual !== value;
    case "~=":
      return value !== "" && !WHITESPACE.test(value) &&
        actual.split(WHITESPACE).includes(value);
    case "|=":
      return actual === value || actual.startsWith(`${value}-`);
    case "^=":
      return value !== "" && actual.startsWith(value);
    case "$=":
      return value !== "" && actual.endsWith(value);
    case "*=":
      return value !== "" && actual.includes(value);
  }
}

/** 1-based index among element siblings, from the start or the end. */
function siblingIndex(el: XmlElement, fromEnd: boolean): number {
  const all = siblingsOf(el);
  const i = all.indexOf(el);
  return fromEnd ? all.length - i : i + 1;
}

/** Whether some n >= 0 gives a*n + b = index. */
function inSeries(index: number, a: number, b: number): boolean {
  if (a === 0) return index === b;
  const n = (index - b) / a;
  return Number.isInteger(n) && n >= 0;
}

function conditionMatches(el: XmlElement, condition: Condition): boolean {
  switch (condition.kind) {
    case "attr": {
      const actual = attributeValue(el, condition.uri, condition.local);
      if (actual === undefined) return condition.op === "!=";
      return condition.op === null || attributeMatches(actual, condition.op, condition.value);
    }
    case "nth":
      return inSeries(siblingIndex(el, condition.fromEnd), condition.a, condition.b);
    case "only-child":
      return siblingsOf(el).length === 1;
    case "empty":
      return el.children.length === 0 && stringValue(el) === "";
    case "root":
      return el.parent.kind === "root";
    case "contains":
      return stringValue(el).includes(condition.text);
    case "not":
      return !compoundMatches(el, condition.compound);
  }
}

function compoundMatches(el: XmlElement, compound: Compound): boolean {
  return (compound.uri === null || el.uri === compound.uri) &&
    (compound.local === null || el.local === compound.local) &&
    compound.conditions.every((condition) => conditionMatches(el, condition));
}

function parentElement(el: XmlElement): XmlElement | null {
  return el.parent.kind === "element" ? el.parent : null;
}

/** Matches right to left: compounds[i] at `el`, then what precedes it. */
function complexMatches(el: XmlElement, selector: ComplexSelector, i: number): boolean {
  if (!compoundMatches(el, selector.compounds[i])) return false;
  if (i === 0) return true;
  const combinator = selector.combinators[i - 1];
  if (combinator === ">" || combinator === " ") {
    for (let p = parentElement(el); p; p = parentElement(p)) {
      if (complexMatches(p, selector, i - 1)) return true;
      if (combinator === ">") return false;
    }
    return false;
  }
  const siblings = siblingsOf(el);
  const before = siblings.slice(0, siblings.indexOf(el)).reverse();
  const candidates = combinator === "+" ? before.slice(0, 1) : before;
  return candidates.some((s) => complexMatches(s, selector, i - 1));
}

/** The elements at or under `context` that any selector in the list matches. */
export function selectCss(
  query: string,
  context: XmlElement,
  namespaces: ReadonlyMap<string, string>,
): XmlElement[] {
  const selectors = parseCss(query, namespaces);
  return elementsUnder(context).filter((el) =>
    selectors.some((selector) => complexMatches(el, selector, selector.compounds.length - 1))
  );
}
