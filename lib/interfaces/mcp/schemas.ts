// Advertised input schemas, generated from each tool's zod schema (never
// written by hand) as the input side: a field with a default stays optional.

import { z } from "zod";
import type { Tool } from "../../runtime/registry.ts";

export interface ObjectSchema {
  [key: string]: unknown;
  type: "object";
  properties: Record<string, object>;
  required?: string[];
}

type JsonSchemaNode = { minimum?: number; maximum?: number; default?: unknown };

/**
 * `z.number().int()` bounds itself to the safe integers: noise for a model, so
 * dropped. A field the tool checks itself (tools/args.ts checkedByTool) comes
 * out with `default: undefined`, which is no default.
 */
function tidy(ctx: { jsonSchema: JsonSchemaNode }) {
  const schema = ctx.jsonSchema;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if ("default" in schema && schema.default === undefined) delete schema.default;
}

export function inputSchemaOf(tool: Tool): ObjectSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(tool.input, {
    io: "input",
    unrepresentable: "any",
    override: tidy,
  });
  if (schema.type !== "object") {
    throw new Error(`tool ${tool.name}: its input must be a zod object, got ${schema.type}`);
  }
  // zod emits an object schema for every field, never a boolean schema.
  const properties = (schema.properties ?? {}) as Record<string, object>;
  return { ...schema, type: "object", properties };
}
