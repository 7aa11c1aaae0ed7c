// The tool registry: every tool, once. REST and MCP expose exactly this map.

import { getScreenDescriptionTool } from "./screen_description.ts";
import { dragTool } from "./drag.ts";
import {
  clearTextTool,
  clickElementTool,
  doubleClickElementTool,
  focusElementTool,
  hoverElementTool,
  invokeElementTool,
  keyIntoElementTool,
  rightClickElementTool,
  selectOptionTool,
  setValueTool,
} from "./element_verbs.ts";
import { findElementTool } from "./find.ts";
import { getElementTool } from "./get_element.ts";
import {
  clickAtTool,
  doubleClickAtTool,
  hoverAtTool,
  pressKeyTool,
  rightClickAtTool,
  scrollTool,
  typeTextTool,
} from "./coordinate_verbs.ts";
import { keyHoldTool, mouseButtonTool } from "./holds.ts";
import { setCoordinateSpaceTool } from "./coordinate_space.ts";
import { runComputer13Tool, runPyautoguiTool } from "../osworld/tools/agent_actions.ts";
import { getSetOfMarksTool } from "../osworld/tools/set_of_marks.ts";
import { osworldTaskTool } from "../osworld/tools/osworld_task.ts";
import { listDirectoryTool, readFileTool, writeFileTool } from "../osworld/tools/vm_files.ts";
import { runCommandTool } from "../osworld/tools/run_command.ts";
import { screenRecordingTool } from "../osworld/tools/screen_recording.ts";
import { observeWindowTool } from "./observe_window.ts";
import {
  clickElementAndObserveTool,
  pressKeyAndObserveTool,
  typeAndObserveTool,
} from "./act_and_observe.ts";
import { snapshotDiffTool, snapshotDropTool, snapshotGetTool, snapshotTool } from "./snapshots.ts";
import { waitForTool, waitIdleTool } from "./waits.ts";
import { assertStateTool } from "./scenario_assert.ts";
import { loadScenarioTool } from "./scenario_load.ts";
import { getElementTreeTool, getScreenSketchTool } from "./seed_views.ts";
import type { Tool } from "../runtime/registry.ts";
import { getScreenshotTool } from "./screenshot.ts";
import { getFullScreenshotTool, getScreenshotCroppedTool } from "./region_screenshots.ts";
import { getVisibleAreasTool } from "./visible_areas.ts";
import { getOcrTool } from "./ocr.ts";
import { getWindowStructureTool } from "./structure.ts";
import { getDesktopTreeTool } from "./desktop_tree.ts";
import { getAccessibilityTreeTool } from "../osworld/tools/accessibility.ts";
import { getCapabilitiesTool, getMonitorsTool, listWindowsTool } from "./desktop.ts";
import { bringToForegroundTool } from "./bring_to_foreground.ts";
import {
  acknowledgeInjectionTool,
  getBudgetStatusTool,
  getRedactionStatusTool,
  proposeActionTool,
} from "./safety.ts";
import {
  getTraceTool,
  listTracesTool,
  traceStartTool,
  traceStatusTool,
  traceStopTool,
} from "./traces.ts";
import {
  replayRunTool,
  replayStartTool,
  replayStatusTool,
  replayStepTool,
  replayStopTool,
} from "./replay.ts";

const ALL: Tool[] = [
  listWindowsTool,
  getMonitorsTool,
  getCapabilitiesTool,
  setCoordinateSpaceTool,
  getWindowStructureTool,
  getDesktopTreeTool,
  getAccessibilityTreeTool,
  getSetOfMarksTool,
  getScreenDescriptionTool,
  getScreenshotTool,
  getScreenshotCroppedTool,
  getFullScreenshotTool,
  getVisibleAreasTool,
  getOcrTool,
  findElementTool,
  getElementTool,
  clickAtTool,
  rightClickAtTool,
  doubleClickAtTool,
  typeTextTool,
  pressKeyTool,
  scrollTool,
  hoverAtTool,
  mouseButtonTool,
  keyHoldTool,
  runPyautoguiTool,
  runComputer13Tool,
  osworldTaskTool,
  readFileTool,
  writeFileTool,
  listDirectoryTool,
  runCommandTool,
  screenRecordingTool,
  dragTool,
  bringToForegroundTool,
  clickElementTool,
  rightClickElementTool,
  doubleClickElementTool,
  focusElementTool,
  invokeElementTool,
  setValueTool,
  selectOptionTool,
  hoverElementTool,
  keyIntoElementTool,
  clearTextTool,
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
  loadScenarioTool,
  assertStateTool,
  getElementTreeTool,
  getScreenSketchTool,
  getBudgetStatusTool,
  getRedactionStatusTool,
  proposeActionTool,
  acknowledgeInjectionTool,
  traceStartTool,
  traceStopTool,
  traceStatusTool,
  listTracesTool,
  getTraceTool,
  replayStartTool,
  replayStepTool,
  replayRunTool,
  replayStatusTool,
  replayStopTool,
];

export const TOOLS: ReadonlyMap<string, Tool> = new Map(ALL.map((t) => [t.name, t]));
