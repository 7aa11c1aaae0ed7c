// The agent loop end to end on scenarios: OSWorld task files of our own run
// by lib/osworld/interfaces/agent against the service and a local chat-completions server that
// checks each request and replies with a scripted correct sequence (score 1)
// or a wrong one (score 0), in both action spaces and all observation types;
// the result folder is OSWorld's.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { runAgent } from "../lib/osworld/interfaces/agent/loop.ts";
import type { ActionSpace, ObservationType } from "../lib/osworld/interfaces/agent/prompts.ts";
import { ServiceClient } from "../lib/osworld/interfaces/agent/service_client.ts";
import { loginPoints, type Reply, startChatServer } from "./helpers/chat_server.ts";
import { startService } from "./helpers/service.ts";
import { postJson } from "./helpers/http.ts";

const TASKS = new URL("./fixtures/osworld/tasks/", import.meta.url).pathname;
const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;
const MODEL = "scripted-model";

async function task(name: string): Promise<Record<string, unknown>> {
  return JSON.parse(await Deno.readTextFile(`${TASKS}${name}.json`));
}

const py = (code: string) => `I will act now.\n\`\`\`python\n${code}\n\`\`\``;
const json = (actions: unknown) => `Next:\n\`\`\`json\n${JSON.stringify(actions)}\n\`\`\``;

const LOGIN_SCRIPTS: Record<string, { correct: Reply[]; wrong: Reply[] }> = {
  "pyautogui/a11y_tree": {
    correct: [
      (obs) => {
        const p = loginPoints(obs);
        return py(
          `pyautogui.click(${p.user.x}, ${p.user.y})\npyautogui.write('alice')\n` +
            `pyautogui.click(${p.password.x}, ${p.password.y})\npyautogui.typewrite('pw')`,
        );
      },
      (obs) => py(`pyautogui.click(${loginPoints(obs).login.x}, ${loginPoints(obs).login.y})`),
      "DONE",
    ],
    wrong: [
      (obs) => py(`pyautogui.click(${loginPoints(obs).login.x}, ${loginPoints(obs).login.y})`),
      "DONE",
    ],
  },
  "computer_13/screenshot_a11y_tree": {
    correct: [
      (obs) => {
        const p = loginPoints(obs);
        return json([
          { action_type: "CLICK", parameters: p.user },
          { action_type: "TYPING", parameters: { text: "alice" } },
          { action_type: "CLICK", parameters: p.password },
          { action_type: "TYPING", parameters: { text: "pw" } },
          { action_type: "CLICK", parameters: p.login },
        ]);
      },
      "DONE",
    ],
    wrong: [
      (obs) =>
        json([
          { action_type: "CLICK", parameters: loginPoints(obs).user },
          { action_type: "TYPING", parameters: { text: "mallory" } },
          { action_type: "CLICK", parameters: loginPoints(obs).login },
        ]),
      "DONE",
    ],
  },
};

interface Run {
  task: string;
  space: ActionSpace;
  observation: ObservationType;
  script: Reply[];
  score: number;
}

async function runScripted(run: Run): Promise<void> {
  const svc = await startService({ mock: true });
  const chatServer = startChatServer(run.script, {
    model: MODEL,
    observation: run.observation,
    apiKey: "test-key",
  });
  const resultDir = await Deno.makeTempDir({ prefix: "oso-agent-" });
  try {
    await postJson(`${svc.url}/api/scenario/load`, { path: LOGIN });
    const outcome = await runAgent({
      task: await task(run.task),
      service: new ServiceClient(svc.url),
      model: {
        baseUrl: chatServer.url,
        model: MODEL,
        apiKey: "test-key",
        temperature: 0,
        maxTokens: 500,
        timeoutMs: 10_000,
      },
      observation: run.observation,
      actionSpace: run.space,
      maxSteps: 6,
      trajectoryLength: 2,
      maxTableTokens: 2000,
      settleMs: 0,
      resultDir,
      domain: null,
    });
    assert.deepEqual(chatServer.problems, []);
    assert.ok(chatServer.finished(), "every scripted reply was given");
    assert.equal(outcome.score, run.score, JSON.stringify(outcome));
    const dir = join(resultDir, run.space, run.observation, MODEL, run.task);
    assert.equal(outcome.dir, dir);
    assert.equal(await Deno.readTextFile(join(dir, "result.txt")), `${run.score}\n`);
    const lines = (await Deno.readTextFile(join(dir, "traj.jsonl"))).trim().split("\n")
      .map((l) => JSON.parse(l));
    assert.equal(lines.length, outcome.steps);
    assert.equal(chatServer.requests.length, outcome.steps);
    for (const [i, line] of lines.entries()) {
      assert.equal(line.step_num, i + 1);
      assert.match(line.action_timestamp, /^\d{8}@\d{6}$/);
      assert.equal(line.screenshot_file, `step_${i + 1}_${line.action_timestamp}.png`);
      assert.ok((await Deno.stat(join(dir, line.screenshot_file))).size > 0);
      assert.equal(line.done, i === lines.length - 1 && /DONE|FAIL/.test(line.response));
    }
    // The prompt keeps at most trajectoryLength earlier turns.
    for (const messages of chatServer.requests) assert.ok(messages.length <= 1 + 2 * 2 + 1);
  } finally {
    await chatServer.stop();
    await svc.stop();
    await Deno.remove(resultDir, { recursive: true });
  }
}

const RUNS: Run[] = [
  ...(["correct", "wrong"] as const).flatMap((kind) => [
    {
      task: "oso-login-alice",
      space: "pyautogui" as const,
      observation: "a11y_tree" as const,
      script: LOGIN_SCRIPTS["pyautogui/a11y_tree"][kind],
      score: kind === "correct" ? 1 : 0,
    },
    {
      task: "oso-login-alice",
      space: "computer_13" as const,
      observation: "screenshot_a11y_tree" as const,
      script: LOGIN_SCRIPTS["computer_13/screenshot_a11y_tree"][kind],
      score: kind === "correct" ? 1 : 0,
    },
  ]),
  // Infeasible: only a FAIL ending passes, in either action space.
  {
    task: "oso-login-infeasible",
    space: "pyautogui",
    observation: "screenshot",
    script: ["FAIL"],
    score: 1,
  },
  {
    task: "oso-login-infeasible",
    space: "pyautogui",
    observation: "screenshot",
    script: ["DONE"],
    score: 0,
  },
  {
    task: "oso-login-infeasible",
    space: "computer_13",
    observation: "som",
    script: ['Impossible: there is no such password.\n```json\n"FAIL"\n```'],
    score: 1,
  },
  {
    task: "oso-login-infeasible",
    space: "computer_13",
    observation: "som",
    script: [json({ action_type: "CLICK", parameters: { x: 250, y: 294 } }), "DONE"],
    score: 0,
  },
];

for (const run of RUNS) {
  Deno.test(
    `agent: ${run.task} ${run.space}/${run.observation} scores ${run.score}`,
    () => runScripted(run),
  );
}
