import { strict as assert } from "node:assert";
import { SuiteError, suiteOf, type TaskFile } from "./suite.ts";

const task = (id: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ id, instruction: `do ${id}`, ...extra });

Deno.test("suiteOf: domains from folders, sorted by domain then id, indexes in that order", () => {
  const files: TaskFile[] = [
    { path: "writer/b.json", text: task("b") },
    { path: "calc/z.json", text: task("z") },
    { path: "calc/a.json", text: task("a") },
    { path: "top.json", text: task("top") },
    { path: "calc/notes.txt", text: "not a task" },
  ];
  const suite = suiteOf(files, "mine");
  assert.deepEqual(
    suite.map((t) => [t.index, t.domain, t.id]),
    [[0, "calc", "a"], [1, "calc", "z"], [2, "mine", "top"], [3, "writer", "b"]],
  );
  assert.equal(suite[3].text, files[0].text, "the file's text is passed on unchanged");
});

const REFUSED: Array<[string, TaskFile[], RegExp]> = [
  ["no task at all", [{ path: "a.txt", text: "" }], /no task files/],
  ["not JSON", [{ path: "d/a.json", text: "{" }], /not JSON/],
  ["no id", [{ path: "d/a.json", text: '{"instruction":"x"}' }], /needs its id/],
  ["no instruction", [{ path: "d/a.json", text: '{"id":"a"}' }], /instruction/],
  ["an id with a slash", [{ path: "d/a.json", text: task("../a") }], /task id/],
  ["a domain that is no name", [{ path: "a b/a.json", text: task("a") }], /cannot name a domain/],
  ["too deep", [{ path: "d/e/a.json", text: task("a") }], /one level deep/],
  [
    "the same id twice in a domain",
    [{ path: "d/a.json", text: task("a") }, { path: "d/b.json", text: task("a") }],
    /two tasks are d\/a/,
  ],
];
for (const [name, files, message] of REFUSED) {
  Deno.test(`suiteOf refuses ${name}`, () => {
    assert.throws(() => suiteOf(files, "top"), (e: Error) => {
      assert.ok(e instanceof SuiteError);
      assert.match(e.message, message);
      return true;
    });
  });
}
