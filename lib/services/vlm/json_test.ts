// Tolerant reading of a model's JSON reply (lib/services/vlm/json.ts), as a table.

import { strict as assert } from "node:assert";
import { parseJsonObject, stripFences } from "./json.ts";

const PARSED: Array<[string, string, Record<string, unknown>]> = [
  ["plain", '{"a": 1}', { a: 1 }],
  ["surrounding whitespace", '  \n{"a": 1}\n  ', { a: 1 }],
  ["```json fence", '```json\n{"a": 1}\n```', { a: 1 }],
  ["bare ``` fence", '```\n{"a": [1, 2]}\n```', { a: [1, 2] }],
  ["fence on one line", '```{"a": 1}```', { a: 1 }],
  ["fence and CRLF", '```json\r\n{"a": 1}\r\n```', { a: 1 }],
  ["prose around it", 'Sure! Here it is:\n{"a": {"b": null}}\nHope that helps.', {
    a: { b: null },
  }],
  ["prose and a fence", 'Here:\n```json\n{"a": 1}\n```\nDone.', { a: 1 }],
  ["braces inside strings", '{"a": "}{"}', { a: "}{" }],
];

for (const [name, reply, expected] of PARSED) {
  Deno.test(`parseJsonObject reads ${name}`, () => {
    assert.deepEqual(parseJsonObject(reply), { ok: true, value: expected });
  });
}

const REFUSED: Array<[string, string, RegExp]> = [
  ["empty", "", /^empty response$/],
  ["only whitespace", " \n ", /^empty response$/],
  ["an empty fence", "```json\n```", /^empty response$/],
  ["a list", "[1, 2]", /^top-level JSON was not an object$/],
  ["a string", '"text"', /^top-level JSON was not an object$/],
  ["null", "null", /^top-level JSON was not an object$/],
  ["prose only", "I cannot help with that.", /JSON/],
  ["cut short", '{"a": [1, 2', /JSON/],
  ["two objects", '{"a": 1} {"b": 2}', /JSON/],
];

for (const [name, reply, error] of REFUSED) {
  Deno.test(`parseJsonObject refuses ${name}, saying why`, () => {
    const result = parseJsonObject(reply);
    assert.equal(result.ok, false);
    assert.match((result as { error: string }).error, error);
  });
}

Deno.test("stripFences leaves unfenced text alone but for trimming", () => {
  assert.equal(stripFences("  a ``` b  "), "a ``` b");
  assert.equal(stripFences("```python\nx\n```"), "x");
});
