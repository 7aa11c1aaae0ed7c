// zod → JSON Schema for the document, through the one generator MCP already
// uses (lib/interfaces/mcp/schemas.ts), so REST and MCP advertise the same arguments.

import type { z } from "zod";
import { inputSchemaOf, outputSchemaOf } from "../mcp/schemas.ts";
import type { Tool } from "../../runtime/registry.ts";
import { type JsonSchema, schemaRef } from "./types.ts";

/** A tool's arguments, exactly as MCP's tools/list shows them. */
export function toolArgsSchema(tool: Tool): JsonSchema {
  return inputSchemaOf(tool);
}

export function resultComponent(tool: string): string {
  return `${tool}_result`;
}

/**
 * A tool's successful answer as MCP's outputSchema shows it, fit for the
 * document: the definitions it refers to (a tree's element, by name; others
 * numbered) move into `defs`, the document's components, and its refs follow.
 */
export function toolResultSchema(tool: Tool, defs: Record<string, JsonSchema>): JsonSchema {
  const { $defs, ...schema } = outputSchemaOf(tool) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const named = (key: string) =>
    key.startsWith("__schema") ? `${resultComponent(tool.name)}_${key.slice(2)}` : key;
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (value === null || typeof value !== "object") return value;
    const ref = (value as { $ref?: unknown }).$ref;
    if (typeof ref === "string" && ref.startsWith("#/$defs/")) {
      return { ...value, ...schemaRef(named(ref.slice("#/$defs/".length))) };
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewrite(v)]));
  };
  for (const [key, def] of Object.entries($defs ?? {})) {
    const name = named(key);
    const moved = rewrite(def) as JsonSchema;
    if (name in defs && JSON.stringify(defs[name]) !== JSON.stringify(moved)) {
      throw new Error(`two different schemas are named ${name}`);
    }
    defs[name] = moved;
  }
  return rewrite(schema) as JsonSchema;
}

/**
 * A zod object that is not a tool's input: a legacy route's query, or a
 * response shape (those have no defaults or transforms, so the input side
 * is also what is sent). `label` names it in the generator's errors.
 */
export function objectSchema(label: string, schema: z.ZodType): JsonSchema {
  return inputSchemaOf({ name: label, input: schema });
}

/** The properties of an object schema (none when it has none). */
export function propertiesOf(schema: JsonSchema): Record<string, JsonSchema> {
  return (schema.properties ?? {}) as Record<string, JsonSchema>;
}

export function requiredOf(schema: JsonSchema): string[] {
  return (schema.required ?? []) as string[];
}
