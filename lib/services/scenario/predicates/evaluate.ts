// assert_state: every predicate yields a result, none makes the call fail.

import { DEFAULT_REGEX_LENGTH } from "../../../formats/regex/compile.ts";
import type { PredicateKind } from "../../../model/scenario.ts";
import { elementAbsent, elementExists, valueEquals, valueMatches } from "./element.ts";
import { screenshotSimilar } from "./screenshot.ts";
import { textVisible } from "./text_visible.ts";
import { treeHashEquals } from "./tree_hash.ts";
import type { ObservedDesktop, Outcome, PredicateCheck } from "./types.ts";
import { windowExists, windowFocused } from "./window.ts";

const CHECKS: Record<PredicateKind, PredicateCheck> = {
  element_exists: elementExists,
  element_absent: elementAbsent,
  value_equals: valueEquals,
  value_matches: valueMatches,
  text_visible: textVisible,
  window_focused: windowFocused,
  window_exists: windowExists,
  tree_hash_equals: treeHashEquals,
  screenshot_similar: screenshotSimilar,
};

export interface PredicateResult extends Outcome {
  kind: unknown;
  args?: unknown;
}

async function evaluateOne(
  predicate: unknown,
  desktop: ObservedDesktop,
  regexLength: number,
): Promise<PredicateResult> {
  if (typeof predicate !== "object" || predicate === null || Array.isArray(predicate)) {
    return { kind: "?", passed: false, observed: "predicate must be a mapping" };
  }
  const { kind, ...args } = predicate as Record<string, unknown>;
  if (typeof kind !== "string" || !Object.hasOwn(CHECKS, kind)) {
    return {
      kind: kind ?? "?",
      passed: false,
      observed: "unknown predicate kind",
      args: predicate,
    };
  }
  let outcome: Outcome;
  try {
    outcome = await CHECKS[kind as PredicateKind](args, desktop, regexLength);
  } catch (e) {
    const err = e instanceof Error ? e : new Error(String(e));
    outcome = { passed: false, observed: `error: ${err.name}: ${err.message}` };
  }
  return { kind, ...outcome, args };
}

/** `regexLength`: the session's limits.regex_length. */
export async function evaluatePredicates(
  predicates: unknown[],
  desktop: ObservedDesktop,
  regexLength = DEFAULT_REGEX_LENGTH,
): Promise<PredicateResult[]> {
  const results: PredicateResult[] = [];
  for (const predicate of predicates) {
    results.push(await evaluateOne(predicate, desktop, regexLength));
  }
  return results;
}
