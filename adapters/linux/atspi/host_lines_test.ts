// linesOf (adapters/linux/atspi/host_protocol.ts): the worker and the AT-SPI
// host read each other's newline-delimited JSON chunk by chunk; a line may
// arrive in pieces, several in one chunk, or split inside a character.

import { strict as assert } from "node:assert";
import { linesOf } from "./host_protocol.ts";

const bytes = (text: string) => new TextEncoder().encode(text);
const euro = bytes("€"); // three bytes

const CASES: Array<[string, Uint8Array[], string[]]> = [
  ["one line, one chunk", [bytes('{"id":1}\n')], ['{"id":1}']],
  ["several lines in one chunk", [bytes("a\nb\nc\n")], ["a", "b", "c"]],
  ["a line in pieces", [bytes("ab"), bytes("c"), bytes("d\n")], ["abcd"]],
  ["an unfinished line is not a line", [bytes("a\nb")], ["a"]],
  ["empty lines", [bytes("\n\na\n")], ["", "", "a"]],
  [
    "a character split between chunks",
    [bytes("x"), euro.subarray(0, 1), euro.subarray(1), bytes("y\n")],
    ["x€y"],
  ],
  ["a line ends inside a later chunk", [bytes("ab"), bytes("c\nd"), bytes("e\n")], ["abc", "de"]],
  ["a chunk starts with the end of a line", [bytes("ab"), bytes("\ncd\n")], ["ab", "cd"]],
  [
    "a long line in many chunks, then another",
    [...Array.from({ length: 1000 }, () => bytes("xy")), bytes("\nz\n")],
    ["xy".repeat(1000), "z"],
  ],
  ["nothing", [], []],
];

for (const [name, chunks, expected] of CASES) {
  Deno.test(`linesOf: ${name}`, async () => {
    let i = 0;
    const got: string[] = [];
    for await (const line of linesOf(() => Promise.resolve(chunks[i++] ?? null))) got.push(line);
    assert.deepEqual(got, expected);
  });
}
