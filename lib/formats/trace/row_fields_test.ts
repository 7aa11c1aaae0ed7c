import assert from "node:assert/strict";
import { summarizeResult } from "./row_fields.ts";

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

// [label, the receipt's target, the bounds the row keeps]
const TARGETS: Array<[string, Record<string, unknown>, unknown]> = [
  ["screen bounds", { selector: "#ok", bounds: box(200, 280, 100, 28) }, box(200, 280, 100, 28)],
  [
    "a receipt in another coordinate space: its screen bounds",
    {
      selector: "#ok",
      bounds: box(104.17, 259.26, 52.08, 25.93),
      screen_bounds: box(200, 280, 100, 28),
    },
    box(200, 280, 100, 28),
  ],
  ["no bounds", { selector: null, bounds: null }, undefined],
];

for (const [label, target, kept] of TARGETS) {
  Deno.test(`summarizeResult keeps where the action landed on the screen: ${label}`, () => {
    const summary = summarizeResult({ ok: true, coordinate_space: "normalized", target });
    assert.deepEqual((summary.target as Record<string, unknown>).bounds, kept);
    assert.equal(summary.coordinate_space, "normalized");
  });
}
