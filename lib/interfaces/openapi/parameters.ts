// Query and path parameters. A GET route's query string is its tool's
// arguments, each converted by the type the tool's schema declares
// (routes/query.ts): numbers as decimal text, booleans as words, arrays as
// comma-separated lists; anything else stays text.

import { propertiesOf, requiredOf } from "./json_schema.ts";
import type { JsonSchema, Parameter } from "./types.ts";

export const BOOLEAN_NOTE = "1, true or yes (any case) mean true; any other value means false.";
export const LIST_NOTE = "Comma-separated.";

type Kind = "number" | "boolean" | "array" | "string" | "json";

function kindOf(schema: JsonSchema): Kind {
  const type = schema.type;
  if (type === "integer" || type === "number") return "number";
  if (type === "boolean") return "boolean";
  // The route splits the text into strings: only a list of strings survives that.
  if (type === "array") {
    return ((schema.items ?? {}) as JsonSchema).type === "string" ? "array" : "json";
  }
  if (type === "string") return "string";
  // A union with a text form (bbox's "x,y,width,height") travels as that text.
  const variants = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (variants?.some((v) => v.type === "string")) return "string";
  return "json";
}

function describe(schema: JsonSchema, note: string | null): string | undefined {
  const text = [schema.description, note].filter((s) => typeof s === "string" && s !== "");
  return text.length > 0 ? text.join(" ") : undefined;
}

/** One query parameter from one property of an arguments schema. */
export function queryParameter(
  name: string,
  schema: JsonSchema,
  required: boolean,
  postPath: string,
): Parameter {
  const kind = kindOf(schema);
  const note = kind === "boolean"
    ? BOOLEAN_NOTE
    : kind === "array"
    ? LIST_NOTE
    : kind === "json"
    ? `A JSON value, which a query string cannot carry: use POST ${postPath}.`
    : null;
  const description = describe(schema, note);
  return {
    name,
    in: "query",
    required,
    ...(description ? { description } : {}),
    schema,
    ...(kind === "array" ? { style: "form" as const, explode: false } : {}),
  };
}

/** Every argument of a tool as a query parameter. */
export function queryParameters(args: JsonSchema, postPath: string): Parameter[] {
  const required = new Set(requiredOf(args));
  return Object.entries(propertiesOf(args)).map(([name, schema]) =>
    queryParameter(name, schema, required.has(name), postPath)
  );
}

/** A path segment that becomes one of the tool's arguments. */
export function pathParameter(name: string, schema: JsonSchema, argument: string): Parameter {
  return {
    name,
    in: "path",
    required: true,
    description: describe(schema, `The tool's \`${argument}\` argument.`),
    schema,
  };
}
