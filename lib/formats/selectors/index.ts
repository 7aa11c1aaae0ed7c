// Public API of the selector engine: parse, resolve, render, derive.

import type { Element } from "../../model/tree.ts";
import { canonicalSelector } from "./canonical.ts";
import { resolveSelector } from "./evaluate.ts";
import { parseSelector } from "./parse.ts";

export type { Axis, Grammar, Operator, Predicate, Selector, Step } from "./ast.ts";
export { canonicalSelector } from "./canonical.ts";
export { deriveSelector, pathTo } from "./derive.ts";
export { detectGrammar } from "./detect.ts";
export { type Resolution, resolveSelector } from "./evaluate.ts";
export { parseSelector } from "./parse.ts";
export { SelectorSyntaxError } from "./syntax_error.ts";

/** Parses (throwing SelectorSyntaxError) and resolves `text`; `canonical` is the reported form. */
export function findElements(
  root: Element,
  text: string,
): { matches: Element[]; total: number; canonical: string } {
  const selector = parseSelector(text);
  return { ...resolveSelector(root, selector), canonical: canonicalSelector(selector) };
}
