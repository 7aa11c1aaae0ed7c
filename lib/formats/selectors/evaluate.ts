// Resolution of a parsed selector against a tree. `total` is the true number of final
// candidates; `matches` is complete and in resolution order.

import type { Element } from "../../model/tree.ts";
import type { Selector, Step } from "./ast.ts";
import { compileStep, type ElementTest } from "./match.ts";

export interface Resolution {
  matches: Element[];
  total: number;
}

/** An element and its rank among same-role siblings under its own parent. */
type Indexed = [Element, number];

export function resolveSelector(root: Element, selector: Selector): Resolution {
  const [first, ...rest] = selector.steps;
  if (first === undefined) return { matches: [], total: 0 };
  let candidates = firstStepMatches(root, first, compileStep(first));
  for (const step of rest) {
    const test = compileStep(step);
    const related = step.axis === "child" ? childrenOf : descendantsOf;
    candidates = candidates.flatMap((parent) =>
      related(parent).filter(([e, i]) => test(e, i)).map(([e]) => e)
    );
  }
  return { matches: candidates, total: candidates.length };
}

function firstStepMatches(root: Element, step: Step, test: ElementTest): Element[] {
  // Not anchored at the root (leading `//`, or the root does not match): search below it.
  if (step.axis === "child" && test(root, 0)) return [root];
  return descendantsOf(root).filter(([e, i]) => test(e, i)).map(([e]) => e);
}

function childrenOf(parent: Element): Indexed[] {
  const seen = new Map<string, number>();
  return parent.children.map((child) => {
    const rank = seen.get(child.role) ?? 0;
    seen.set(child.role, rank + 1);
    return [child, rank];
  });
}

/** Parents in pre-order starting with `root` itself; each one's children in order. */
function descendantsOf(root: Element): Indexed[] {
  const out: Indexed[] = [];
  const visit = (parent: Element) => {
    for (const indexed of childrenOf(parent)) out.push(indexed);
    parent.children.forEach(visit);
  };
  visit(root);
  return out;
}
