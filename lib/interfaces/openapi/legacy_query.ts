// Query parameters of the legacy (v1) routes, from the zod objects they parse
// with (routes/legacy_params.ts). Those take text and turn it into numbers or
// flags; a parameter is documented as the value the route reads: the parsed
// side where JSON Schema can show it, else the text side, probed for flags.

import { z } from "zod";
import { BOOLEAN_NOTE } from "./parameters.ts";
import { objectSchema, propertiesOf } from "./json_schema.ts";
import type { JsonSchema, Parameter } from "./types.ts";

function parsedSide(field: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...schema } = z.toJSONSchema(field, {
    io: "output",
    unrepresentable: "any",
  });
  return schema;
}

/** Whether the text pattern admits only whole numbers. */
function integerText(text: JsonSchema): boolean {
  if (typeof text.pattern !== "string") return false;
  const pattern = new RegExp(text.pattern);
  return pattern.test("7") && pattern.test("-7") && !pattern.test("0.5");
}

function isFlag(field: z.ZodType): boolean {
  const read = (s: string) => field.safeParse(s).data;
  return read("yes") === true && read("true") === true && read("no") === false;
}

function legacyParameter(name: string, field: z.ZodType, text: JsonSchema): Parameter {
  const parsed = parsedSide(field);
  let schema: JsonSchema;
  let note: string | null = null;
  if (parsed.type === "number") {
    schema = { ...parsed, type: integerText(text) ? "integer" : "number" };
  } else if (Object.keys(parsed).length > 0) {
    schema = parsed;
  } else if (isFlag(field)) {
    schema = { type: "boolean" };
    note = BOOLEAN_NOTE;
  } else {
    schema = text;
  }
  // A .describe() on the field, wherever zod put it (the wrapper or the inner schema).
  const said = field.description ?? parsed.description ?? text.description;
  const description = [said, note].filter((s) => typeof s === "string" && s !== "").join(" ");
  return {
    name,
    in: "query",
    required: !field.safeParse(undefined).success,
    ...(description ? { description } : {}),
    schema,
  };
}

export function legacyQueryParameters(
  label: string,
  query: z.ZodObject,
): Parameter[] {
  const text = propertiesOf(objectSchema(label, query));
  return Object.entries(query.shape).map(([name, field]) =>
    legacyParameter(name, field as z.ZodType, text[name] ?? {})
  );
}
