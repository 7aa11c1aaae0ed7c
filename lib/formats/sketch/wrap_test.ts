// lib/formats/sketch/wrap.ts against Python's textwrap.wrap(text, width); every expected
// value below was produced by CPython 3.11.

import assert from "node:assert/strict";
import { wrap } from "./wrap.ts";

Deno.test("wrap matches textwrap.wrap", () => {
  const cases: Array<[string, number, string[]]> = [
    ["Hello, world! This is a test document.", 10, [
      "Hello,",
      "world!",
      "This is a",
      "test",
      "document.",
    ]],
    // Long words are split at the width.
    ["supercalifragilisticexpialidocious", 10, ["supercalif", "ragilistic", "expialidoc", "ious"]],
    ["abc defghij", 3, ["abc", "def", "ghi", "j"]],
    ["emoji 😀😀😀😀 wrap", 6, ["emoji", "😀😀😀😀", "wrap"]],
    ["Ünïcödé wörds ärë cöüntéd by cödé pöïnts", 10, [
      "Ünïcödé",
      "wörds ärë",
      "cöüntéd by",
      "cödé",
      "pöïnts",
    ]],
    // Breaks after hyphens between letters, and after the last hyphen of a long word.
    ["well-known state-of-the-art example", 12, ["well-known", "state-of-", "the-art", "example"]],
    ["hello-world", 8, ["hello-", "world"]],
    ["a-b-c-d-e-f-g-h", 4, ["a-b-", "c-d-", "e-f-", "g-h"]],
    ["100-200 3-4", 5, ["100-", "200", "3-4"]],
    ["---------- x", 4, ["----", "----", "-- x"]],
    ["word--dash em--dash", 7, ["word--", "dash em", "--dash"]],
    // Whitespace: every kind is a space, dropped at line ends, kept at the very start.
    ["  leading and trailing  ", 8, ["leading", "and", "trailing"]],
    ["  hi there", 10, ["  hi there"]],
    ["line\nbreaks\r\nand\fform feeds", 9, ["line", "breaks", "and form", "feeds"]],
    ["a  b   c", 1, ["a", "b", "c"]],
    ["x  y", 3, ["x", "y"]],
    ["   ", 2, []],
    ["", 5, []],
    // Tabs expand to the next multiple of 8 first.
    ["a\tb", 20, ["a       b"]],
    ["ab\tc d", 20, ["ab      c d"]],
    ["tab\tseparated\twords", 12, ["tab", "separated", "words"]],
    ["x", 1, ["x"]],
    ["ab cd", 2, ["ab", "cd"]],
  ];
  for (const [text, width, lines] of cases) {
    assert.deepEqual(wrap(text, width), lines, `${JSON.stringify(text)} at ${width}`);
  }
});

Deno.test("wrap rejects a width below 1", () => {
  assert.throws(() => wrap("text", 0), RangeError);
});
