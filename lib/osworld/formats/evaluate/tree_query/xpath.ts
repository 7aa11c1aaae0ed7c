// XPath 1.0 over the accessibility XML, as lxml's `element.xpath(query,
// namespaces=...)` evaluates it: relative paths start at the element, absolute
// ones at the document root.

import type { XmlElement } from "./xml_dom.ts";
import { evaluateAt } from "./xpath_eval.ts";
import { parseXPath } from "./xpath_parse.ts";
import type { XPathValue } from "./xpath_values.ts";

export type { XPathValue } from "./xpath_values.ts";

/** The query's value at `context`: a node-set (document order), string, number or boolean. */
export function evaluateXPath(
  query: string,
  context: XmlElement,
  namespaces: ReadonlyMap<string, string>,
): XPathValue {
  return evaluateAt(parseXPath(query, namespaces), context);
}

/**
 * The elements the query selects. Decision: attributes, text nodes, strings,
 * numbers and booleans are not elements and are dropped, so a query yielding
 * only those selects nothing (lxml would hand back strings that have no
 * `.text`; OSWorld's rules expect elements).
 */
export function selectElements(
  query: string,
  context: XmlElement,
  namespaces: ReadonlyMap<string, string>,
): XmlElement[] {
  const value = evaluateXPath(query, context, namespaces);
  if (!Array.isArray(value)) return [];
  return value.filter((node): node is XmlElement => node.kind === "element");
}
