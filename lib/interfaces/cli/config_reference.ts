// docs/CONFIG.md, generated from the configuration's own zod schema so the
// reference cannot drift from what the service accepts. Run as a script
// (`deno task docs`, after docs/API.md) it rewrites the file; lib/interfaces/cli/config_reference_test.ts
// checks the file is current.

import { z } from "zod";
import { CONFIG_SECTIONS } from "../../formats/config/config.ts";
import { defaultText, descriptionOf, typeWithLimits } from "../openapi/markdown_schema.ts";
import { cell, code, table } from "../openapi/markdown_text.ts";
import type { JsonSchema } from "../openapi/types.ts";

const HEADER = ["Key", "Type", "Default", "What it does"];

function row(key: string, schema: JsonSchema): string[] {
  return [
    code(key),
    cell(typeWithLimits(schema)),
    cell(defaultText(schema)),
    cell(descriptionOf(schema)),
  ];
}

/** One row per key; a nested object's keys get rows of their own (safety.budgets.max_actions). */
function rowsOf(prefix: string, fields: Record<string, JsonSchema>): string[][] {
  return Object.entries(fields).flatMap(([key, field]) => {
    const nested = field.type === "object" ? field.properties as Record<string, JsonSchema> : null;
    return nested && Object.keys(nested).length > 0
      ? rowsOf(`${prefix}.${key}`, nested)
      : [row(`${prefix}.${key}`, field)];
  });
}

export function configReference(): string {
  const lines = [
    "# Configuration reference",
    "",
    "<!-- Generated from lib/formats/config/config.ts by `deno task docs`; do not edit. -->",
    "",
    "The service reads `config.json` (or the file named by `--config`). Each",
    "section is merged one level deep over the defaults below and validated on",
    "its own: a section with a bad value falls back to its defaults, and",
    "`GET /api/healthz` reports every problem in `config_error`. A missing file",
    "is created from `config.json.example`. Command-line flags override the file.",
    "",
    "## Top-level keys",
    "",
  ];
  const topLevel: string[][] = [];
  const sections: string[] = [];
  for (const [name, schema] of Object.entries(CONFIG_SECTIONS)) {
    const json = z.toJSONSchema(schema, { io: "input" }) as JsonSchema;
    const fields = json.properties as Record<string, JsonSchema> | undefined;
    if (json.type !== "object" || !fields) {
      topLevel.push(row(name, json));
      continue;
    }
    const rows = rowsOf(name, fields);
    sections.push("", `## \`${name}\``, "", descriptionOf(json), "", table(HEADER, rows));
  }
  return [...lines, table(HEADER, topLevel), ...sections, ""].join("\n");
}
