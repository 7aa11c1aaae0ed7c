// load_scenario.

import { z } from "zod";
import { loadScenario } from "../services/scenario/activate.ts";
import { defineTool } from "../runtime/registry.ts";

export const loadScenarioTool = defineTool({
  name: "load_scenario",
  description: "Mock desktop only: replace the desktop with a YAML scenario (a scripted state " +
    "machine of windows and trees that reacts to actions), resetting any earlier one. `path` " +
    "is relative to the server's working directory and must lie in a scenario folder (config " +
    "scenarios.dirs, or the bundled scenarios/). Returns the scenario name, its current " +
    "state and all state names; a malformed file is ScenarioInvalid saying where.",
  kind: "other",
  input: z.object({
    path: z.string().min(1).describe(
      "The scenario YAML file, relative to the server's working directory, inside a scenario " +
        "folder (config scenarios.dirs, or the bundled scenarios/).",
    ),
  }),
  output: z.object({
    scenario: z.string().describe("The scenario's name."),
    state: z.string().describe("Its current (initial) state."),
    states: z.array(z.string().describe("A state's name.")).describe("All its states."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  async run(args, { session }) {
    const engine = await loadScenario(session, args.path);
    return {
      scenario: engine.scenario.name,
      state: engine.state,
      states: Object.keys(engine.scenario.states),
    };
  },
});
