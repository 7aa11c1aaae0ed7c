// Routes that do not hand one tool its arguments as they are: health and
// metrics, the tool list, this document, the inspector page, the legacy
// (v1) sketch, screenshot, full_screenshot, visible_areas and bring_to_foreground, and the
// two routes that pick a tool from the body (POST /api/action, POST /api/hover).

import type { z } from "zod";
import { IMAGE_FORMATS } from "../../formats/image/formats.ts";
import type { Tool } from "../../runtime/registry.ts";
import { propertiesOf, requiredOf, resultComponent } from "./json_schema.ts";
import { legacyQueryParameters } from "./legacy_query.ts";
import { guardResponses, json, toolResponses } from "./responses.ts";
import type { ActionVerb, RouteTables } from "./route_table.ts";
import { argsComponent, operationId } from "./tool_operation.ts";
import {
  type HttpMethod,
  type JsonSchema,
  type Operation,
  responseRef,
  schemaRef,
} from "./types.ts";

/** The zod objects the legacy routes parse their query with (routes/legacy_params.ts). */
export interface LegacyQueries {
  sketch: z.ZodObject;
  screenshot: z.ZodObject;
  activation: z.ZodObject;
}

export interface RouteOperation {
  method: HttpMethod;
  path: string;
  operation: Operation;
}

function get(path: string, tag: string, fields: Omit<Operation, "operationId" | "tags">) {
  return {
    method: "get" as const,
    path,
    operation: { operationId: operationId("get", path), tags: [tag], ...fields },
  };
}

const legacyErrors = (what: string) => ({
  "400": { description: "A parameter is not valid.", content: json(schemaRef("LegacyError")) },
  ...guardResponses(false),
  "500": { description: `The ${what} could not be made.`, content: json(schemaRef("LegacyError")) },
});

/** GET /api/full_screenshot's answer (lib/tools/region_screenshots.ts). */
const FULL_SCREENSHOT: JsonSchema = {
  type: "object",
  description: "The whole desktop as a PNG or JPEG, and the named window's sketch (v1).",
  properties: {
    window: { type: "string", description: 'The window\'s title, or "(full screen)".' },
    screenshot_scope: { const: "full_display", description: "Every monitor." },
    format: {
      enum: [...IMAGE_FORMATS],
      description: "The image's format: png unless jpeg was asked for.",
    },
    encoding: { const: "base64" },
    width: { type: "integer", minimum: 1, description: "The image's width in pixels." },
    height: { type: "integer", minimum: 1, description: "The image's height in pixels." },
    data: { type: "string", description: "The image, base64-encoded." },
    sketch: {
      anyOf: [{ type: "string" }, { type: "null" }],
      description: "The window's ASCII sketch (no OCR); null when no window was resolved.",
    },
  },
  required: ["window", "screenshot_scope", "format", "encoding", "width", "height", "data"],
};

/** GET /api/visible_areas's answer (lib/tools/visible_areas.ts). */
const VISIBLE_AREAS: JsonSchema = {
  type: "object",
  description: "The parts of a window not covered by windows above it, clipped to the screen.",
  properties: {
    window: { type: "string", description: "The window's title." },
    visible_regions: {
      type: "array",
      description: "Rectangles in absolute screen pixels; empty when covered or off screen.",
      items: {
        type: "object",
        properties: Object.fromEntries(
          ["x", "y", "width", "height"].map((k) => [k, { type: "integer" }]),
        ),
        required: ["x", "y", "width", "height"],
      },
    },
  },
  required: ["window", "visible_regions"],
};

/** A tool's input, read by a legacy route that parses its query with the tool's schema. */
function toolQuery(tools: ReadonlyMap<string, Tool>, name: string): z.ZodObject {
  const tool = tools.get(name);
  if (!tool) throw new Error(`no tool ${name}`);
  return tool.input as z.ZodObject;
}

/** An error of GET /api/bring_to_foreground: `{success: false, error}`. */
const activationError = (description: string) => ({
  description,
  content: json({
    type: "object",
    properties: {
      success: { const: false },
      error: { type: "string", description: "What went wrong." },
    },
    required: ["success", "error"],
  }),
});

/** One /api/action variant: `action` plus the arguments of the tool it runs. */
function actionVariant(
  verb: ActionVerb,
  args: JsonSchema,
): JsonSchema {
  const props = propertiesOf(args);
  const required = requiredOf(args);
  const action = { const: verb.action, description: `Runs the tool \`${verb.tool}\`.` };
  if (!verb.rename) {
    return {
      type: "object",
      description: `\`${verb.action}\`: the body (less \`action\`) is ${verb.tool}'s arguments.`,
      properties: { action, ...props },
      required: ["action", ...required],
    };
  }
  const properties: Record<string, JsonSchema> = { action };
  const mapped: string[] = ["action"];
  for (const [field, argument] of Object.entries(verb.rename)) {
    properties[field] = props[argument] ?? {};
    if (required.includes(argument)) mapped.push(field);
  }
  const renames = Object.entries(verb.rename)
    .filter(([field, argument]) => field !== argument)
    .map(([field, argument]) => `\`${field}\` is ${verb.tool}'s \`${argument}\``);
  return {
    type: "object",
    description: `\`${verb.action}\`: ${renames.join(", ")}; other fields are ignored.`,
    properties,
    required: mapped,
  };
}

export function serviceRoutes(
  tools: ReadonlyMap<string, Tool>,
  argsOf: (tool: string) => JsonSchema,
  legacy: LegacyQueries,
  { actions, hover }: RouteTables,
): RouteOperation[] {
  const actionTools = actions.map((v) => `\`${v.tool}\``).join(", ");
  return [
    get("/", "Service", {
      summary: "The web inspector (an HTML page that uses only this API).",
      responses: {
        "200": {
          description: "The page.",
          content: { "text/html": { schema: { type: "string" } } },
        },
        ...guardResponses(false),
      },
    }),
    get("/inspector/{file}", "Service", {
      summary:
        "The inspector's scripts and style sheet (served from the service, never the network).",
      parameters: [{
        name: "file",
        in: "path",
        required: true,
        description: "A file of the page, such as main.js or style.css.",
        schema: { type: "string" },
      }],
      responses: {
        "200": {
          description: "The file (JavaScript module, CSS or HTML).",
          content: {
            "text/javascript": { schema: { type: "string" } },
            "text/css": { schema: { type: "string" } },
          },
        },
        ...guardResponses(false),
        default: responseRef("ToolError"),
      },
    }),
    get("/api/trace/{id}/screenshots/{file}", "Traces and replay", {
      summary: "A trace step's screenshot (the URLs get_trace lists).",
      parameters: [
        {
          name: "id",
          in: "path",
          required: true,
          description: "The trace_id.",
          schema: { type: "string" },
        },
        {
          name: "file",
          in: "path",
          required: true,
          description: "step-NNNNN-full.png or step-NNNNN-window.png.",
          schema: { type: "string" },
        },
      ],
      responses: {
        "200": {
          description: "The PNG, redacted as it was when recorded.",
          content: { "image/png": { schema: { type: "string", format: "binary" } } },
        },
        "400": responseRef("BadRequest"),
        ...guardResponses(false),
        default: responseRef("ToolError"),
      },
    }),
    get("/api/healthz", "Service", {
      summary: "Service health: uptime, adapter, tree-cache counters, config problems.",
      description: "Cheap to poll; consumes no step.",
      responses: {
        "200": { description: "The service is up.", content: json(schemaRef("Healthz")) },
        ...guardResponses(false),
      },
    }),
    get("/api/metrics", "Service", {
      summary: "Prometheus metrics (text exposition format 0.0.4).",
      description: "Step count, uptime, tree-cache hits, misses and capture times, open " +
        "HTTP connections. Consumes no step.",
      responses: {
        "200": {
          description: "The metrics.",
          content: { "text/plain": { schema: { type: "string" } } },
        },
        ...guardResponses(false),
      },
    }),
    get("/api/tools", "Service", {
      summary: "The names of every tool.",
      description: "Run one with `POST /api/tool/<name>` (or GET, for tools that allow it). " +
        "With `detail=1`, each tool's description, kind, annotations and argument schema " +
        "too (the web inspector builds its forms from them).",
      parameters: [{
        name: "detail",
        in: "query",
        required: false,
        description: "1 or true: list each tool's description, kind, annotations and schema.",
        schema: { type: "string", enum: ["0", "1", "false", "true"] },
      }],
      responses: {
        "200": { description: "The tool names.", content: json(schemaRef("ToolList")) },
        ...guardResponses(false),
      },
    }),
    get("/api/openapi.json", "Service", {
      summary: "This API description as an OpenAPI 3.1 document.",
      description: "Generated at run time from the schemas the routes validate with.",
      responses: {
        "200": {
          description: "The document.",
          content: json({ type: "object", description: "An OpenAPI 3.1 document." }),
        },
        ...guardResponses(false),
      },
    }),
    get("/api/sketch", "Observe", {
      summary: "An ASCII sketch of a window (v1 route; errors are v1 strings).",
      description: "The focused window unless one is named. The same fields as the tool " +
        '`get_screen_sketch`, without the envelope. Errors are `{"error": "..."}`.',
      parameters: legacyQueryParameters("GET /api/sketch", legacy.sketch),
      responses: {
        "200": { description: "The sketch.", content: json(schemaRef("Sketch")) },
        ...legacyErrors("sketch"),
      },
    }),
    get("/api/screenshot", "Observe", {
      summary: "A PNG or JPEG screenshot, base64 (v1 route; errors are v1 strings).",
      description: "A window's, or the full screen's when no window is named. Errors are " +
        '`{"error": "..."}`.',
      parameters: legacyQueryParameters("GET /api/screenshot", legacy.screenshot),
      responses: {
        "200": { description: "The screenshot.", content: json(schemaRef("Screenshot")) },
        ...legacyErrors("screenshot"),
      },
    }),
    get("/api/full_screenshot", "Observe", {
      summary: "A PNG or JPEG of the whole desktop and a window's sketch (v1 route; errors " +
        "are v1 strings).",
      description: "Every monitor, base64. With a window named, `sketch` is its ASCII sketch; " +
        'otherwise null and `window` is "(full screen)". The fields of the tool ' +
        '`get_full_screenshot` without the envelope. Errors are `{"error": "..."}`.',
      parameters: legacyQueryParameters(
        "GET /api/full_screenshot",
        toolQuery(tools, "get_full_screenshot"),
      ),
      responses: {
        "200": { description: "The screenshot.", content: json(FULL_SCREENSHOT) },
        ...legacyErrors("screenshot"),
        default: responseRef("ToolError"),
      },
    }),
    get("/api/visible_areas", "Observe", {
      summary: "The visible parts of a window (v1 route; errors are v1 strings).",
      description: "A window is required; when none is named or none matches, the answer is " +
        '400 `{"error": "window_uid or window_index is required"}`. The tool ' +
        "`get_visible_areas` gives the same regions in the envelope.",
      parameters: legacyQueryParameters(
        "GET /api/visible_areas",
        toolQuery(tools, "get_visible_areas"),
      ),
      responses: {
        "200": { description: "The visible regions.", content: json(VISIBLE_AREAS) },
        ...legacyErrors("regions"),
        default: responseRef("ToolError"),
      },
    }),
    get("/api/bring_to_foreground", "Act", {
      summary: "Bring a window to the front (v1 route of the tool `bring_to_foreground`).",
      description: "Runs the tool `bring_to_foreground` (it acts: a GET here only because " +
        "the v1 API had it so) and answers with its result. Errors are " +
        '`{"success": false, "error": "..."}`.',
      parameters: legacyQueryParameters("GET /api/bring_to_foreground", legacy.activation),
      responses: {
        "200": {
          description: "The tool's result in the success envelope.",
          content: json(schemaRef(resultComponent("bring_to_foreground"))),
        },
        "400": activationError("No window named, or a parameter is not valid."),
        "404": activationError("The window is gone."),
        ...guardResponses(false),
      },
    }),
    {
      method: "post",
      path: "/api/action",
      operation: {
        operationId: operationId("post", "/api/action"),
        summary: "A v1 action: click_at, type, key or scroll.",
        description: `Runs one of ${actionTools}, chosen by \`action\`, and answers with ` +
          "that tool's envelope. An unknown `action` is a 400 whose `error` is a string.",
        tags: ["Act"],
        requestBody: {
          required: true,
          content: json({
            oneOf: actions.filter((v) => tools.has(v.tool)).map((v) =>
              actionVariant(v, argsOf(v.tool))
            ),
          })!,
        },
        responses: {
          ...toolResponses(true, actions.filter((v) => tools.has(v.tool)).map((v) => v.tool)),
          "400": {
            description: "Invalid arguments (envelope), or an unknown action (v1 string error).",
            content: json({
              anyOf: [schemaRef("ErrorEnvelope"), schemaRef("UnknownActionError")],
            }),
          },
        },
      },
    },
    {
      method: "post",
      path: "/api/hover",
      operation: {
        operationId: operationId("post", "/api/hover"),
        summary: "Hover over a point or an element.",
        description: `With \`x\` and \`y\` and neither \`selector\` nor \`element_id\`, ` +
          `runs \`${hover.atPoint}\`; otherwise \`${hover.onElement}\`.`,
        tags: ["Act"],
        requestBody: {
          required: true,
          content: json({
            anyOf: [
              schemaRef(argsComponent(hover.atPoint)),
              schemaRef(argsComponent(hover.onElement)),
            ],
          })!,
        },
        responses: toolResponses(true, [hover.atPoint, hover.onElement]),
      },
    },
  ];
}
