// docs/CONFIG.md is generated from the configuration schema; it must be
// current, and every key the service accepts must be documented there.

import { strict as assert } from "node:assert";
import { configReference } from "./config_reference.ts";
import { CONFIG_MD } from "./docs.ts";
import { CONFIG_SECTIONS, defaultConfig } from "../../formats/config/config.ts";

const doc = configReference();

Deno.test("docs/CONFIG.md is what the generator writes (run `deno task docs`)", () => {
  const committed = Deno.readTextFileSync(CONFIG_MD);
  assert.equal(committed, doc);
});

/** Every key with a value that is not itself a section of keys, dotted. */
function leaves(prefix: string, value: unknown): Array<[string, unknown]> {
  const nested = typeof value === "object" && value !== null && !Array.isArray(value) &&
    Object.keys(value).length > 0;
  return nested
    ? Object.entries(value).flatMap(([k, v]) => leaves(prefix ? `${prefix}.${k}` : k, v))
    : [[prefix, value]];
}

Deno.test("every configuration key has a row with its default and a description", () => {
  const keys = leaves("", defaultConfig());
  for (const [key, expected] of keys) {
    const row = doc.split("\n").find((line) => line.startsWith(`| \`${key}\` |`));
    assert.ok(row, `${key} has no row`);
    const [, , , defaultCell, description] = row.split(/(?<!\\)\|/).map((c) => c.trim());
    assert.equal(defaultCell, `\`${JSON.stringify(expected)}\``, key);
    assert.ok(description.length > 10, `${key} is not described`);
  }
  assert.ok(keys.some(([key]) => key === "safety.budgets.max_actions"), "nested keys are checked");
  assert.ok(Object.keys(CONFIG_SECTIONS).length >= 15);
});
