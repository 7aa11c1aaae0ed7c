// The tool registry: every tool, once. REST and MCP expose exactly this map.

import { getScreenDescriptionTool } from "./description.ts";
import {
  clickAtTool,
  doubleClickAtTool,
  pressKeyTool,
  rightClickAtTool,
  scrollTool,
  typeTextTool,
} from "./input.ts";
import type { Tool } from "./registry.ts";
import { getScreenshotTool } from "./screenshot.ts";
import { getWindowStructureTool } from "./structure.ts";
import { getCapabilitiesTool, getMonitorsTool, listWindowsTool } from "./windows.ts";

const ALL: Tool[] = [
  listWindowsTool,
  getMonitorsTool,
  getCapabilitiesTool,
  getWindowStructureTool,
  getScreenDescriptionTool,
  getScreenshotTool,
  clickAtTool,
  rightClickAtTool,
  doubleClickAtTool,
  typeTextTool,
  pressKeyTool,
  scrollTool,
];

export const TOOLS: ReadonlyMap<string, Tool> = new Map(ALL.map((t) => [t.name, t]));
