// The canonical rendering reported by tools (it keeps the selector's meaning and parses back).
// A descendant-axis step is preceded by `//` (also when it is the first step), a child step by
// `/`; string values are re-escaped.

import type { Predicate, Selector } from "./ast.ts";
import { quoteString } from "./quoting.ts";

export function canonicalSelector(selector: Selector): string {
  return selector.steps.map((step, i) => {
    const separator = step.axis === "descendant" ? "//" : i === 0 ? "" : "/";
    return separator + step.role + step.predicates.map(renderPredicate).join("");
  }).join("");
}

function renderPredicate({ key, op, value }: Predicate): string {
  const unquoted = typeof value === "boolean" || (typeof value === "number" && key === "index");
  if (unquoted) return `[${key}${op}${value}]`;
  return `[${key}${op}${quoteString(String(value))}]`;
}
