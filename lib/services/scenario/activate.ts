// Loading a scenario into the running service: the mock adapter switches
// to it and the whole tree cache is dropped. Used by load_scenario and by
// `--scenario` at start-up.

import type { LoadedScenario } from "../../../adapters/types.ts";
import { ToolError } from "../../model/errors.ts";
import {
  readConfinedFile,
  type ReadFile,
  readRegularFile,
  scenarioRoots,
} from "../../support/files.ts";
import { log } from "../../support/log.ts";
import type { ScenarioContext } from "./context.ts";
import { readScenario } from "../../formats/scenario/load.ts";
import { describeProblem, ScenarioInvalidError } from "../../formats/scenario/problem.ts";

function invalid(e: ScenarioInvalidError): ToolError {
  const [first] = e.problems;
  return new ToolError("ScenarioInvalid", e.message, {
    path: e.file,
    line: first.line,
    column: first.column,
    key: first.key,
    problems: e.problems.length > 1 ? e.problems.map((p) => describeProblem(e.file, p)) : undefined,
  });
}

/** On any problem the previous scenario stays active. */
async function activate(
  session: ScenarioContext,
  path: string,
  read: ReadFile,
): Promise<LoadedScenario> {
  const adapter = session.adapter;
  if (adapter.loadScenario === undefined) {
    throw new ToolError("ScenarioInvalid", "scenarios require --mock; live adapter is in use", {
      path,
    });
  }
  let engine: LoadedScenario;
  try {
    engine = adapter.loadScenario(await readScenario(path, read));
  } catch (e) {
    throw e instanceof ScenarioInvalidError ? invalid(e) : e;
  }
  session.cache.invalidate(null);
  session.scenario = engine;
  log("INFO", "scenario", `loaded '${engine.scenario.name}' from ${path}`);
  return engine;
}

const PURPOSE = "scenario file";

/** A client's load: only from the scenario folders (lib/support/files.ts). */
export function loadScenario(session: ScenarioContext, path: string): Promise<LoadedScenario> {
  const roots = scenarioRoots(session.config);
  const maxBytes = session.config.limits.file_bytes;
  return activate(
    session,
    path,
    (file) => readConfinedFile(file, { roots, maxBytes, purpose: PURPOSE }),
  );
}

/**
 * `--scenario PATH` at start-up: the operator's path is trusted to be
 * anywhere, but is still a regular file within limits.file_bytes. Without
 * the mock adapter the flag is ignored with a message; a scenario that does
 * not load throws (the caller exits 1).
 */
export async function loadScenarioAtStartup(session: ScenarioContext, path: string): Promise<void> {
  if (session.adapter.loadScenario === undefined) {
    log("WARNING", "scenario", `--scenario ${path} ignored: scenarios require --mock`);
    return;
  }
  const maxBytes = session.config.limits.file_bytes;
  await activate(session, path, (file) => readRegularFile(file, { maxBytes, purpose: PURPOSE }));
}
