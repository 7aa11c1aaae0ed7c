// docs/CONFIG.md is generated from the configuration schema; it must be
// current, and every key the service accepts must be documented there.

import { strict as assert } from "node:assert";
import { configReference } from "../lib/startup/config_reference.ts";
import { CONFIG_SECTIONS, defaultConfig } from "../lib/startup/config.ts";

const doc = configReference();

Deno.test("docs/CONFIG.md is what the generator writes (run `deno task docs`)", () => {
  const committed = Deno.readTextFileSync(new URL("../docs/CONFIG.md", import.meta.url));
  assert.equal(committed, doc);
});

Deno.test("every configuration key has a row with its default and a description", () => {
  const defaults = defaultConfig() as unknown as Record<string, unknown>;
  for (const [section, value] of Object.entries(defaults)) {
    const keys = typeof value === "object" && value !== null && !Array.isArray(value)
      ? Object.keys(value).map((k) => `${section}.${k}`)
      : [section];
    for (const key of keys) {
      const row = doc.split("\n").find((line) => line.startsWith(`| \`${key}\` |`));
      assert.ok(row, `${key} has no row`);
      const [, , , defaultCell, description] = row.split(/(?<!\\)\|/).map((c) => c.trim());
      const expected = key.includes(".")
        ? (value as Record<string, unknown>)[key.slice(section.length + 1)]
        : value;
      assert.equal(defaultCell, `\`${JSON.stringify(expected)}\``, key);
      assert.ok(description.length > 10, `${key} is not described`);
    }
  }
  assert.ok(Object.keys(CONFIG_SECTIONS).length >= 15);
});
