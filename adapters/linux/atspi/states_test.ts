// stateRecord and hasState against the plain reading of a state set: the core states in
// their order, true or false, then each other state that is set, in AT-SPI's
// order; bits above 31 included.

import { strict as assert } from "node:assert";
import { hasState, stateRecord } from "./states.ts";
import { CORE_STATES } from "../../../lib/model/tree.ts";
import { STATE_NAMES } from "../ffi/atspi.ts";

/** The plain reading, bit by bit. */
function expected(bits: bigint): Array<[string, boolean]> {
  const on = (name: string) =>
    ((bits >> BigInt((STATE_NAMES as readonly string[]).indexOf(name))) & 1n) === 1n;
  const core = CORE_STATES.map((name): [string, boolean] => [name, on(name)]);
  const others = STATE_NAMES.filter((name, i) =>
    i > 0 && !(CORE_STATES as readonly string[]).includes(name) && on(name)
  );
  return [...core, ...others.map((name): [string, boolean] => [name, true])];
}

const set = (...names: string[]) =>
  names.reduce(
    (bits, name) => bits | (1n << BigInt((STATE_NAMES as readonly string[]).indexOf(name))),
    0n,
  );

const CASES: Array<[string, bigint]> = [
  ["nothing set", 0n],
  ["a showing, focusable button", set("enabled", "sensitive", "showing", "visible", "focusable")],
  ["a checked check box with others", set("checkable", "checked", "armed", "opaque")],
  ["the highest states", set(...STATE_NAMES.slice(-4))],
  ["every state", set(...STATE_NAMES.slice(1))],
];

for (const [what, bits] of CASES) {
  Deno.test(`stateRecord: ${what}`, () => {
    assert.deepEqual(Object.entries(stateRecord(bits)), expected(bits));
    STATE_NAMES.forEach((_, i) => {
      assert.equal(hasState(bits, i), ((bits >> BigInt(i)) & 1n) === 1n, `state ${i}`);
    });
  });
}
