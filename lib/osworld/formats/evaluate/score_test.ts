import { strict as assert } from "node:assert";
import {
  evaluationSteps,
  EvaluatorSchema,
  scoreTask,
  scoreTaskJson,
  unknownMetrics,
} from "./score.ts";

const rule = (rules: unknown) => ({ type: "rule", rules });
const command = { type: "vm_command_line", command: "echo" };

Deno.test("single func: OSWorld's rename-directory task", () => {
  const evaluator = {
    func: "exact_match",
    result: command,
    expected: rule({ expected: "Directory exists.\n" }),
  };
  assert.deepEqual(
    scoreTaskJson(evaluator, {
      results: ["Directory exists.\n"],
      expecteds: [{ expected: "Directory exists.\n" }],
    }),
    { supported: true, score: 1, parts: [{ func: "exact_match", score: 1 }] },
  );
  const mismatch = scoreTaskJson(evaluator, {
    results: ["Directory does not exist.\n"],
    expecteds: [{ expected: "Directory exists.\n" }],
  });
  assert.ok(mismatch.supported && mismatch.score === 0);
});

const twoChecks = (conj?: "and" | "or") =>
  EvaluatorSchema.parse({
    func: ["fuzzy_match", "exact_match"],
    result: [command, command],
    expected: [rule({ expected: "abcd" }), rule({ expected: "x" })],
    ...(conj === undefined ? {} : { conj }),
  });

Deno.test("conj and: the mean when none is 0 (the default conj)", () => {
  const outcome = scoreTask(twoChecks(), {
    results: ["abce", "x"],
    expecteds: [{ expected: "abcd" }, { expected: "x" }],
  });
  assert.ok(outcome.supported);
  assert.equal(outcome.score, (0.75 + 1) / 2);
  assert.deepEqual(outcome.parts.map((p) => p.func), ["fuzzy_match", "exact_match"]);
});

Deno.test("conj and: 0 when any part is 0", () => {
  const outcome = scoreTask(twoChecks("and"), {
    results: ["abcd", "y"],
    expecteds: [{ expected: "abcd" }, { expected: "x" }],
  });
  assert.ok(outcome.supported && outcome.score === 0);
});

Deno.test("conj or: 1 when any part is 1", () => {
  const outcome = scoreTask(twoChecks("or"), {
    results: ["zzzz", "x"],
    expecteds: [{ expected: "abcd" }, { expected: "x" }],
  });
  assert.ok(outcome.supported && outcome.score === 1);
});

Deno.test("conj or: else the max", () => {
  const outcome = scoreTask(twoChecks("or"), {
    results: ["abce", "y"],
    expecteds: [{ expected: "abcd" }, { expected: "x" }],
  });
  assert.ok(outcome.supported && outcome.score === 0.75);
});

Deno.test("options: one object per func, a missing one is {}", () => {
  const evaluator = EvaluatorSchema.parse({
    func: ["literal_match", "literal_match"],
    result: [command, command],
    expected: [rule("ABC"), rule("ABC")],
    options: [{ ignore_case: true }, {}],
  });
  assert.deepEqual(evaluationSteps(evaluator).map((s) => s.options), [{ ignore_case: true }, {}]);
  const outcome = scoreTask(evaluator, { results: ["abc", "abc"], expecteds: ["ABC", "ABC"] });
  assert.deepEqual(outcome, {
    supported: true,
    score: 0,
    parts: [{ func: "literal_match", score: 1 }, { func: "literal_match", score: 0 }],
  });
});

Deno.test("single getters serve a single func; list lengths must agree", () => {
  const steps = evaluationSteps(
    EvaluatorSchema.parse({ func: "check_list", result: { type: "vm_file", path: "/a" } }),
  );
  assert.deepEqual(steps, [{
    func: "check_list",
    result: { type: "vm_file", path: "/a" },
    expected: undefined,
    options: {},
  }]);
  assert.throws(
    () => evaluationSteps(EvaluatorSchema.parse({ func: ["a", "b"], result: [command] })),
    RangeError,
  );
});

Deno.test("unknown metrics are reported by name, once, never passed", () => {
  const evaluator = EvaluatorSchema.parse({
    func: ["compare_table", "exact_match", "compare_pdfs", "compare_pdfs"],
    conj: "or",
  });
  assert.deepEqual(unknownMetrics(evaluator), ["compare_table", "compare_pdfs"]);
  assert.deepEqual(scoreTask(evaluator, { results: [], expecteds: [] }), {
    supported: false,
    unknown: ["compare_table", "compare_pdfs"],
  });
});

Deno.test("infeasible: 1 only when the last action is FAIL", () => {
  const evaluator = EvaluatorSchema.parse({ func: "infeasible" });
  const evidence = { results: [undefined], expecteds: [undefined] };
  assert.deepEqual(scoreTask(evaluator, { ...evidence, lastAction: { kind: "fail" } }), {
    supported: true,
    score: 1,
    parts: [{ func: "infeasible", score: 1 }],
  });
  for (const lastAction of [{ kind: "done" } as const, undefined]) {
    const outcome = scoreTask(evaluator, { ...evidence, lastAction });
    assert.ok(outcome.supported && outcome.score === 0);
  }
});

Deno.test("FAIL on a feasible task scores 0 even if the checks pass", () => {
  const outcome = scoreTaskJson(
    { func: "exact_match", result: command, expected: rule({ expected: "ok" }) },
    { results: ["ok"], expecteds: [{ expected: "ok" }], lastAction: { kind: "fail" } },
  );
  assert.ok(outcome.supported && outcome.score === 0);
});

Deno.test("malformed evaluators are refused by the schema", () => {
  for (const bad of [{}, { func: [] }, { func: "exact_match", conj: "xor" }, { func: 3 }]) {
    assert.equal(EvaluatorSchema.safeParse(bad).success, false);
  }
  assert.throws(() => scoreTaskJson({ func: 1 }, { results: [], expecteds: [] }));
});

Deno.test("evidence must have one result and one expected per func", () => {
  assert.throws(
    () => scoreTask(EvaluatorSchema.parse({ func: "exact_match" }), { results: [], expecteds: [] }),
    RangeError,
  );
});

Deno.test("a tree query outside the supported XPath is unsupported, not scored", () => {
  const evaluator = EvaluatorSchema.parse({
    func: "check_accessibility_tree",
    result: { type: "accessibility_tree" },
    expected: { type: "rule", rules: [{ xpath: "//push-button[ends-with(@name, 'x')]" }] },
  });
  const xml = '<desktop-frame><push-button name="x"/></desktop-frame>';
  const verdict = scoreTask(evaluator, {
    results: [xml],
    expecteds: [[{ xpath: "//push-button[ends-with(@name, 'x')]" }]],
  });
  assert.equal(verdict.supported, false);
  assert.match(
    verdict.supported ? "" : verdict.unknown[0],
    /check_accessibility_tree: .*ends-with/,
  );
});
