import { strict as assert } from "node:assert";
import { markUntrusted, sanitizeString } from "../lib/core/untrusted.ts";

const CASES: Array<[string, string]> = [
  ["a\x1b[31mred\x1b[0mb", "aredb"],
  ["x\x1b]0;evil title\x07y", "xy"],
  ["x\x1b]0;evil\x1b\\y", "xy"],
  ["x\x1b]unterminated", "x"],
  ["a\x00b\x08c\x7fd", "abcd"],
  ["keep\ttab\nline\rcr", "keep\ttab\nline\rcr"],
  ["a\x1bMb", "ab"],
  ["c1\x85\x9fz", "c1z"],
  ["Grüße ✓ 日本 — ok", "Grüße ✓ 日本 — ok"],
];

for (const [input, expected] of CASES) {
  Deno.test(`sanitizeString(${JSON.stringify(input)})`, () => {
    assert.equal(sanitizeString(input), expected);
  });
}

Deno.test("markUntrusted walks objects and arrays, leaves pass-through keys alone", () => {
  const out = markUntrusted({
    title: "a\x1b[1mb",
    nested: [{ name: "x\x07y" }],
    data: "raw\x07",
    tree_token: "tt:\x01",
    count: 3,
  });
  assert.deepEqual(out, {
    title: "ab",
    nested: [{ name: "xy" }],
    data: "raw\x07",
    tree_token: "tt:\x01",
    count: 3,
    untrusted: true,
  });
});
