// Observation tools (issue 5): observe, snapshots, waits, composites.

import {
  clickElementAndObserveTool,
  pressKeyAndObserveTool,
  typeAndObserveTool,
} from "./composite.ts";
import { observeWindowTool } from "./observe_window.ts";
import type { Tool } from "./registry.ts";
import { snapshotDiffTool, snapshotDropTool, snapshotGetTool, snapshotTool } from "./snapshots.ts";
import { waitForTool, waitIdleTool } from "./waits.ts";

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
