// Advertised input and output schemas, generated from each tool's zod schemas
// (never written by hand). Inputs as the input side: a field with a default
// stays optional. Outputs open (a field added later does not break a client
// that validates); `strictOutputSchemaOf` closes every object, for the tests
// that hold each tool's real results to its schema.

import { z } from "zod";
import type { Tool } from "../../runtime/registry.ts";
import { resultSchemaOf } from "../../runtime/result_schema.ts";

export interface ObjectSchema {
  [key: string]: unknown;
  type: "object";
  properties: Record<string, object>;
  required?: string[];
}

type JsonSchemaNode = Record<string, unknown>;

/** Keywords that say what a schema is about rather than what it accepts. */
const ANNOTATIONS = new Set(["description", "title", "default", "examples", "$comment"]);

/** Any JSON value, spelled so that a client sees it was meant (one type per branch). */
const ANY_JSON = ["object", "array", "string", "number", "boolean", "null"].map((type) => ({
  type,
}));

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

/**
 * The generated schema made portable to clients with a narrower dialect (the
 * MCP Inspector's strict check names these): a nullable `type: [T, "null"]`
 * becomes `anyOf` branches of one type each, a tuple closes with `maxItems`
 * rather than `items: false`, and in an answer (`anyValue`) a value that may
 * be anything says so. An argument that takes anything stays `{}`, which the
 * tests refuse: a model must be told what to send.
 */
function portable(node: unknown, anyValue: boolean): unknown {
  if (node === null || typeof node !== "object" || Array.isArray(node)) return node; // true/false
  const schema: JsonSchemaNode = { ...node };
  const sub = (value: unknown) => portable(value, anyValue);
  for (const key of SCHEMA_MAPS) {
    const map = schema[key] as Record<string, unknown> | undefined;
    if (map) schema[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, sub(v)]));
  }
  for (const key of SCHEMA_LISTS) {
    if (Array.isArray(schema[key])) schema[key] = (schema[key] as unknown[]).map(sub);
  }
  for (const key of SCHEMA_VALUES) if (key in schema) schema[key] = sub(schema[key]);
  if (Array.isArray(schema.type)) {
    const constraints: JsonSchemaNode = {};
    for (const [key, value] of Object.entries(schema)) {
      if (ANNOTATIONS.has(key)) continue;
      constraints[key] = value;
      delete schema[key];
    }
    const types = constraints.type as string[];
    schema.anyOf = types.map((type) => type === "null" ? { type } : { ...constraints, type });
  }
  if (schema.items === false && Array.isArray(schema.prefixItems)) {
    delete schema.items;
    schema.maxItems = schema.prefixItems.length;
  }
  if (anyValue && Object.keys(schema).every((key) => ANNOTATIONS.has(key))) {
    schema.anyOf = ANY_JSON.map((branch) => ({ ...branch }));
  }
  return schema;
}

/** Where JSON Schema keeps subschemas: maps of them, lists of them, and single ones. */
const SCHEMA_MAPS = ["properties", "patternProperties", "$defs"];
const SCHEMA_LISTS = ["anyOf", "oneOf", "allOf", "prefixItems"];
const SCHEMA_VALUES = ["items", "additionalProperties", "not", "propertyNames", "contains"];

function objectSchemaOf(
  label: string,
  zodSchema: z.ZodType,
  io: "input" | "output",
  answer = false,
): ObjectSchema {
  const { $schema: _dialect, ...schema } = portable(
    z.toJSONSchema(zodSchema, {
      io,
      unrepresentable: "any",
      override: tidy,
    }),
    answer,
  ) as JsonSchemaNode;
  if (schema.type !== "object") {
    throw new Error(`${label} must be a zod object, got ${schema.type}`);
  }
  // zod emits an object schema for every field, never a boolean schema.
  const properties = (schema.properties ?? {}) as Record<string, object>;
  return { ...schema, type: "object", properties };
}

export function inputSchemaOf(tool: Pick<Tool, "name" | "input">): ObjectSchema {
  return objectSchemaOf(`tool ${tool.name}: its input`, tool.input, "input");
}

/** The tool's successful answer, envelope included, as MCP's outputSchema. */
export function outputSchemaOf(tool: Pick<Tool, "name" | "output">): ObjectSchema {
  return objectSchemaOf(`tool ${tool.name}: its output`, resultSchemaOf(tool), "input", true);
}

/** As outputSchemaOf, with no field beyond those declared (additionalProperties: false). */
export function strictOutputSchemaOf(tool: Pick<Tool, "name" | "output">): ObjectSchema {
  return objectSchemaOf(`tool ${tool.name}: its output`, resultSchemaOf(tool), "output", true);
}
