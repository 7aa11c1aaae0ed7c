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
import {
  clickAtTool,
  doubleClickAtTool,
  hoverAtTool,
  pressKeyTool,
  rightClickAtTool,
  scrollTool,
  typeTextTool,
} from "./coordinate_verbs.ts";
import { OBSERVATION_TOOLS } from "./observation_tools.ts";
import type { Tool } from "./registry.ts";
import { SCENARIO_TOOLS } from "./scenario_tools.ts";
import { SEED_TOOLS } from "./seed_views.ts";
import { getScreenshotTool } from "./screenshot.ts";
import { getWindowStructureTool } from "./structure.ts";
import { getCapabilitiesTool, getMonitorsTool, listWindowsTool } from "./desktop.ts";

const ALL: Tool[] = [
  listWindowsTool,
  getMonitorsTool,
  getCapabilitiesTool,
  getWindowStructureTool,
  getScreenDescriptionTool,
  getScreenshotTool,
  findElementTool,
  clickAtTool,
  rightClickAtTool,
  doubleClickAtTool,
  typeTextTool,
  pressKeyTool,
  scrollTool,
  hoverAtTool,
  dragTool,
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
  ...OBSERVATION_TOOLS,
  ...SCENARIO_TOOLS,
  ...SEED_TOOLS,
];

export const TOOLS: ReadonlyMap<string, Tool> = new Map(ALL.map((t) => [t.name, t]));
