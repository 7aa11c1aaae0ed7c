// OSWorld's metrics that need no VM, as pure functions of what the getters
// returned. Each scores in [0, 1]; where OSWorld's Python would raise
// (wrong types, missing rule keys, bad regexes) the metric scores 0 instead.
// "File" results are the file's text (null: no such file), read by the caller.

import type { AgentAction } from "../agent_action.ts";
import { checkAccessibilityTree } from "./accessibility_tree.ts";
import { fuzzRatio } from "./fuzz_ratio.ts";
import { compilePythonRegex } from "./python_regex.ts";
import {
  dictGet,
  dictItem,
  pythonContains,
  pythonEquals,
  PythonError,
  pythonIterate,
  pythonStr,
  pythonTruthy,
} from "./tree_query/python_values.ts";
import { jsonKeyPath } from "./json_key_path.ts";
import { matchValueToRule } from "./value_rule.ts";
import type { Metric } from "./metric.ts";

/** Scores 0 where the Python original would have raised. */
function scoringPythonErrorsAsZero(metric: Metric): Metric {
  return (result, expected, options) => {
    try {
      return metric(result, expected, options);
    } catch (error) {
      if (error instanceof PythonError) return 0;
      throw error;
    }
  };
}

const score = (passed: boolean): number => passed ? 1 : 0;

/** exact_match(result, {expected}): Python `==` (deep for lists and dicts). */
export const exactMatch: Metric = scoringPythonErrorsAsZero((result, rules) =>
  score(pythonEquals(result, dictItem(rules, "expected")))
);

/** fuzzy_match(result, {expected}): rapidfuzz fuzz.ratio / 100; None scores 0. */
export const fuzzyMatch: Metric = scoringPythonErrorsAsZero((result, rules) => {
  const expected = dictItem(rules, "expected");
  if (result === null || expected === null) return 0;
  // Guess: only strings are compared; rapidfuzz would also take other sequences.
  if (typeof result !== "string" || typeof expected !== "string") {
    throw new PythonError("fuzz.ratio needs strings");
  }
  return fuzzRatio(result, expected);
});

/** check_include_exclude(result, {include, exclude}): every include `in` result, no exclude. */
export const checkIncludeExclude: Metric = scoringPythonErrorsAsZero((result, rules) => {
  if (result === null) return 0;
  const include = pythonIterate(dictGet(rules, "include", []));
  const exclude = pythonIterate(dictGet(rules, "exclude", []));
  return score(
    include.every((item) => pythonContains(result, item)) &&
      exclude.every((item) => !pythonContains(result, item)),
  );
});

/** is_in_list(result, {expected}): `expected in result` (result is the list or text). */
export const isInList: Metric = scoringPythonErrorsAsZero((result, rules) =>
  score(pythonContains(result, dictItem(rules, "expected")))
);

/** match_in_list(result, {expected}): `result in expected` (expected is the list). */
export const matchInList: Metric = scoringPythonErrorsAsZero((result, rules) =>
  score(pythonContains(dictItem(rules, "expected"), result))
);

/**
 * literal_match(result, expected, type="str"|"list", ignore_case=False): the
 * values' str() forms equal, or for "list" equal element by element. Unlike the
 * other metrics, `expected` is the value itself, not a {expected} rule.
 * Guess: an unknown type (OSWorld raises) scores 0; lower() is JS toLowerCase.
 */
export const literalMatch: Metric = scoringPythonErrorsAsZero((result, expected, options) => {
  const literalType = Object.hasOwn(options, "type") ? options.type : "str";
  const fold = (value: unknown): string => {
    const text = pythonStr(value);
    return pythonTruthy(options.ignore_case) ? text.toLowerCase() : text;
  };
  if (literalType === "str") return score(fold(result) === fold(expected));
  if (literalType === "list") {
    if (!Array.isArray(result) || !Array.isArray(expected)) return 0;
    return score(
      result.length === expected.length &&
        result.every((item, i) => fold(item) === fold(expected[i])),
    );
  }
  throw new PythonError(`type ${String(literalType)} not supported`);
});

/** file_contains(text, {expected: [...]}): every expected string occurs in the file. */
export const fileContains: Metric = scoringPythonErrorsAsZero((text, config) => {
  if (text === null || text === undefined) return 0;
  if (typeof text !== "string") throw new PythonError("file text is not a str");
  return score(
    pythonIterate(dictItem(config, "expected")).every((item) => {
      if (typeof item !== "string") throw new PythonError("'in <string>' requires string");
      return text.includes(item);
    }),
  );
});

/** Lines as Python's text-mode file iteration yields them: universal newlines, "\n" kept. */
function fileLines(text: string): string[] {
  return text.replace(/\r\n?/g, "\n").split(/(?<=\n)/).filter((line) => line !== "");
}

/**
 * check_list(text, {expect, unexpect}): each `expect` regex is found
 * (re.search) on some line, and no `unexpect` regex on any line.
 */
export const checkList: Metric = scoringPythonErrorsAsZero((text, rules) => {
  if (text === null || text === undefined) return 0;
  if (typeof text !== "string") throw new PythonError("file text is not a str");
  const expect = pythonIterate(dictGet(rules, "expect", [])).map((p) => compilePythonRegex(p));
  const unexpect = pythonIterate(dictGet(rules, "unexpect", [])).map((p) => compilePythonRegex(p));
  const lines = fileLines(text);
  return score(
    expect.every((pattern) => lines.some((line) => pattern.search(line))) &&
      lines.every((line) => unexpect.every((pattern) => !pattern.search(line))),
  );
});

/**
 * check_json(data, {expect: [{key, method, ref}], unexpect: [...]}): the parsed
 * file (null: missing or unparsable, scoring 0). Every `expect` rule's key path
 * must exist and match; an `unexpect` rule must not match, a missing key
 * counting as None. Any error while checking scores 0, as in OSWorld's
 * try/except (so a regex `unexpect` on a missing key scores 0).
 */
export const checkJson: Metric = scoringPythonErrorsAsZero((data, rules) => {
  if (data === null || data === undefined) return 0;
  for (const rule of pythonIterate(dictGet(rules, "expect", []))) {
    const found = jsonKeyPath(data, dictItem(rule, "key"));
    if (found.missing !== undefined) return 0;
    if (!matchValueToRule(found.value, rule)) return 0;
  }
  for (const rule of pythonIterate(dictGet(rules, "unexpect", []))) {
    const found = jsonKeyPath(data, dictItem(rule, "key"));
    // An out-of-range index is not caught as a missing key in OSWorld: it aborts with 0.
    if (found.missing === "index") return 0;
    const value = found.missing === undefined ? found.value : null;
    if (matchValueToRule(value, rule)) return 0;
  }
  return 1;
});

/**
 * `infeasible` is scored from the agent's last action, not from getters:
 * 1 only when the agent gave up with FAIL.
 */
export function infeasibleScore(lastAction: AgentAction | undefined): number {
  return score(lastAction?.kind === "fail");
}

/** The metrics above by their OSWorld names. */
export const METRICS: ReadonlyMap<string, Metric> = new Map([
  ["exact_match", exactMatch],
  ["fuzzy_match", fuzzyMatch],
  ["check_include_exclude", checkIncludeExclude],
  ["is_in_list", isInList],
  ["match_in_list", matchInList],
  ["literal_match", literalMatch],
  ["file_contains", fileContains],
  ["check_list", checkList],
  ["check_json", checkJson],
  ["check_accessibility_tree", checkAccessibilityTree],
]);
