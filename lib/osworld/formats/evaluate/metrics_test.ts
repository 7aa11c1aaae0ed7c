import { strict as assert } from "node:assert";
import {
  checkIncludeExclude,
  checkJson,
  checkList,
  exactMatch,
  fileContains,
  fuzzyMatch,
  infeasibleScore,
  isInList,
  literalMatch,
  matchInList,
} from "./metrics.ts";
import { fuzzRatio, indelDistance } from "./fuzz_ratio.ts";
import { type Metric } from "./metric.ts";

type Case = [
  name: string,
  result: unknown,
  expected: unknown,
  options: Record<string, unknown>,
  score: number,
];

const TABLES: Array<[string, Metric, Case[]]> = [
  ["exact_match", exactMatch, [
    ["equal strings", "Directory exists.\n", { expected: "Directory exists.\n" }, {}, 1],
    ["trailing newline differs", "Directory exists.", { expected: "Directory exists.\n" }, {}, 0],
    ["empty strings", "", { expected: "" }, {}, 1],
    ["unicode", "日本語✓", { expected: "日本語✓" }, {}, 1],
    ["deep lists", [1, { a: "x" }], { expected: [1, { a: "x" }] }, {}, 1],
    ["True == 1 as in Python", true, { expected: 1 }, {}, 1],
    ["null result", null, { expected: "x" }, {}, 0],
    ["rule without expected key", "x", { wanted: "x" }, {}, 0],
    ["rules not a dict", "x", "x", {}, 0],
  ]],
  ["fuzzy_match", fuzzyMatch, [
    ["identical", "hello", { expected: "hello" }, {}, 1],
    ["kitten/sitting", "kitten", { expected: "sitting" }, {}, 1 - 5 / 13],
    ["rapidfuzz doc example", "this is a test", { expected: "this is a test!" }, {}, 28 / 29],
    ["both empty", "", { expected: "" }, {}, 1],
    ["one empty", "", { expected: "abc" }, {}, 0],
    ["code points not UTF-16 units", "😀a", { expected: "a" }, {}, 2 / 3],
    ["accent", "café", { expected: "cafe" }, {}, 0.75],
    ["null result", null, { expected: "abc" }, {}, 0],
    ["number result", 12, { expected: "12" }, {}, 0],
  ]],
  ["check_include_exclude", checkIncludeExclude, [
    [
      "includes all, excludes none",
      "alpha beta",
      { include: ["alpha", "beta"], exclude: ["gamma"] },
      {},
      1,
    ],
    ["missing include", "alpha", { include: ["alpha", "beta"] }, {}, 0],
    ["present exclude", "alpha gamma", { include: ["alpha"], exclude: ["gamma"] }, {}, 0],
    ["no rules at all", "anything", {}, {}, 1],
    ["empty result with include", "", { include: ["a"] }, {}, 0],
    ["empty include string is in any text", "", { include: [""] }, {}, 1],
    ["null result", null, { include: [] }, {}, 0],
    ["list result uses membership", ["a", "b"], { include: ["a"], exclude: ["c"] }, {}, 1],
    ["number result is not iterable", 5, { include: ["5"] }, {}, 0],
    ["non-string include on text", "5", { include: [5] }, {}, 0],
  ]],
  ["is_in_list", isInList, [
    ["member of list", ["a", "b"], { expected: "b" }, {}, 1],
    ["not a member", ["a", "b"], { expected: "c" }, {}, 0],
    ["substring of text", "hello world", { expected: "world" }, {}, 1],
    ["null result", null, { expected: "a" }, {}, 0],
    ["dict member", { x: 1 }, { expected: { x: 1 } }, {}, 0],
    ["dict list member", [{ x: 1 }], { expected: { x: 1 } }, {}, 1],
  ]],
  ["match_in_list", matchInList, [
    ["result in list", "b", { expected: ["a", "b"] }, {}, 1],
    ["result not in list", "z", { expected: ["a", "b"] }, {}, 0],
    ["null result not in list", null, { expected: ["a"] }, {}, 0],
    ["null in list", null, { expected: [null] }, {}, 1],
    ["expected text substring", "ell", { expected: "hello" }, {}, 1],
    ["expected missing", "a", {}, {}, 0],
  ]],
  ["literal_match", literalMatch, [
    ["same string", "abc", "abc", {}, 1],
    ["case differs", "ABC", "abc", {}, 0],
    ["ignore_case", "ABC", "abc", { ignore_case: true }, 1],
    ["str() of a number", 42, "42", {}, 1],
    ["str() of None", null, "None", {}, 1],
    ["str() of a bool", true, "True", {}, 1],
    ["str() of a list", ["a", 1], "['a', 1]", {}, 1],
    ["list type equal", ["a", 1], ["a", "1"], { type: "list" }, 1],
    ["list type ignore_case", ["A"], ["a"], { type: "list", ignore_case: true }, 1],
    ["list length differs", ["a"], ["a", "b"], { type: "list" }, 0],
    ["list type on a string", "a", ["a"], { type: "list" }, 0],
    ["unknown type", "a", "a", { type: "set" }, 0],
    ["unicode", "Ünïcode", "ünïcode", { ignore_case: true }, 1],
  ]],
  ["file_contains", fileContains, [
    ["all present", "line one\nline two\n", { expected: ["one", "two"] }, {}, 1],
    ["one missing", "line one\n", { expected: ["one", "two"] }, {}, 0],
    ["missing file", null, { expected: ["one"] }, {}, 0],
    ["empty file, nothing expected", "", { expected: [] }, {}, 1],
    ["empty file, something expected", "", { expected: ["x"] }, {}, 0],
    ["expected string iterates characters", "abc", { expected: "ca" }, {}, 1],
    ["non-string expected item", "1", { expected: [1] }, {}, 0],
    ["no expected key", "abc", {}, {}, 0],
    ["result not text", 3, { expected: ["3"] }, {}, 0],
  ]],
  ["check_list", checkList, [
    ["expect found on lines", "apple\nbanana\n", { expect: ["^ban", "pl"] }, {}, 1],
    ["expect not found", "apple\n", { expect: ["^ban"] }, {}, 0],
    ["unexpect found", "apple\ncherry\n", { expect: ["apple"], unexpect: ["cherry"] }, {}, 0],
    ["unexpect absent", "apple\n", { expect: ["apple"], unexpect: ["cherry"] }, {}, 1],
    ["patterns are per line", "ab\ncd\n", { expect: ["b.c"] }, {}, 0],
    ["$ before the line's newline", "done\r\n", { expect: ["^done$"] }, {}, 1],
    ["empty file with expect", "", { expect: ["x"] }, {}, 0],
    ["empty file, unexpect only", "", { unexpect: ["x"] }, {}, 1],
    ["missing file", null, { expect: [] }, {}, 0],
    ["invalid regex scores 0", "a\n", { expect: ["(a"] }, {}, 0],
    ["unicode pattern", "naïve café\n", { expect: ["ï.*é$"] }, {}, 1],
  ]],
  ["check_json", checkJson, [
    [
      "eq on nested key",
      { editor: { fontSize: 14 } },
      {
        expect: [{ key: ["editor", "fontSize"], method: "eq", ref: 14 }],
      },
      {},
      1,
    ],
    ["eq mismatch", { a: 1 }, { expect: [{ key: ["a"], method: "eq", ref: 2 }] }, {}, 0],
    ["missing expect key", { a: 1 }, { expect: [{ key: ["b"], method: "eq", ref: 1 }] }, {}, 0],
    [
      "list index and negative index",
      { a: [1, 2, 3] },
      {
        expect: [{ key: ["a", 0], method: "eq", ref: 1 }, { key: ["a", -1], method: "eq", ref: 3 }],
      },
      {},
      1,
    ],
    [
      "regex with flag",
      { name: "Dark Theme" },
      {
        expect: [{ key: ["name"], method: "re.I", ref: "^dark" }],
      },
      {},
      1,
    ],
    [
      "regex on a number scores 0",
      { n: 5 },
      { expect: [{ key: ["n"], method: "re", ref: "5" }] },
      {},
      0,
    ],
    [
      "approx within threshold",
      { v: "1.04" },
      {
        expect: [{ key: ["v"], method: "approx:0.05", ref: 1 }],
      },
      {},
      1,
    ],
    [
      "ordering",
      { v: 3 },
      {
        expect: [{ key: ["v"], method: "gt", ref: 2 }, { key: ["v"], method: "le", ref: 3 }],
      },
      {},
      1,
    ],
    ["range.te", { v: 5 }, { expect: [{ key: ["v"], method: "range.te", ref: [4, 5] }] }, {}, 1],
    [
      "str_set_eq",
      { v: "'b,a'" },
      {
        expect: [{ key: ["v"], method: "str_set_eq", ref: ["a", "b"] }],
      },
      {},
      1,
    ],
    [
      "unexpect key absent is None",
      { a: 1 },
      {
        unexpect: [{ key: ["b"], method: "eq", ref: 1 }],
      },
      {},
      1,
    ],
    ["unexpect matches", { a: 1 }, { unexpect: [{ key: ["a"], method: "eq", ref: 1 }] }, {}, 0],
    [
      "unexpect None eq None matches",
      { a: 1 },
      {
        unexpect: [{ key: ["b"], method: "eq", ref: null }],
      },
      {},
      0,
    ],
    [
      "unexpect index out of range aborts",
      { a: [] },
      {
        unexpect: [{ key: ["a", 0], method: "eq", ref: 1 }],
      },
      {},
      0,
    ],
    [
      "unknown method scores 0",
      { a: 1 },
      { expect: [{ key: ["a"], method: "spreadsheet_range", ref: 1 }] },
      {},
      0,
    ],
    ["missing file", null, { expect: [] }, {}, 0],
    ["no rules", { a: 1 }, {}, {}, 1],
  ]],
];

for (const [metricName, metric, cases] of TABLES) {
  for (const [name, result, expected, options, score] of cases) {
    Deno.test(`${metricName}: ${name}`, () => {
      const actual = metric(result, expected, options);
      assert.ok(Math.abs(actual - score) < 1e-9, `got ${actual}, want ${score}`);
    });
  }
}

Deno.test("indel distance counts insertions and deletions only", () => {
  assert.equal(indelDistance("abc", "abd"), 2);
  assert.equal(indelDistance("", "ab"), 2);
  assert.equal(fuzzRatio("abc", "cba"), 1 - 4 / 6);
});

Deno.test("infeasible: 1 only after FAIL", () => {
  assert.equal(infeasibleScore({ kind: "fail" }), 1);
  assert.equal(infeasibleScore({ kind: "done" }), 0);
  assert.equal(infeasibleScore(undefined), 0);
});
