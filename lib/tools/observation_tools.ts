// Observation tools (issue 5): observe, snapshots, waits, composites.

import {
  clickElementAndObserveTool,
  pressKeyAndObserveTool,
  typeAndObserveTool,
} from "./composite.ts";
import { observeWindowTool } from "./observe.ts";
import type { Tool } from "./registry.ts";
import { snapshotDiffTool, snapshotDropTool, snapshotGetTool, snapshotTool } from "./snapshot.ts";
import { waitForTool, waitIdleTool } from "./wait.ts";

export const OBSERVATION_TOOLS: Tool[] = [
  observeWindowTool,
  snapshotTool,
  snapshotGetTool,
  snapshotDiffTool,
  snapshotDropTool,
  waitForTool,
  waitIdleTool,
  clickElementAndObserveTool,
  typeAndObserveTool,
  pressKeyAndObserveTool,
];
