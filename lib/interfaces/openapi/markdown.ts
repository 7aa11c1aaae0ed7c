// The API reference in Markdown (docs/API.md), rendered from the OpenAPI
// document alone. Pure: the same document always gives the same text.

import {
  defaultText,
  descriptionOf,
  FIELD_HEADER,
  fieldRows,
  formSections,
  refName,
  typeText,
  typeWithLimits,
} from "./markdown_schema.ts";
import { anchor, cell, code, escapeText, table } from "./markdown_text.ts";
import type {
  JsonSchema,
  OpenApiDocument,
  Operation,
  Parameter,
  PathItem,
  RequestBody,
  Response,
  ResponseOrRef,
} from "./types.ts";

const METHODS = ["get", "post", "delete"] as const;

interface Section {
  heading: string;
  path: string;
  /** More than one when the operations run the same tool (the tool console). */
  operations: Array<[string, Operation]>;
}

function resolver(doc: OpenApiDocument) {
  return (schema: JsonSchema): JsonSchema => {
    const name = refName(schema);
    if (name === null) return schema;
    const target = doc.components.schemas[name];
    if (!target) throw new Error(`unresolved $ref ${schema.$ref}`);
    return target;
  };
}

function resolveResponse(doc: OpenApiDocument, response: ResponseOrRef): Response {
  if (!("$ref" in response)) return response;
  const name = response.$ref.slice(response.$ref.lastIndexOf("/") + 1);
  const target = doc.components.responses[name];
  if (!target) throw new Error(`unresolved $ref ${response.$ref}`);
  return target;
}

/** Each path's operations; those of one path that run the same tool share a section. */
function sections(doc: OpenApiDocument, tag: string): Section[] {
  const out: Section[] = [];
  for (const [path, item] of Object.entries(doc.paths) as Array<[string, PathItem]>) {
    const ops = METHODS.flatMap((m) => (item[m] ? [[m, item[m]!] as [string, Operation]] : []))
      .filter(([, op]) => op.tags[0] === tag);
    const tools = new Set(ops.map(([, op]) => op["x-tool"]));
    const groups = tools.size === 1 && ops[0]?.[1]["x-tool"] ? [ops] : ops.map((op) => [op]);
    for (const group of groups) {
      if (group.length === 0) continue;
      const methods = group.map(([m]) => m.toUpperCase()).join(", ");
      out.push({ heading: `${methods} ${path}`, path, operations: group });
    }
  }
  return out;
}

function parametersBlock(title: string, parameters: Parameter[]): string[] {
  if (parameters.length === 0) return [];
  const rows = parameters.map((p) => [
    code(p.name),
    cell(typeWithLimits(p.schema)),
    p.required ? "yes" : "",
    cell(defaultText(p.schema)),
    cell(p.description ?? ""),
  ]);
  return [
    `**${title}**`,
    "",
    table(["Name", "Type", "Required", "Default", "Description"], rows),
    "",
  ];
}

function schemaBlock(schema: JsonSchema, resolve: (s: JsonSchema) => JsonSchema): string[] {
  const alternatives = (schema.oneOf ?? schema.anyOf) as JsonSchema[] | undefined;
  if (alternatives) {
    const lines = [
      `${schema.oneOf ? "Exactly one" : "One or more"} of these ${alternatives.length}:`,
      "",
    ];
    alternatives.forEach((alternative, i) => {
      const target = resolve(alternative);
      lines.push(`*${i + 1}.* ${escapeText(descriptionOf(target))}`.trimEnd(), "");
      lines.push(...schemaBlock(target, resolve));
    });
    return lines;
  }
  const rows = fieldRows(schema, resolve);
  if (rows.length === 0) return ["No fields.", ""];
  return [table(FIELD_HEADER, rows), "", ...formSections(schema, resolve)];
}

function bodyBlock(body: RequestBody, resolve: (s: JsonSchema) => JsonSchema): string[] {
  const lines: string[] = [];
  for (const [type, media] of Object.entries(body.content)) {
    const required = body.required ? "required" : "optional";
    const about = body.description ? ` ${escapeText(body.description)}` : "";
    lines.push(`**Request body** (${code(type)}, ${required}).${about}`, "");
    lines.push(...schemaBlock(media.schema, resolve));
  }
  return lines;
}

function responsesBlock(doc: OpenApiDocument, op: Operation): string[] {
  const rows = Object.entries(op.responses).map(([status, ref]) => {
    const response = resolveResponse(doc, ref);
    const bodies = Object.entries(response.content ?? {}).map(([type, media]) =>
      type === "application/json"
        ? typeText(media.schema)
        : `${code(type)} ${typeText(media.schema)}`
    );
    return [
      status === "default" ? "other" : status,
      cell(bodies.join(", ")),
      cell(response.description),
    ];
  });
  return ["**Responses**", "", table(["Status", "Body", "Description"], rows), ""];
}

function sectionBlock(doc: OpenApiDocument, section: Section): string[] {
  const resolve = resolver(doc);
  const [firstMethod, first] = section.operations[0];
  const lines = [`### ${section.heading}`, ""];
  // A tool's summary is its description's first sentence: shown once.
  if (!first.description?.startsWith(first.summary)) lines.push(escapeText(first.summary), "");
  if (first.description) lines.push(escapeText(first.description), "");
  const post = section.operations.find(([m]) => m !== "get")?.[1];
  if (section.operations.length > 1 && post?.requestBody) {
    // The tool console: one table of arguments for the query string and the body.
    lines.push(...bodyBlock(post.requestBody, resolve));
    lines.push(
      "GET takes the same arguments as a query string: numbers as text, booleans as words " +
        "(`1`, `true`, `yes`), lists of strings comma-separated; a field that holds an object " +
        "or a list of objects needs POST.",
      "",
    );
    lines.push(...responsesBlock(doc, post));
    return lines;
  }
  const params = first.parameters ?? [];
  lines.push(...parametersBlock("Path parameters", params.filter((p) => p.in === "path")));
  lines.push(...parametersBlock("Query parameters", params.filter((p) => p.in === "query")));
  if (first.requestBody) lines.push(...bodyBlock(first.requestBody, resolve));
  else if (firstMethod !== "get") lines.push("No request body.", "");
  lines.push(...responsesBlock(doc, first));
  return lines;
}

function schemasBlock(doc: OpenApiDocument): string[] {
  const resolve = resolver(doc);
  const lines = [
    "## Schemas",
    "",
    "Each tool's successful answer (`<tool>_result`), and the envelopes and definitions the answers share.",
    "",
  ];
  for (const [name, schema] of Object.entries(doc.components.schemas)) {
    if (name.endsWith("_args")) continue; // shown with the routes that take them
    lines.push(`### ${name}`, "");
    if (typeof schema.description === "string") lines.push(escapeText(schema.description), "");
    lines.push(...schemaBlock(schema, resolve));
    if (schema.additionalProperties !== false && schema.type === "object") {
      lines.push("Other fields may follow.", "");
    }
  }
  return lines;
}

function errorCodesBlock(doc: OpenApiDocument): string[] {
  const rows = Object.entries(doc["x-error-codes"]).map(([name, e]) => [
    code(name),
    String(e.status),
    e.recoverable ? "yes" : "no",
    e.suggested_next_tool ? code(e.suggested_next_tool) : "",
    cell(e.meaning),
  ]);
  return [
    "## Error codes",
    "",
    "`error.code` of the envelope, with the HTTP status it is answered with.",
    "",
    table(["Code", "Status", "Recoverable", "Suggested next tool", "Meaning"], rows),
    "",
  ];
}

export function renderMarkdown(doc: OpenApiDocument): string {
  const lines = [
    `# ${doc.info.title}`,
    "",
    `Version ${doc.info.version}. Generated from the OpenAPI document that ` +
    "`GET /api/openapi.json` serves, by `deno task docs`: do not edit by hand.",
    "",
    doc.info.description,
    "",
    "## Routes",
    "",
  ];
  const bySection = doc.tags.map((tag) => ({ tag, sections: sections(doc, tag.name) }));
  for (const { tag, sections } of bySection) {
    lines.push(`- [${tag.name}](#${anchor(tag.name)})`);
    for (const s of sections) lines.push(`  - [${s.heading}](#${anchor(s.heading)})`);
  }
  lines.push(
    `- [Schemas](#schemas)`,
    `- [Error codes](#error-codes)`,
    "",
  );
  for (const { tag, sections } of bySection) {
    lines.push(`## ${tag.name}`, "", escapeText(tag.description), "");
    for (const section of sections) lines.push(...sectionBlock(doc, section));
  }
  lines.push(...schemasBlock(doc), ...errorCodesBlock(doc));
  return lines.join("\n").replace(/\n{3,}/g, "\n\n").trimEnd() + "\n";
}
