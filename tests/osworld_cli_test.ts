// `deno task agent` and `deno task osworld-run` as a user runs them: separate
// processes talking to a real service over HTTP (and the agent to a local
// chat-completions server), with the exit codes and output a script would
// read. The service's --allow-task-commands flag decides whether a task's
// shell steps run.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { loginPoints, type Reply, startChatServer } from "./helpers/chat_server.ts";
import { startService } from "./helpers/service.ts";

const ROOT = new URL("../", import.meta.url).pathname;
const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;
const TASKS = new URL("./fixtures/osworld/tasks/", import.meta.url).pathname;

async function denoTask(args: string[], env: Record<string, string> = {}) {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["task", "--quiet", ...args],
    cwd: ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout);
  const stderr = new TextDecoder().decode(out.stderr);
  return {
    code: out.code,
    stdout,
    stderr,
    report: () => JSON.parse(stdout.trim().split("\n").at(-1)!),
  };
}

/** A scripted model that logs in to the login scenario as alice, then says DONE. */
const LOGIN_SCRIPT: Reply[] = [
  (obs) => {
    const p = loginPoints(obs);
    return "Logging in.\n```python\n" +
      `pyautogui.click(${p.user.x}, ${p.user.y}); pyautogui.write('alice')\n` +
      `pyautogui.click(${p.password.x}, ${p.password.y}); pyautogui.write('pw')\n` +
      `pyautogui.click(${p.login.x}, ${p.login.y})\n` + "```";
  },
  "DONE",
];

/** `deno task agent` on the login task with the given model, results folder and options. */
function loginAgent(chatUrl: string, model: string, results: string, extra: string[]): string[] {
  return [
    "agent",
    "--",
    "--task",
    `${TASKS}oso-login-alice.json`,
    "--base-url",
    chatUrl,
    "--model",
    model,
    "--settle-ms",
    "0",
    "--result-dir",
    results,
    ...extra,
  ];
}

async function filesUnder(dir: string): Promise<string[]> {
  const files: string[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const path = join(dir, entry.name);
    if (entry.isDirectory) files.push(...await filesUnder(path));
    else files.push(path);
  }
  return files;
}

Deno.test("deno task agent: a scripted model logs in; exit 0, the score, OSWorld's folder, no key written", async () => {
  const service = await startService({ args: ["--scenario", LOGIN] });
  const key = "sk-cli-test-0123456789";
  const chat = startChatServer(LOGIN_SCRIPT, {
    model: "cli-model",
    observation: "a11y_tree",
    apiKey: key,
  });
  const results = await Deno.makeTempDir({ prefix: "oso-agent-cli-" });
  try {
    const run = await denoTask(
      loginAgent(chat.url, "cli-model", results, ["--service", service.url]),
      { OSO_AGENT_API_KEY: key },
    );
    assert.equal(run.code, 0, run.stderr);
    assert.deepEqual(chat.problems, []);
    assert.ok(chat.finished());
    const outcome = run.report();
    assert.equal(outcome.score, 1);
    assert.equal(outcome.lastAction, "DONE");
    const dir = join(results, "pyautogui", "a11y_tree", "cli-model", "oso-login-alice");
    assert.equal(outcome.dir, dir);
    assert.equal(await Deno.readTextFile(join(dir, "result.txt")), "1\n");
    const files = await filesUnder(results);
    assert.ok(files.some((f) => f.endsWith("traj.jsonl")));
    assert.ok(files.some((f) => /step_1_\d{8}@\d{6}\.png$/.test(f)));
    for (const file of files) {
      const bytes = await Deno.readFile(file);
      assert.ok(!new TextDecoder().decode(bytes).includes(key), `${file} holds the API key`);
    }
    assert.ok(!run.stdout.includes(key) && !run.stderr.includes(key));
  } finally {
    await chat.stop();
    await service.stop();
    await Deno.remove(results, { recursive: true });
  }
});

Deno.test("deno task agent: missing arguments print the usage and exit 2", async () => {
  const run = await denoTask(["agent", "--", "--task", "x.json"]);
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /usage: deno task agent -- --task TASK\.json --base-url URL --model NAME/,
  );
});

Deno.test("deno task agent without --service starts one: on the mock only when told", async (t) => {
  const dir = await Deno.makeTempDir({ prefix: "oso-agent-here-" });
  const config = join(dir, "config.json");
  await Deno.writeTextFile(config, JSON.stringify({ mock_interactive: true }));
  const chat = startChatServer(LOGIN_SCRIPT, { model: "here-model", observation: "a11y_tree" });
  const agent = (extra: string[], env: Record<string, string> = {}) =>
    denoTask(
      loginAgent(chat.url, "here-model", join(dir, "results"), ["--config", config, ...extra]),
      env,
    );
  try {
    await t.step("no desktop and no --mock: it stops, saying what is missing", async () => {
      const run = await agent([], { DISPLAY: "" });
      assert.equal(run.code, 1, run.stderr);
      assert.match(run.stderr, /no real desktop to run on: Linux desktop unavailable; missing: /);
      assert.match(run.stderr, /DISPLAY \(not set/);
      assert.match(run.stderr, /say --mock to run on the mock desktop/);
      assert.equal(run.stdout.trim(), "", "no score");
      assert.equal(chat.finished(), false, "the model was never asked");
    });

    await t.step("--mock: the whole run on a service of its own", async () => {
      const run = await agent(["--mock", "--scenario", LOGIN]);
      assert.equal(run.code, 0, run.stderr);
      assert.equal(run.report().score, 1);
      assert.deepEqual(chat.problems, []);
      assert.match(run.stderr, /serving the mock desktop/);
    });

    await t.step("a --service that does not answer is named", async () => {
      const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
      const url = `http://127.0.0.1:${(listener.addr as Deno.NetAddr).port}`;
      listener.close();
      const run = await agent(["--service", url]);
      assert.equal(run.code, 1);
      assert.match(run.stderr, new RegExp(`no service answers at ${url}`));
    });
  } finally {
    await chat.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

/** A task whose setup writes a file with a shell command, checked with vm_file. */
function commandTask(dir: string) {
  return {
    id: "oso-cli-command",
    instruction: "Nothing to do: the setup writes the file.",
    config: [
      { type: "execute", parameters: { command: `printf made > '${dir}/made.txt'`, shell: true } },
    ],
    evaluator: {
      func: "exact_match",
      result: { type: "vm_file", path: `${dir}/made.txt` },
      expected: { type: "rule", rules: { expected: "made" } },
    },
  };
}

for (const allowed of [true, false]) {
  Deno.test(`deno task osworld-run: a shell setup step ${allowed ? "runs with" : "is refused without"} --allow-task-commands`, async () => {
    const dir = await Deno.makeTempDir({ prefix: "oso-run-cli-" });
    const service = await startService({
      args: ["--scenario", LOGIN, ...(allowed ? ["--allow-task-commands"] : [])],
      config: { osworld: { file_dirs: [dir] } },
    });
    try {
      const taskPath = join(dir, "task.json");
      await Deno.writeTextFile(taskPath, JSON.stringify(commandTask(dir)));
      const codePath = join(dir, "actions.py");
      await Deno.writeTextFile(codePath, "import pyautogui\npyautogui.press('tab')\n");
      const run = await denoTask([
        "osworld-run",
        taskPath,
        "--service",
        service.url,
        "--pyautogui",
        codePath,
      ]);
      const report = run.report();
      if (allowed) {
        assert.equal(run.code, 0, run.stderr);
        assert.equal(report.setup.supported, true);
        assert.equal(report.actions.performed, 1);
        assert.equal(report.evaluation.score, 1);
        assert.equal(await Deno.readTextFile(join(dir, "made.txt")), "made");
      } else {
        assert.equal(run.code, 3);
        assert.equal(report.setup.supported, false);
        assert.deepEqual(report.setup.unsupported, [
          "execute: shell commands are off (--allow-task-commands or config osworld.allow_commands)",
        ]);
        assert.equal(report.actions, undefined, "nothing runs after a refused setup");
        await assert.rejects(Deno.stat(join(dir, "made.txt")), Deno.errors.NotFound);
      }
    } finally {
      await service.stop();
      await Deno.remove(dir, { recursive: true });
    }
  });
}
