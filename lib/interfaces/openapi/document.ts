// The OpenAPI 3.1 document of the HTTP API, generated from the tool registry
// and the zod schemas the routes validate with. Pure: same input, same output.

import type { Tool } from "../../runtime/registry.ts";
import { envelopeSchemas } from "./envelope.ts";
import { errorCodeTable } from "./error_codes.ts";
import { DEFAULT_SERVER, INTRO } from "./intro.ts";
import { resultComponent, toolArgsSchema, toolResultSchema } from "./json_schema.ts";
import { buildPaths } from "./paths.ts";
import { componentResponses } from "./responses.ts";
import { type RouteTables, TAGS } from "./route_table.ts";
import type { LegacyQueries } from "./service_routes.ts";
import { serviceSchemas } from "./service_schemas.ts";
import { argsComponent } from "./tool_operation.ts";
import type { JsonSchema, OpenApiDocument } from "./types.ts";

export interface DocumentInput {
  tools: ReadonlyMap<string, Tool>;
  /** The service's version (config mcp.version). */
  version: string;
  /** Passed in: lib/ never imports routes/, where these live. */
  legacy: LegacyQueries;
  routes: RouteTables;
}

export function openApiDocument(
  { tools, version, legacy, routes }: DocumentInput,
): OpenApiDocument {
  const args = new Map<string, JsonSchema>();
  for (const tool of tools.values()) args.set(tool.name, toolArgsSchema(tool));
  const argsOf = (name: string) => {
    const schema = args.get(name);
    if (!schema) throw new Error(`no tool ${name}`);
    return schema;
  };
  const schemas: Record<string, JsonSchema> = {
    ...envelopeSchemas(),
    ...serviceSchemas([...tools.keys()].sort()),
  };
  for (const [name, schema] of [...args].sort(([a], [b]) => a.localeCompare(b))) {
    schemas[argsComponent(name)] = {
      ...schema,
      description: `The arguments of the tool \`${name}\`.`,
    };
  }
  const defs: Record<string, JsonSchema> = {};
  for (const tool of [...tools.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    schemas[resultComponent(tool.name)] = {
      ...toolResultSchema(tool, defs),
      description: `The successful answer of the tool \`${tool.name}\`.`,
    };
  }
  for (const name of Object.keys(defs).sort()) {
    if (name in schemas) throw new Error(`a result definition is named ${name}, like a component`);
    schemas[name] = defs[name];
  }
  return {
    openapi: "3.1.0",
    info: { title: "OS Screen Observer API", version, description: INTRO },
    servers: [{ url: DEFAULT_SERVER, description: "The default bind address and port." }],
    tags: TAGS.map((t) => ({ ...t })),
    paths: buildPaths(tools, argsOf, legacy, routes),
    components: { schemas, responses: componentResponses() },
    "x-error-codes": errorCodeTable(),
  };
}
