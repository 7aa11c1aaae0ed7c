// Answers of the routes that run no tool: health, the tool list and the two
// legacy (v1) views. Written in zod like everything else in the document.

import { z } from "zod";
import { IMAGE_FORMATS } from "../../formats/image/formats.ts";
import { objectSchema } from "./json_schema.ts";
import type { JsonSchema } from "./types.ts";

const count = z.number().int().min(0);

const healthz = z.looseObject({
  ok: z.literal(true),
  uptime_s: z.number().min(0).describe("Seconds since the service started."),
  step_count: count.describe("Tool calls processed so far."),
  adapter: z.string().describe("The desktop adapter in use (e.g. MockAdapter)."),
  is_mock: z.boolean().describe("True on the mock desktop."),
  tree_source: z.object({
    name: z.string().describe('Where trees come from: "atspi", "uia", "msaa" or "mock".'),
    note: z.string().nullable().describe(
      "Why the platform's preferred source is not in use (e.g. UI Automation could not be " +
        "created), or null.",
    ),
    window_positions: z.literal("window-relative").optional().describe(
      'Present as "window-relative" where nothing tells where windows are (Wayland through ' +
        "xdg-desktop-portal): window bounds are each window's size at 0,0, so clicks go to " +
        "points from a screenshot. Absent: window bounds are on the screen.",
    ),
  }).describe("The accessibility-tree source the adapter reads."),
  version: z.string(),
  tree_cache: z.looseObject({
    hits: count,
    misses: count,
    entries: count,
    capture_count: count,
    capture_ms_total: z.number().min(0),
    capture_ms_max: z.number().min(0),
    capture_ms_mean: z.number().min(0),
  }).describe("Accessibility-tree cache counters."),
  config_path: z.string().describe("The config file in use."),
  config_error: z.string().nullable().describe(
    "Why (part of) the config file was replaced by defaults, or null.",
  ),
  ocr: z.looseObject({
    pytesseract_installed: z.boolean(),
    configured_path: z.string().nullable(),
    configured_path_exists: z.boolean(),
    path_discovered: z.string().nullable(),
    version: z.string().nullable(),
    error: z.string().nullable(),
    hint: z.string(),
  }).describe("OCR status: not part of this build."),
}).describe("Service health; cheap to poll, consumes no step.");

const toolList = (names: string[]) =>
  z.strictObject({
    ok: z.literal(true),
    tools: z.array(z.enum(names as [string, ...string[]])).describe("Every tool name, sorted."),
    detail: z.array(z.strictObject({
      name: z.string().describe("The tool's name."),
      description: z.string().describe("What it does, as MCP's tools/list says it."),
      kind: z.enum(["perception", "input", "other"]).describe(
        "perception: reads the screen (its results are untrusted); input: acts on the desktop; " +
          "other: the service's own state.",
      ),
      annotations: z.record(z.string(), z.unknown()).describe(
        "MCP's tool annotations (readOnlyHint, destructiveHint, ...).",
      ),
      input_schema: z.record(z.string(), z.unknown()).describe(
        "The JSON Schema of its arguments, the same MCP publishes.",
      ),
    })).optional().describe("With ?detail=1: every tool with its description and schema."),
  }).describe("The tool registry's names (and with ?detail=1, each tool's schema).");

const sketch = z.looseObject({
  window: z.string().describe('The window\'s title, or "(focused)".'),
  grid_width: count,
  grid_height: count,
  ocr_overlay: z.literal(false),
  ocr_error: z.string().optional().describe("Present when ocr was asked for."),
  sketch: z.string().describe("The ASCII sketch, with its legend."),
  elements: z.array(z.record(z.string(), z.unknown())).optional().describe(
    "With structured: the elements drawn.",
  ),
  legend: z.record(z.string(), z.unknown()).optional().describe("With structured: the legend."),
}).describe("An ASCII sketch of a window (v1).");

const screenshot = z.strictObject({
  window: z.string().describe('The window\'s title, or "(full screen)".'),
  format: z.enum(IMAGE_FORMATS).describe("The image's format: png unless jpeg was asked for."),
  encoding: z.literal("base64"),
  data: z.string().describe("The image, base64-encoded."),
}).describe("A PNG or JPEG screenshot (v1).");

export function serviceSchemas(toolNames: string[]): Record<string, JsonSchema> {
  return {
    Healthz: objectSchema("Healthz", healthz),
    ToolList: objectSchema("ToolList", toolList(toolNames)),
    Sketch: objectSchema("Sketch", sketch),
    Screenshot: objectSchema("Screenshot", screenshot),
  };
}
