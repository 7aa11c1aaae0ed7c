// docs/CONFIG.md, generated from the configuration's own zod schema so the
// reference cannot drift from what the service accepts. Run as a script
// (`deno task docs`, after docs/API.md) it rewrites the file; tests/config_reference_test.ts
// checks the file is current.

import { z } from "zod";
import { CONFIG_SECTIONS } from "./config.ts";

interface JsonSchema {
  type?: string | string[];
  description?: string;
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
}

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(" \\| ");
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" \\| ");
  const type = Array.isArray(schema.type) ? schema.type.join(" \\| ") : schema.type ?? "any";
  const range = schema.minimum !== undefined || schema.maximum !== undefined
    ? ` (${schema.minimum ?? "…"}–${schema.maximum ?? "…"})`
    : "";
  return type === "array" && schema.items ? `array of ${typeOf(schema.items)}` : type + range;
}

function cell(text: string): string {
  return text.replaceAll("|", "\\|").replaceAll("\n", " ");
}

function row(key: string, schema: JsonSchema): string {
  return `| \`${key}\` | ${cell(typeOf(schema))} | \`${JSON.stringify(schema.default)}\` | ${
    cell(schema.description ?? "")
  } |`;
}

const HEAD = "| Key | Type | Default | What it does |\n|---|---|---|---|";

export function configReference(): string {
  const lines = [
    "# Configuration reference",
    "",
    "<!-- Generated from lib/startup/config.ts by `deno task docs`; do not edit. -->",
    "",
    "The service reads `config.json` (or the file named by `--config`). Each",
    "section is merged one level deep over the defaults below and validated on",
    "its own: a section with a bad value falls back to its defaults, and",
    "`GET /api/healthz` reports every problem in `config_error`. A missing file",
    "is created from `config.json.example`. Command-line flags override the file.",
    "",
    "## Top-level keys",
    "",
    HEAD,
  ];
  const sections: string[] = [];
  for (const [name, schema] of Object.entries(CONFIG_SECTIONS)) {
    const json = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
    if (json.type !== "object" || !json.properties) {
      lines.push(row(name, json));
      continue;
    }
    sections.push("", `## \`${name}\``, "", json.description ?? "", "", HEAD);
    for (const [key, field] of Object.entries(json.properties)) {
      sections.push(row(`${name}.${key}`, field));
    }
  }
  return [...lines, ...sections, ""].join("\n");
}

if (import.meta.main) {
  const target = new URL("../../docs/CONFIG.md", import.meta.url);
  Deno.writeTextFileSync(target, configReference());
  console.log(`wrote ${target.pathname}`);
}
