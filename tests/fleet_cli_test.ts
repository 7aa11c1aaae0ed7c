// deno task fleet without a cluster or containers: render prints the suite's
// manifests without the key, apply hands them (the key's Secret included) to
// kubectl's standard input and prints no key, collect summarizes a results
// folder, and bad flags get a message and exit code 2.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { parseAllDocuments } from "yaml";

const CLI = new URL("../lib/osworld/interfaces/fleet/cli.ts", import.meta.url).pathname;
const TASKS = new URL("./fixtures/fleet/tasks/", import.meta.url).pathname;
const KEY = "sk-cli-test-93e1c7a0b2";

async function fleet(args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", CLI, ...args],
    env: { NO_COLOR: "1", ...env },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const decoder = new TextDecoder();
  return { code: out.code, out: decoder.decode(out.stdout), err: decoder.decode(out.stderr) };
}

const SUITE = ["--tasks", TASKS, "--model", "m1", "--base-url", "https://models.example/v1"];

Deno.test("fleet render: the ConfigMap, the claim and the Job, no Secret and no key", async () => {
  const { code, out, err } = await fleet(["render", ...SUITE, "--parallelism", "3"], {
    OSO_AGENT_API_KEY: KEY,
  });
  assert.equal(code, 0, err);
  const docs = parseAllDocuments(out).map((d) => d.toJS());
  assert.deepEqual(docs.map((d) => d.kind), ["ConfigMap", "PersistentVolumeClaim", "Job"]);
  const job = docs[2];
  assert.equal(job.metadata.name, "tasks", "named after the task folder");
  assert.equal(job.spec.completions, 4);
  assert.equal(job.spec.parallelism, 3);
  assert.equal(job.spec.backoffLimit, 4, "by default, one failure per task");
  assert.ok(!out.includes(KEY) && !err.includes(KEY));
  assert.match(out, /kubectl create secret generic tasks-model/);
});

Deno.test("fleet apply: everything to kubectl's stdin, the Secret with the key; the key printed nowhere", async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-fleet-cli-" });
  try {
    const kubectl = join(dir, "kubectl");
    await Deno.writeTextFile(
      kubectl,
      `#!/bin/sh\necho "$@" > "${dir}/args"\ncat > "${dir}/stdin"\n`,
    );
    await Deno.chmod(kubectl, 0o755);
    const { code, out, err } = await fleet(
      ["apply", ...SUITE, "--name", "nightly", "--kubectl", kubectl],
      { OSO_AGENT_API_KEY: KEY },
    );
    assert.equal(code, 0, err);
    assert.equal((await Deno.readTextFile(join(dir, "args"))).trim(), "apply -f -");
    const docs = parseAllDocuments(await Deno.readTextFile(join(dir, "stdin"))).map((d) =>
      d.toJS()
    );
    assert.deepEqual(docs.map((d) => d.kind), [
      "Secret",
      "ConfigMap",
      "PersistentVolumeClaim",
      "Job",
    ]);
    assert.equal(docs[0].metadata.name, "nightly-model");
    assert.equal(docs[0].stringData["api-key"], KEY);
    assert.match(out, /kubectl wait --for=condition=complete --timeout=24h job\/nightly/);
    assert.ok(!out.includes(KEY) && !err.includes(KEY));
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("fleet collect: summary.json and report.html from OSWorld's layout", async () => {
  const root = await Deno.makeTempDir({ prefix: "oso-fleet-collect-" });
  try {
    const task = join(root, "pyautogui", "a11y_tree", "m1", "mousepad", "oso-fleet-note");
    await Deno.mkdir(join(task, "attempts"), { recursive: true });
    await Deno.writeTextFile(join(task, "result.txt"), "1\n");
    await Deno.writeTextFile(join(task, "traj.jsonl"), "{}\n{}\n");
    await Deno.writeTextFile(
      join(task, "attempts", "a.json"),
      JSON.stringify({
        attempt: "a",
        pod: "p",
        index: 3,
        started: "2026-11-30T10:00:00.000Z",
        finished: "2026-11-30T10:00:20.000Z",
        seconds: 20,
        outcome: "scored",
        score: 1,
      }),
    );
    const { code, out, err } = await fleet(["collect", "--results", root, "--tasks", TASKS]);
    assert.equal(code, 0, err);
    assert.match(out, /score 1 of 4 \(25\.0 %\); 1 scored, 0 unsupported, 0 failed, 3 not run/);
    const [run] = JSON.parse(await Deno.readTextFile(join(root, "summary.json")));
    assert.equal(run.tasks.find((t: { id: string }) => t.id === "oso-fleet-note").seconds, 20);
    assert.match(await Deno.readTextFile(join(root, "report.html")), /oso-fleet-product/);
  } finally {
    await Deno.remove(root, { recursive: true });
  }
});

const BAD: Array<[string, string[], RegExp]> = [
  ["no command", [], /usage: deno task fleet/],
  ["an unknown command", ["launch"], /unknown command 'launch'/],
  ["no --tasks", ["render", "--model", "m"], /--tasks DIR is needed/],
  [
    "no --model",
    ["render", "--tasks", TASKS, "--base-url", "http://x/v1"],
    /--model NAME is needed/,
  ],
  [
    "a base URL that is none",
    ["render", ...SUITE.slice(0, 4), "--base-url", "nope"],
    /--base-url must be a URL/,
  ],
  ["parallelism 0", ["render", ...SUITE, "--parallelism", "0"], /--parallelism must be at least 1/],
  ["a name Kubernetes refuses", ["render", ...SUITE, "--name", "Big_Name"], /cannot name a suite/],
  ["an unknown flag", ["render", ...SUITE, "--fast"], /Unknown option '--fast'/],
  [
    "a folder without tasks",
    ["render", ...SUITE.slice(2), "--tasks", "/proc/self/fdinfo"],
    /no task files/,
  ],
  [
    "an engine we do not drive",
    ["run", ...SUITE, "--results", "/tmp/x", "--engine", "lxc"],
    /--engine must be podman or docker/,
  ],
];
Deno.test("fleet names a task folder that is not there, exit code 1", async () => {
  const { code, err } = await fleet(["render", ...SUITE.slice(2), "--tasks", "/no/such/folder"]);
  assert.equal(code, 1, err);
  assert.match(err, /fleet render: .*\/no\/such\/folder/);
});

for (const [name, args, message] of BAD) {
  Deno.test(`fleet refuses ${name} with a message and exit code 2`, async () => {
    const { code, err } = await fleet(args);
    assert.equal(code, 2, err);
    assert.match(err, message);
  });
}
