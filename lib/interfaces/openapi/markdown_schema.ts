// JSON Schema → Markdown: a type in words, its constraints, and the rows of a
// field table (nested objects as dotted names).

import { anchor, cell, code, table } from "./markdown_text.ts";
import type { JsonSchema } from "./types.ts";

const MAX_DEPTH = 3;

export type Resolve = (schema: JsonSchema) => JsonSchema;

export function refName(schema: JsonSchema): string | null {
  const ref = schema.$ref;
  return typeof ref === "string" ? ref.slice(ref.lastIndexOf("/") + 1) : null;
}

function literal(value: unknown): string {
  return code(JSON.stringify(value));
}

/** A schema's type in a few words, e.g. `integer`, `"left" | "right"`, `string[]`. */
export function typeText(schema: JsonSchema): string {
  const name = refName(schema);
  if (name !== null) return `[${name}](#${anchor(name)})`;
  if ("const" in schema) return literal(schema.const);
  if (Array.isArray(schema.enum)) return schema.enum.map(literal).join(" | ");
  const alternatives = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (alternatives) return [...new Set(alternatives.map(typeText))].join(" | ");
  const type = schema.type;
  if (Array.isArray(type)) return type.join(" | ");
  if (type === "array" && Array.isArray(schema.prefixItems)) {
    return `[${(schema.prefixItems as JsonSchema[]).map(typeText).join(", ")}]`; // a tuple
  }
  if (type === "array") {
    const items = (schema.items ?? {}) as JsonSchema;
    const inner = typeText(items);
    return /[ |]/.test(inner) ? `(${inner})[]` : `${inner}[]`;
  }
  if (typeof type === "string") return type;
  return "any";
}

function plural(n: unknown, noun: string): string {
  return n === 1 ? `1 ${noun}` : `${n} ${noun}s`;
}

/** Bounds, lengths and patterns, in words. */
export function limitsText(schema: JsonSchema): string {
  const parts: string[] = [];
  const { minimum, maximum, minLength, maxLength, minItems, maxItems, pattern } = schema;
  if (minimum !== undefined && maximum !== undefined) parts.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) parts.push(`at least ${minimum}`);
  else if (maximum !== undefined) parts.push(`at most ${maximum}`);
  if (minLength !== undefined && maxLength !== undefined) {
    parts.push(`${minLength} to ${maxLength} characters`);
  } else if (minLength !== undefined) parts.push(`at least ${plural(minLength, "character")}`);
  else if (maxLength !== undefined) parts.push(`at most ${plural(maxLength, "character")}`);
  if (minItems !== undefined) parts.push(`at least ${plural(minItems, "item")}`);
  if (maxItems !== undefined) parts.push(`at most ${plural(maxItems, "item")}`);
  if (typeof pattern === "string") parts.push(`pattern ${code(pattern)}`);
  if (schema.items && typeof schema.items === "object") {
    const inner = limitsText(schema.items as JsonSchema);
    if (inner !== "") parts.push(`each ${inner}`);
  }
  return parts.join("; ");
}

/** The type with its limits, e.g. `integer (1 to 3)`. */
export function typeWithLimits(schema: JsonSchema): string {
  const limits = limitsText(schema);
  return limits === "" ? typeText(schema) : `${typeText(schema)} (${limits})`;
}

export function defaultText(schema: JsonSchema): string {
  return "default" in schema ? literal(schema.default) : "";
}

export function descriptionOf(schema: JsonSchema): string {
  return typeof schema.description === "string" ? schema.description : "";
}

/** Table rows (FIELD_HEADER) for an object's fields. */
export function fieldRows(
  schema: JsonSchema,
  resolve: Resolve,
  prefix = "",
  depth = 0,
): string[][] {
  const object = resolve(schema);
  const properties = (object.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((object.required ?? []) as string[]);
  const rows: string[][] = [];
  for (const [name, field] of Object.entries(properties)) {
    const path = `${prefix}${name}`;
    rows.push([
      code(path),
      cell(typeWithLimits(field)),
      required.has(name) ? "yes" : "",
      cell(defaultText(field)),
      cell(descriptionOf(field)),
    ]);
    if (depth + 1 >= MAX_DEPTH || refName(field) !== null) continue;
    if (field.type === "object" && field.properties) {
      rows.push(...fieldRows(field, resolve, `${path}.`, depth + 1));
    } else if (field.type === "array") {
      const items = (field.items ?? {}) as JsonSchema;
      if (items.type === "object" && items.properties) {
        rows.push(...fieldRows(items, resolve, `${path}[].`, depth + 1));
      }
    }
  }
  return rows;
}

export const FIELD_HEADER = ["Field", "Type", "Required", "Default", "Description"];

function alternativesOf(schema: JsonSchema): JsonSchema[] | null {
  const list = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  return list && list.some((s) => s.properties) ? list : null;
}

/** `kind` = `"text_visible"`: the constant that tells an alternative apart, if any. */
function alternativeLabel(schema: JsonSchema, index: number): string {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const tag = Object.entries(properties).find(([, s]) => "const" in s);
  return tag ? `${code(tag[0])} = ${literal(tag[1].const)}` : `Form ${index + 1}`;
}

/**
 * For each field that takes one of several object forms (itself or as list
 * items): a table per form, after the field table. Forms shared with an
 * earlier field are named, not repeated.
 */
export function formSections(schema: JsonSchema, resolve: Resolve): string[] {
  const properties = (resolve(schema).properties ?? {}) as Record<string, JsonSchema>;
  const seen = new Map<string, string>();
  const lines: string[] = [];
  for (const [name, field] of Object.entries(properties)) {
    const isList = field.type === "array";
    const target = isList ? (field.items ?? {}) as JsonSchema : field;
    const forms = alternativesOf(target);
    if (!forms) continue;
    const label = code(isList ? `${name}[]` : name);
    const key = JSON.stringify(forms);
    const earlier = seen.get(key);
    if (earlier) {
      lines.push(`**${label}** takes the same forms as ${earlier}.`, "");
      continue;
    }
    seen.set(key, label);
    lines.push(
      isList
        ? `**${label}**: each item of ${code(name)} is one of these forms.`
        : `**${label}** is one of these forms.`,
      "",
    );
    forms.forEach((form, i) => {
      const about = typeof form.description === "string" ? ` ${cell(form.description)}` : "";
      lines.push(`*${alternativeLabel(form, i)}.*${about}`, "");
      const rows = fieldRows(form, resolve);
      lines.push(rows.length > 0 ? table(FIELD_HEADER, rows) : "No fields.", "");
    });
  }
  return lines;
}
