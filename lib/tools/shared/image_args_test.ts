// The format and quality arguments of the screenshot tools and of the v1
// GET /api/screenshot query, value by value.

import { strict as assert } from "node:assert";
import { encodingOf } from "./image_args.ts";
import { TOOLS } from "../index.ts";
import { firstIssue, screenshotQuery } from "../../../routes/legacy_params.ts";
import { formatIssues } from "../../runtime/answer.ts";

const SCREENSHOT_TOOLS = ["get_screenshot", "get_screenshot_cropped", "get_full_screenshot"];

/** Tool arguments → the encoding they ask for, or the field a 400 must name. */
const TOOL_CASES: Array<[Record<string, unknown>, { ok: unknown } | { field: string }]> = [
  [{}, { ok: { format: "png" } }],
  [{ quality: 10 }, { ok: { format: "png" } }],
  [{ format: "png" }, { ok: { format: "png" } }],
  [{ format: "jpeg" }, { ok: { format: "jpeg", quality: 80 } }],
  [{ format: "jpeg", quality: 1 }, { ok: { format: "jpeg", quality: 1 } }],
  [{ format: "jpeg", quality: 100 }, { ok: { format: "jpeg", quality: 100 } }],
  [{ format: "webp" }, { field: "format" }],
  [{ format: "JPEG" }, { field: "format" }],
  [{ format: "" }, { field: "format" }],
  [{ format: 1 }, { field: "format" }],
  [{ format: "jpeg", quality: 0 }, { field: "quality" }],
  [{ format: "jpeg", quality: 101 }, { field: "quality" }],
  [{ format: "jpeg", quality: 50.5 }, { field: "quality" }],
  [{ format: "jpeg", quality: "80" }, { field: "quality" }],
  [{ format: "jpeg", quality: -1 }, { field: "quality" }],
];

for (const name of SCREENSHOT_TOOLS) {
  Deno.test(`${name}: format and quality, accepted and refused`, () => {
    const schema = TOOLS.get(name)!.input;
    for (const [args, want] of TOOL_CASES) {
      const label = JSON.stringify(args);
      const parsed = schema.safeParse(args);
      if ("ok" in want) {
        assert.ok(parsed.success, label);
        assert.deepEqual(encodingOf(parsed.data as Record<string, never>), want.ok, label);
      } else {
        assert.ok(!parsed.success, label);
        assert.match(formatIssues(parsed.error), new RegExp(`^${want.field}: `), label);
      }
    }
  });
}

/** Query text → the encoding, or the v1 message. */
const QUERY_CASES: Array<[Record<string, string>, { ok: unknown } | { error: string }]> = [
  [{}, { ok: { format: "png" } }],
  [{ format: "jpeg" }, { ok: { format: "jpeg", quality: 80 } }],
  [{ format: "jpeg", quality: "55" }, { ok: { format: "jpeg", quality: 55 } }],
  [{ format: "jpeg", quality: " 100 " }, { ok: { format: "jpeg", quality: 100 } }],
  [{ format: "png", quality: "55" }, { ok: { format: "png" } }],
  [{ format: "webp" }, { error: "format must be png or jpeg" }],
  [{ format: "" }, { error: "format must be png or jpeg" }],
  [{ quality: "high" }, { error: "quality must be an integer" }],
  [{ quality: "7.5" }, { error: "quality must be an integer" }],
  [{ quality: "0" }, { error: "quality must be between 1 and 100" }],
  [{ quality: "101" }, { error: "quality must be between 1 and 100" }],
];

Deno.test("GET /api/screenshot's query: format and quality, accepted and refused", () => {
  for (const [query, want] of QUERY_CASES) {
    const label = JSON.stringify(query);
    const parsed = screenshotQuery.safeParse(query);
    if ("ok" in want) {
      assert.ok(parsed.success, label);
      assert.deepEqual(encodingOf(parsed.data), want.ok, label);
    } else {
      assert.ok(!parsed.success, label);
      assert.equal(firstIssue(parsed.error), want.error, label);
    }
  }
});
