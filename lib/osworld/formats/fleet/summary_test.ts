import { strict as assert } from "node:assert";
import { summarize, summarizeTask, type TaskFolder } from "./summary.ts";
import { reportHtml } from "./report.ts";

const T0 = "2026-11-30T10:00:00.000Z";
const T1 = "2026-11-30T10:01:00.000Z";
const T2 = "2026-11-30T10:02:00.000Z";

const attempt = (fields: Record<string, unknown>) =>
  JSON.stringify({ attempt: crypto.randomUUID(), pod: "p", index: 0, started: T0, ...fields });

function folder(id: string, fields: Partial<TaskFolder>): TaskFolder {
  return {
    actionSpace: "pyautogui",
    observation: "a11y_tree",
    model: "m",
    domain: "calc",
    id,
    result: null,
    trajLines: 0,
    attempts: [],
    ...fields,
  };
}

const CASES: Array<[string, TaskFolder, Record<string, unknown>]> = [
  [
    "scored at the first attempt",
    folder("a", {
      result: "1\n",
      trajLines: 3,
      attempts: [attempt({ finished: T1, seconds: 60, outcome: "scored", score: 1, steps: 3 })],
    }),
    { status: "scored", score: 1, steps: 3, seconds: 60, attempts: 1, failures: [] },
  ],
  [
    "a pod killed mid-task, then scored by the next pod",
    folder("b", {
      result: "0\n",
      trajLines: 2,
      attempts: [
        attempt({ started: T1, finished: T2, seconds: 42, outcome: "scored", score: 0, steps: 2 }),
        attempt({}),
      ],
    }),
    { status: "scored", score: 0, seconds: 42, attempts: 2, failures: ["pod-ended"] },
  ],
  [
    "the model failed twice: no result",
    folder("c", {
      attempts: [
        attempt({ finished: T1, seconds: 1, outcome: "failed", cause: "model", message: "x" }),
        attempt({ started: T1, finished: T2, seconds: 1, outcome: "failed", cause: "model" }),
      ],
    }),
    { status: "failed", score: null, attempts: 2, failures: ["model", "model"] },
  ],
  [
    "unsupported",
    folder("d", {
      result: "unsupported\n",
      attempts: [attempt({ finished: T1, seconds: 2, outcome: "unsupported", score: null })],
    }),
    { status: "unsupported", score: null, failures: [] },
  ],
  [
    "records that do not fit are reported, not trusted",
    folder("e", { result: "2\n", attempts: ["{", attempt({ score: 7 })] }),
    { status: "failed", score: null, attempts: 0, problems: 3 },
  ],
];

for (const [name, input, expected] of CASES) {
  Deno.test(`summarizeTask: ${name}`, () => {
    const summary = summarizeTask(input);
    for (const [key, value] of Object.entries(expected)) {
      const actual = key === "problems" ? summary.problems.length : summary[key as "status"];
      assert.deepEqual(actual, value, `${key}: ${JSON.stringify(summary)}`);
    }
  });
}

Deno.test("summarize: totals, OSWorld's per-domain rate, failures by cause, tasks not run", () => {
  const folders = CASES.slice(0, 4).map(([, f]) => f);
  folders.push(
    folder("w", {
      domain: "writer",
      result: "1\n",
      attempts: [attempt({ finished: T1, seconds: 30, outcome: "scored", score: 1 })],
    }),
  );
  const [run] = summarize(folders, [{ domain: "writer", id: "w" }, { domain: "writer", id: "x" }]);
  assert.deepEqual(run.totals, {
    tasks: 6,
    scored: 3,
    unsupported: 1,
    failed: 1,
    notRun: 1,
    score: 2,
    rate: 0.333,
    podSeconds: 136,
    meanSeconds: 44,
    attempts: 7,
  });
  assert.deepEqual(run.domains, [
    { domain: "calc", tasks: 4, score: 1, rate: 0.25 },
    { domain: "writer", tasks: 2, score: 1, rate: 0.5 },
  ]);
  assert.deepEqual(run.failuresByCause, { "pod-ended": 1, model: 2 });
  assert.deepEqual(run.tasks.map((t) => `${t.domain}/${t.id}`), [
    "calc/a",
    "calc/b",
    "calc/c",
    "calc/d",
    "writer/w",
    "writer/x",
  ]);
  const two = summarize([folder("a", {}), folder("a", { model: "other" })]);
  assert.equal(two.length, 2, "one run per model (and action space, observation)");
});

Deno.test("reportHtml escapes what it shows and names every task", () => {
  const hostile = folder("<script>alert(1)</script>", { domain: "d&d", result: "1\n" });
  const html = reportHtml(summarize([hostile, CASES[1][1]]), "Suite <x>");
  assert.ok(!html.includes("<script>"), "no markup from the results");
  assert.ok(html.includes("&lt;script&gt;alert(1)&lt;/script&gt;"));
  assert.ok(html.includes("d&amp;d") && html.includes("Suite &lt;x&gt;"));
  assert.match(html, /the pod ended mid-task/);
});
