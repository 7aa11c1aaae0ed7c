// Scenario tools (spec/scenarios.md §6–§7): load a scenario, assert state.

import type { Tool } from "./registry.ts";
import { assertStateTool } from "./scenario_assert.ts";
import { loadScenarioTool } from "./scenario_load.ts";

export const SCENARIO_TOOLS: Tool[] = [loadScenarioTool, assertStateTool];
