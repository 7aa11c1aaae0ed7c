// Scenario file → validated Scenario, or a ScenarioInvalidError saying
// where: YAML syntax, root and states, schema, references.

import type { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import type { ReadFile } from "../../support/files.ts";
import { keyPath, ScenarioInvalidError } from "./problem.ts";
import { referenceProblems } from "./references.ts";
import { type Scenario, scenarioSchema } from "../../model/scenario.ts";
import { type ParsedYaml, parseYaml } from "./yaml_doc.ts";

/** The trigger may be spelt `on`, `match` or `true` (what YAML 1.1 makes of `on`). */
const TRIGGER_KEYS = ["on", "match", "true"];

type Mapping = Record<string, unknown>;

/** A problem at a path of keys, before it is given a line and column. */
type Found = { path: PropertyKey[]; message: string };

function isMapping(value: unknown): value is Mapping {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isEmpty(mapping: Mapping): boolean {
  return Object.keys(mapping).length === 0;
}

function typeName(value: unknown): string {
  if (value === null || value === undefined) return "null";
  if (Array.isArray(value)) return "list";
  return typeof value;
}

/** Renames each reaction's trigger key to `on`; spelling it twice is a problem. */
function normalizeTriggers(root: Mapping, problems: Found[]): void {
  if (!Array.isArray(root.reactions)) return;
  root.reactions = root.reactions.map((reaction, i) => {
    if (!isMapping(reaction)) return reaction;
    const spelt = Object.keys(reaction).filter((k) => TRIGGER_KEYS.includes(k));
    if (spelt.length === 0) return reaction;
    if (spelt.length > 1) {
      problems.push({
        path: ["reactions", i, spelt[1]],
        message: `trigger given as both '${spelt[0]}' and '${spelt[1]}'; keep one`,
      });
    }
    const rest = Object.fromEntries(Object.entries(reaction).filter(([k]) => !spelt.includes(k)));
    return { on: reaction[spelt[0]], ...rest };
  });
}

function schemaProblem(issue: z.core.$ZodIssue): Found {
  if (issue.code === "unrecognized_keys") {
    return { path: [...issue.path, issue.keys[0]], message: `unknown key '${issue.keys[0]}'` };
  }
  const missing = /received undefined$/.test(issue.message);
  const last = issue.path.at(-1);
  if (missing && last === "on") {
    return { path: issue.path, message: "missing trigger (key 'on', 'match' or true)" };
  }
  return { path: issue.path, message: missing ? "required key is missing" : issue.message };
}

function fail(file: string, yaml: ParsedYaml, found: Found[]): ScenarioInvalidError {
  const problems = found.map(({ path, message }) => ({
    ...yaml.locate(path),
    ...(path.length > 0 ? { key: keyPath(path) } : {}),
    message,
  }));
  return new ScenarioInvalidError(file, problems);
}

export function parseScenario(text: string, file: string): Scenario {
  const yaml = parseYaml(text, file, { on: TRIGGER_KEYS.slice(1) });
  const root = yaml.value;
  if (!isMapping(root)) {
    throw fail(file, yaml, [{
      path: [],
      message: `scenario root must be a mapping, got ${typeName(root)}`,
    }]);
  }
  const states = root.states;
  if (states === undefined || states === null || (isMapping(states) && isEmpty(states))) {
    const message = "scenario must define at least one state";
    throw fail(file, yaml, [{ path: ["states"], message }]);
  }
  const early: Found[] = [];
  normalizeTriggers(root, early);
  const parsed = scenarioSchema.safeParse(root);
  if (!parsed.success || early.length > 0) {
    throw fail(file, yaml, [...early, ...(parsed.error?.issues.map(schemaProblem) ?? [])]);
  }
  const references = referenceProblems(parsed.data);
  if (references.length > 0) throw fail(file, yaml, references);
  const initial = parsed.data.initial_state ?? Object.keys(parsed.data.states)[0];
  return { ...parsed.data, initial_state: initial, file };
}

/**
 * Reads and parses a scenario file with `read`, which decides where it may
 * come from (lib/support/files.ts). Its refusals pass through; a file that cannot be
 * opened or read is ScenarioInvalid naming it.
 */
export async function readScenario(
  path: string,
  read: ReadFile,
): Promise<Scenario> {
  let bytes: Uint8Array;
  try {
    bytes = await read(path);
  } catch (e) {
    if (e instanceof ToolError) throw e;
    throw new ScenarioInvalidError(path, [{
      message: `cannot read scenario file: ${(e as Error).message}`,
    }]);
  }
  return parseScenario(new TextDecoder().decode(bytes), path);
}
