// Compiles steps into element tests. A test receives the element and its index (rank among
// same-role siblings under its own parent).

import type { Element } from "../../model/tree.ts";
import { compileChecked } from "../regex/compile.ts";
import type { Predicate, Step } from "./ast.ts";
import { booleanLiteral, integerLiteral, textLiteral } from "./literal.ts";
import { normalizeLookalikes, sameText } from "./lookalike.ts";

export type ElementTest = (element: Element, index: number) => boolean;

const nameOf = (e: Element) => e.name ?? "";

const TEXT_PROPERTIES = new Map<string, (e: Element) => string>([
  ["name", nameOf],
  ["text", nameOf],
  ["aria-label", nameOf],
  ["label", nameOf],
  ["value", (e) => e.value ?? ""],
  ["role", (e) => e.role],
  ["keyboard_shortcut", (e) => e.keyboard_shortcut ?? ""],
]);

const BOOLEAN_PROPERTIES = new Map<string, (e: Element) => boolean>([
  ["enabled", (e) => e.enabled],
  ["focused", (e) => e.focused],
]);

const never: ElementTest = () => false;

export function compileStep(step: Step): ElementTest {
  const tests = step.predicates.map(compilePredicate);
  return (element, index) =>
    (step.role === "*" || element.role === step.role) &&
    tests.every((test) => test(element, index));
}

function compilePredicate(p: Predicate): ElementTest {
  const text = TEXT_PROPERTIES.get(p.key);
  if (text) {
    const matches = compileTextOperator(p.op, textLiteral(p.value));
    return (element) => matches(text(element));
  }
  // Booleans and indexes only have equality; other operators on them never match.
  if (p.op !== "=") return never;
  const flag = BOOLEAN_PROPERTIES.get(p.key);
  if (flag) {
    const expected = booleanLiteral(p.value);
    return expected === null ? never : (element) => flag(element) === expected;
  }
  if (p.key === "index") {
    const expected = integerLiteral(p.value);
    return expected === null ? never : (_, index) => index === expected;
  }
  return never; // unknown keys parse but never match
}

function compileTextOperator(op: Predicate["op"], literal: string): (actual: string) => boolean {
  if (op === "=") return (actual) => sameText(actual, literal);
  if (op === "*=") {
    const needle = normalizeLookalikes(literal);
    return (actual) => normalizeLookalikes(actual).includes(needle);
  }
  const re = compileChecked(literal); // checked when the selector was parsed
  return (actual) => re.fullMatch(actual);
}
