// OSWorld's check_accessibility_tree: every rule's XPath (or, failing that,
// CSS selectors) must find elements in the accessibility XML, and a rule with
// `text` scores its best element's text match; the rule scores multiply.
// Queries outside the supported subsets throw UnsupportedTreeQuery, so the
// task is reported unsupported rather than scored.

import { NAMESPACES, WINDOWS_NAMESPACES } from "../xml.ts";
import { fuzzRatio } from "./fuzz_ratio.ts";
import {
  dictGet,
  dictItem,
  isDict,
  type PyDict,
  pythonEquals,
  PythonError,
  pythonIterate,
  pythonTruthy,
} from "./tree_query/python_values.ts";
import { selectCss } from "./tree_query/css.ts";
import { MalformedXml, parseXmlDom, type XmlElement } from "./tree_query/xml_dom.ts";
import { selectElements } from "./tree_query/xpath.ts";
import { type Metric } from "./metric.ts";

export { UnsupportedTreeQuery } from "./tree_query/unsupported.ts";

const NS_MAPS: Readonly<Record<string, ReadonlyMap<string, string>>> = {
  ubuntu: new Map(NAMESPACES),
  windows: new Map(WINDOWS_NAMESPACES),
};

/** The rule's elements: `xpath` wins over `selectors`, as in OSWorld. */
function selectRule(
  rule: PyDict,
  root: XmlElement,
  namespaces: ReadonlyMap<string, string>,
): XmlElement[] {
  if (Object.hasOwn(rule, "xpath")) {
    const xpath = rule.xpath;
    if (typeof xpath !== "string") throw new PythonError("xpath is not a str");
    return selectElements(xpath, root, namespaces);
  }
  if (Object.hasOwn(rule, "selectors")) {
    // ", ".join(selectors): a str joins its characters, as Python would.
    const parts = pythonIterate(rule.selectors);
    if (!parts.every((part) => typeof part === "string")) {
      throw new PythonError("selectors must be strings");
    }
    return selectCss(parts.join(", "), root, namespaces);
  }
  throw new PythonError("rule has neither xpath nor selectors");
}

/** One element's match: exact is Python `==` against `.text or None`; fuzzy is fuzz.ratio / 100. */
function textScore(rule: PyDict, el: XmlElement): number {
  const wanted = dictItem(rule, "text");
  const text = el.text === "" ? null : el.text;
  if (pythonTruthy(dictGet(rule, "exact", true))) return pythonEquals(wanted, text) ? 1 : 0;
  if (typeof wanted !== "string") throw new PythonError("fuzz.ratio needs a str");
  return text === null ? 0 : fuzzRatio(wanted, text);
}

function scoreTree(result: unknown, expected: unknown, options: Record<string, unknown>): number {
  if (typeof result !== "string") return 0;
  const osname = Object.hasOwn(options, "osname") ? options.osname : "ubuntu";
  if (typeof osname !== "string" || !Object.hasOwn(NS_MAPS, osname)) {
    throw new PythonError(`unknown osname ${String(osname)}`);
  }
  let root: XmlElement;
  try {
    root = parseXmlDom(result).element;
  } catch (error) {
    if (error instanceof MalformedXml) return 0;
    throw error;
  }
  const rules = isDict(expected) ? dictItem(expected, "rules") : expected;
  if (!Array.isArray(rules)) throw new PythonError("rules is not a list");
  let total = 1;
  for (const rule of rules) {
    if (!isDict(rule)) throw new PythonError("rule is not a dict");
    const elements = selectRule(rule, root, NS_MAPS[osname]);
    if (elements.length === 0) return 0;
    if (Object.hasOwn(rule, "text")) {
      total *= Math.max(...elements.map((el) => textScore(rule, el)));
    }
  }
  return total;
}

/**
 * check_accessibility_tree(result, rules, osname="ubuntu"): `result` is the
 * XML, `expected` the rules list (or a {rules} dict). Scores 0 where Python
 * would raise (bad XML, a rule without xpath or selectors, an unknown prefix).
 */
export const checkAccessibilityTree: Metric = (result, expected, options) => {
  try {
    return scoreTree(result, expected, options);
  } catch (error) {
    if (error instanceof PythonError) return 0;
    throw error;
  }
};
