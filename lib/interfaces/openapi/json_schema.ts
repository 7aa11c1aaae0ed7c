// zod → JSON Schema for the document, through the one generator MCP already
// uses (lib/interfaces/mcp/schemas.ts), so REST and MCP advertise the same arguments.

import type { z } from "zod";
import { inputSchemaOf } from "../mcp/schemas.ts";
import type { Tool } from "../../runtime/registry.ts";
import type { JsonSchema } from "./types.ts";

/** A tool's arguments, exactly as MCP's tools/list shows them. */
export function toolArgsSchema(tool: Tool): JsonSchema {
  return inputSchemaOf(tool);
}

/**
 * A zod object that is not a tool's input: a legacy route's query, or a
 * response shape (those have no defaults or transforms, so the input side
 * is also what is sent). `label` names it in the generator's errors.
 */
export function objectSchema(label: string, schema: z.ZodType): JsonSchema {
  // inputSchemaOf reads nothing of a tool but its name and input schema.
  return inputSchemaOf({ name: label, input: schema } as Pick<Tool, "name" | "input"> as Tool);
}

/** The properties of an object schema (none when it has none). */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>;
}

export function requiredOf(schema: JsonSchema): string[] {
  return (schema.required ?? []) as string[];
}
