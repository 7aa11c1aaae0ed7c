// Which cut a capture reports once an application did not answer, whatever
// order the walk met the limits in.

import { strict as assert } from "node:assert";
import { type CutShort, withUnresponsive } from "./types.ts";

const CASES: Array<[CutShort, CutShort]> = [
  [null, "unresponsive"],
  ["depth", "unresponsive"],
  ["unresponsive", "unresponsive"],
  ["nodes", "nodes"],
  ["time", "time"],
];

for (const [before, after] of CASES) {
  Deno.test(`a silent application after a ${before ?? "clean"} walk: ${after}`, () => {
    assert.equal(withUnresponsive(before), after);
  });
}
