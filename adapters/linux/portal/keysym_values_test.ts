import { strict as assert } from "node:assert";
import { keysymValue } from "./keysym_values.ts";

const CASES: Array<[string, number]> = [
  ["ctrl", 0xffe3],
  ["shift", 0xffe1],
  ["enter", 0xff0d],
  ["\n", 0xff0d],
  ["pageup", 0xff55],
  ["f1", 0xffbe],
  ["f12", 0xffc9],
  ["a", 0x61],
  ["A", 0x41],
  ["é", 0xe9],
  ["€", 0x10020ac],
];
for (const [key, value] of CASES) {
  Deno.test(`keysymValue(${JSON.stringify(key)}) = 0x${value.toString(16)}`, () => {
    assert.equal(keysymValue(key), value);
  });
}
