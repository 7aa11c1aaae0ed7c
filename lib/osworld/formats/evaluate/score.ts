// Scores an OSWorld task from its `evaluator` and what the getters returned:
// one metric per func, combined by `conj`. Metrics not implemented here are
// reported by name so the task counts as unsupported, never as passed.

import { z } from "zod";
import type { AgentAction } from "../agent_action.ts";
import { infeasibleScore, METRICS } from "./metrics.ts";
import { UnsupportedTreeQuery } from "./tree_query/unsupported.ts";

const getterSpec = z.record(z.string(), z.unknown()).describe(
  "A getter spec such as {type: 'vm_command_line', command} or {type: 'rule', rules}",
);
const metricOptions = z.record(z.string(), z.unknown()).describe(
  "Keyword arguments passed to the metric",
);

export const EvaluatorSchema = z.looseObject({
  func: z.union([z.string(), z.array(z.string()).min(1)]).describe(
    "Metric name, or one name per check",
  ),
  result: z.union([getterSpec, z.array(getterSpec)]).optional().describe(
    "Getter for the state to judge, or one per func",
  ),
  expected: z.union([getterSpec, z.array(getterSpec)]).optional().describe(
    "Getter for the reference (often a rule), or one per func",
  ),
  options: z.union([metricOptions, z.array(metricOptions)]).optional().describe(
    "Metric options, or one object per func",
  ),
  conj: z.enum(["and", "or"]).default("and").describe(
    "How several funcs combine: and = all must pass, or = any may pass",
  ),
  postconfig: z.array(z.unknown()).optional().describe(
    "Setup steps run before the getters (not interpreted here)",
  ),
}).describe("An OSWorld task's evaluator");

export type Evaluator = z.infer<typeof EvaluatorSchema>;

/** One metric application: which getters feed it and with what options. */
export interface EvaluationStep {
  func: string;
  result?: Record<string, unknown>;
  expected?: Record<string, unknown>;
  options: Record<string, unknown>;
}

/** What scoring needs from a run; results and expecteds are index-aligned with the steps. */
export interface TaskEvidence {
  /** Each step's result getter output (file text, command stdout, parsed JSON, ...). */
  results: readonly unknown[];
  /** Each step's expected getter output (for a rule getter, its `rules`). */
  expecteds: readonly unknown[];
  /** The agent's last action; decides `infeasible` tasks. */
  lastAction?: AgentAction;
}

export type TaskScore =
  | { supported: true; score: number; parts: Array<{ func: string; score: number }> }
  | { supported: false; unknown: string[] };

const INFEASIBLE = "infeasible";

/** The list form of a single-or-list field; a single value serves every func. */
function perFunc<T>(
  value: T | T[] | undefined,
  count: number,
  field: string,
): Array<T | undefined> {
  if (!Array.isArray(value)) return Array.from({ length: count }, () => value);
  if (value.length !== count) {
    throw new RangeError(`evaluator.${field} has ${value.length} entries for ${count} funcs`);
  }
  return value;
}

/** The evaluator as one step per func. */
export function evaluationSteps(evaluator: Evaluator): EvaluationStep[] {
  const funcs = Array.isArray(evaluator.func) ? evaluator.func : [evaluator.func];
  const results = perFunc(evaluator.result, funcs.length, "result");
  const expecteds = perFunc(evaluator.expected, funcs.length, "expected");
  const options = perFunc(evaluator.options, funcs.length, "options");
  return funcs.map((func, i) => ({
    func,
    result: results[i],
    expected: expecteds[i],
    options: options[i] ?? {},
  }));
}

/** Names among the funcs that this module cannot score, once each. */
export function unknownMetrics(evaluator: Evaluator): string[] {
  const funcs = Array.isArray(evaluator.func) ? evaluator.func : [evaluator.func];
  return [...new Set(funcs.filter((func) => func !== INFEASIBLE && !METRICS.has(func)))];
}

/** OSWorld's conj: "and" is 0 if any part is 0, else the mean; "or" is 1 if any is 1, else the max. */
function combine(scores: readonly number[], conj: "and" | "or"): number {
  if (conj === "and") {
    return scores.some((s) => s === 0) ? 0 : scores.reduce((a, b) => a + b, 0) / scores.length;
  }
  return scores.some((s) => s === 1) ? 1 : Math.max(...scores);
}

/**
 * The task's score. A FAIL ending scores 0 on a feasible task (OSWorld checks
 * this before running metrics). Guess: "infeasible" inside a func list is
 * scored like the single form rather than crashing as in OSWorld.
 */
export function scoreTask(evaluator: Evaluator, evidence: TaskEvidence): TaskScore {
  const unknown = unknownMetrics(evaluator);
  if (unknown.length > 0) return { supported: false, unknown };
  const steps = evaluationSteps(evaluator);
  if (evidence.results.length !== steps.length || evidence.expecteds.length !== steps.length) {
    throw new RangeError(`expected ${steps.length} results and expecteds, one per func`);
  }
  const feasible = steps.every((step) => step.func !== INFEASIBLE);
  const parts = [];
  for (const [i, step] of steps.entries()) {
    const metric = METRICS.get(step.func);
    try {
      const partScore = metric === undefined
        ? infeasibleScore(evidence.lastAction)
        : metric(evidence.results[i], evidence.expecteds[i], step.options);
      parts.push({ func: step.func, score: partScore });
    } catch (error) {
      // A query this service cannot evaluate: the task is unsupported, never scored 0.
      if (!(error instanceof UnsupportedTreeQuery)) throw error;
      return { supported: false, unknown: [`${step.func}: ${error.message}`] };
    }
  }
  const gaveUp = evidence.lastAction?.kind === "fail";
  const score = feasible && gaveUp ? 0 : combine(parts.map((part) => part.score), evaluator.conj);
  return { supported: true, score, parts };
}

/** Parses a task file's `evaluator` and scores it; a malformed evaluator is a ZodError. */
export function scoreTaskJson(rawEvaluator: unknown, evidence: TaskEvidence): TaskScore {
  return scoreTask(EvaluatorSchema.parse(rawEvaluator), evidence);
}
