// observation tools (filled in by their issue's work).

import type { Tool } from "./registry.ts";

export const OBSERVATION_TOOLS: Tool[] = [];
