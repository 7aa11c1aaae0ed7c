// Selector predicates: element_exists, element_absent, value_equals,
// value_matches.

import { findElements, SelectorSyntaxError } from "../../../formats/selectors/index.ts";
import type { Element } from "../../../model/tree.ts";
import {
  clientRegex,
  failed,
  type Outcome,
  type PredicateArgs,
  type PredicateCheck,
  predicateWindow,
} from "./types.ts";

type Resolved = { matches: Element[]; total: number };

/** The selector's matches in the predicate's window, or the failure to report. */
async function resolve(
  args: PredicateArgs,
  desktop: Parameters<PredicateCheck>[1],
): Promise<Resolved | Outcome> {
  if (typeof args.selector !== "string" || args.selector === "") return failed("selector required");
  const window = await predicateWindow(args, desktop);
  const captured = window ? await desktop.tree(window) : null;
  if (!captured) return failed("no tree");
  try {
    return findElements(captured.tree, args.selector);
  } catch (e) {
    if (e instanceof SelectorSyntaxError) return failed(`selector parse: ${e.message}`);
    throw e;
  }
}

function isOutcome(r: Resolved | Outcome): r is Outcome {
  return "passed" in r;
}

export const elementExists: PredicateCheck = async (args, desktop) => {
  const r = await resolve(args, desktop);
  if (isOutcome(r)) return r;
  return { passed: r.total > 0, observed: { count: r.total, first_id: r.matches[0]?.id ?? null } };
};

export const elementAbsent: PredicateCheck = async (args, desktop) => {
  const r = await resolve(args, desktop);
  if (isOutcome(r)) return r;
  return { passed: r.total === 0, observed: { count: r.total } };
};

export const valueEquals: PredicateCheck = async (args, desktop) => {
  const r = await resolve(args, desktop);
  if (isOutcome(r)) return r;
  if (r.total === 0) return failed("no matches");
  const actual = r.matches[0].value;
  // A missing `expected` means null, as the reference read it.
  return { passed: actual === (args.expected ?? null), observed: { actual } };
};

export const valueMatches: PredicateCheck = async (args, desktop, regexLength) => {
  if (typeof args.regex !== "string") return failed("regex required");
  const re = clientRegex(args.regex, regexLength);
  const r = await resolve(args, desktop);
  if (isOutcome(r)) return r;
  if (r.total === 0) return failed("no matches");
  const actual = r.matches[0].value;
  return { passed: re.search(actual ?? ""), observed: { actual } };
};
