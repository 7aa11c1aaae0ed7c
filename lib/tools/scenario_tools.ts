// scenario tools (filled in by their issue's work).

import type { Tool } from "./registry.ts";

export const SCENARIO_TOOLS: Tool[] = [];
