// The operation of a route that runs one tool: its arguments from the query,
// the JSON body or the path, and the tool envelope as its answers.

import type { Tool } from "../../runtime/registry.ts";
import { allowedOverGet } from "../../runtime/registry.ts";
import { propertiesOf } from "./json_schema.ts";
import { pathParameter, queryParameters } from "./parameters.ts";
import { json, toolResponses } from "./responses.ts";
import type { ArgsFrom } from "./route_table.ts";
import { type HttpMethod, type JsonSchema, type Operation, schemaRef } from "./types.ts";

export function argsComponent(tool: string): string {
  return `${tool}_args`;
}

export function toolPath(tool: string): string {
  return `/api/tool/${tool}`;
}

export function operationId(method: HttpMethod, path: string): string {
  return `${method}${path}`.replace(/[^A-Za-z0-9]+/g, "_").replace(/_+$/, "");
}

/** The first sentence of a description, for a summary. */
export function firstSentence(text: string): string {
  const end = text.search(/\.(\s|$)/);
  return end < 0 ? text : text.slice(0, end + 1);
}

/** What a reader must know about a tool beyond its description. */
export function toolFacts(tool: Tool): string {
  const facts = [`Runs the tool \`${tool.name}\`.`];
  if (tool.annotations.readOnlyHint) facts.push("Read-only.");
  else if (tool.annotations.destructiveHint) facts.push("Acts on the desktop.");
  else facts.push("Changes the service's state, not the desktop.");
  if (tool.kind === "perception") {
    facts.push("Its result is read off the screen and marked `untrusted: true`.");
  }
  if (tool.waits) facts.push("Holds the request open while it waits.");
  if (!allowedOverGet(tool)) facts.push(`\`GET ${toolPath(tool.name)}\` answers 405.`);
  return facts.join(" ");
}

export function toolRequestBody(tool: Tool, args: JsonSchema) {
  const required = ((args.required ?? []) as string[]).length > 0;
  return {
    description: required
      ? "The tool's arguments."
      : "The tool's arguments; an empty body means {}.",
    required,
    content: json(schemaRef(argsComponent(tool.name)))!,
  };
}

export function toolOperation(
  method: HttpMethod,
  path: string,
  tool: Tool,
  args: JsonSchema,
  from: ArgsFrom,
  tag: string,
): Operation {
  const op: Operation = {
    operationId: operationId(method, path),
    summary: firstSentence(tool.description),
    description: `${tool.description}\n\n${toolFacts(tool)}`,
    tags: [tag],
    "x-tool": tool.name,
    responses: toolResponses(method !== "get", [tool.name]),
  };
  if (from === "query") {
    op.parameters = queryParameters(args, toolPath(tool.name));
  } else if (from === "body") {
    op.requestBody = toolRequestBody(tool, args);
  } else if (from === "none") {
    op.description += " Any request body is ignored.";
  } else {
    const schema = propertiesOf(args)[from.argument] ?? { type: "string" };
    op.parameters = [pathParameter(from.param, schema, from.argument)];
  }
  return op;
}
