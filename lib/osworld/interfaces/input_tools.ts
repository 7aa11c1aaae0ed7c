// Which traced calls are an agent's actions: the input tools. Observations
// are what an OSWorld agent gets with every step, so they are no steps.

import { ACTION_BATCH_TOOLS } from "../../services/safety/rails.ts";
import { TOOLS } from "../../tools/index.ts";

/**
 * Tools that are no longer (or not yet) in the registry count as not input;
 * an action batch's steps are traced as their own calls, so the batch is none.
 */
export function isInputTool(tool: string): boolean {
  return TOOLS.get(tool)?.kind === "input" && !ACTION_BATCH_TOOLS.has(tool);
}
