// @ts-check
// Pure: a tool's argument form from its JSON Schema (the registry's, as
// /api/tools?detail=1 gives it), and the arguments from what was typed.

/**
 * @typedef {{
 *   name: string,
 *   kind: "text" | "integer" | "number" | "boolean" | "choice" | "json",
 *   required: boolean,
 *   description: string,
 *   options: string[],
 *   default: unknown,
 * }} Field
 */

/**
 * @param {Record<string, any>} schema
 * @returns {Field["kind"]}
 */
function kindOf(schema) {
  if (Array.isArray(schema.enum) && schema.enum.every((v) => typeof v === "string")) {
    return "choice";
  }
  switch (schema.type) {
    case "string":
      return "text";
    case "integer":
      return "integer";
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    default:
      return "json";
  }
}

/**
 * One field per property, required ones first, each in schema order.
 * @param {Record<string, any>} schema
 * @returns {Field[]}
 */
export function fieldsOf(schema) {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  /** @type {Field[]} */
  const fields = Object.entries(properties).map(([name, property]) => ({
    name,
    kind: kindOf(property),
    required: required.has(name),
    description: String(property.description ?? ""),
    options: Array.isArray(property.enum) ? property.enum.map(String) : [],
    default: property.default,
  }));
  return [...fields.filter((f) => f.required), ...fields.filter((f) => !f.required)];
}

/**
 * The arguments from the form's raw values: empty optional fields are left
 * out (the tool's defaults apply), numbers and JSON are parsed.
 * @param {Field[]} fields
 * @param {Record<string, string | boolean>} raw
 * @returns {{ ok: true, args: Record<string, unknown> } | { ok: false, field: string, message: string }}
 */
export function argsFrom(fields, raw) {
  /** @type {Record<string, unknown>} */
  const args = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (field.kind === "boolean") {
      if (value === "true" || value === "false") args[field.name] = value === "true";
      else if (typeof value === "boolean") args[field.name] = value;
      continue;
    }
    const text = typeof value === "string" ? value.trim() : "";
    if (text === "") {
      if (field.required) return { ok: false, field: field.name, message: "required" };
      continue;
    }
    if (field.kind === "integer" || field.kind === "number") {
      const n = Number(text);
      if (!Number.isFinite(n) || (field.kind === "integer" && !Number.isInteger(n))) {
        return {
          ok: false,
          field: field.name,
          message: `not ${field.kind === "integer" ? "a whole number" : "a number"}`,
        };
      }
      args[field.name] = n;
    } else if (field.kind === "json") {
      try {
        args[field.name] = JSON.parse(text);
      } catch {
        return { ok: false, field: field.name, message: "not valid JSON" };
      }
    } else {
      args[field.name] = typeof value === "string" ? value : text;
    }
  }
  return { ok: true, args };
}
