// seed tools (filled in by their issue's work).

import type { Tool } from "./registry.ts";

export const SEED_TOOLS: Tool[] = [];
