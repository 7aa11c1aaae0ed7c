// OSWorld task files of our own on real GTK applications under Xvfb, each run
// by the agent loop (lib/agent) against the real service and a local
// chat-completions server that checks every request and replies with a
// scripted sequence: a correct one must score 1 and a wrong one 0, in both
// action spaces. Setup launches the app (and, with osworld.allow_commands,
// runs a shell step); evaluation reads files (vm_file), command output
// (vm_command_line) and the accessibility XML (check_accessibility_tree).

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { runAgent } from "../../lib/agent/loop.ts";
import type { ActionSpace, ObservationType } from "../../lib/agent/prompts.ts";
import { ServiceClient } from "../../lib/agent/service_client.ts";
import { type Reply, startChatServer } from "../helpers/chat_server.ts";
import { startService } from "../helpers/service.ts";
import { desktopTest, TEST_CONFIG } from "./linux_service.ts";

const TASKS = new URL("../fixtures/osworld/tasks/", import.meta.url).pathname;
const MODEL = "scripted-model";

const py = (code: string) => `Acting.\n\`\`\`python\n${code}\n\`\`\``;
const json = (actions: unknown) => `Acting.\n\`\`\`json\n${JSON.stringify(actions)}\n\`\`\``;

/** Mousepad's Save As dialog is on screen (its name field's label). */
const saveDialogOpen = (obs: string) => obs.includes("\tName:\t");

/** Type `text`, save as `file` through the dialog, wait for it to close, DONE: pyautogui. */
function saveScriptPy(text: string, file: string): Reply[] {
  return [
    py(`pyautogui.write(${JSON.stringify(text)})\npyautogui.hotkey('ctrl', 'shift', 's')`),
    (obs) =>
      saveDialogOpen(obs)
        ? py(`pyautogui.hotkey('ctrl', 'a')\npyautogui.write('${file}')\npyautogui.press('enter')`)
        : null,
    (obs) => (saveDialogOpen(obs) ? null : "DONE"),
  ];
}

/** The same in computer_13. */
function saveScript13(text: string, file: string): Reply[] {
  return [
    json([
      { action_type: "TYPING", parameters: { text } },
      { action_type: "HOTKEY", parameters: { keys: ["ctrl", "shift", "s"] } },
    ]),
    (obs) =>
      saveDialogOpen(obs)
        ? json([
          { action_type: "HOTKEY", parameters: { keys: ["ctrl", "a"] } },
          { action_type: "TYPING", parameters: { text: file } },
          { action_type: "PRESS", parameters: { key: "enter" } },
        ])
        : null,
    (obs) => (saveDialogOpen(obs) ? null : "DONE"),
  ];
}

// gnome-calculator (GTK 4) reports its buttons without the enabled and showing
// states, so OSWorld's table lists none of them: its scripts wait, then type.
// It shows its last result again when relaunched: each task's wrong run goes
// first, and the two tasks' results differ.
interface Case {
  task: string;
  space: ActionSpace;
  observation: ObservationType;
  script: (dir: string) => Reply[];
  score: number;
}

const ONLY = Deno.env.get("OSO_TASK_CASE");
const CASES: Case[] = [
  {
    task: "oso-mousepad-save",
    space: "pyautogui",
    observation: "a11y_tree",
    script: (dir) => saveScriptPy("hello osworld", `${dir}/note.txt`),
    score: 1,
  },
  {
    task: "oso-mousepad-save",
    space: "computer_13",
    observation: "a11y_tree",
    script: (dir) => saveScript13("hello world", `${dir}/note.txt`),
    score: 0,
  },
  {
    task: "oso-mousepad-command",
    space: "computer_13",
    observation: "screenshot_a11y_tree",
    script: (dir) => saveScript13("alpha beta", `${dir}/words.txt`),
    score: 1,
  },
  {
    task: "oso-mousepad-command",
    space: "pyautogui",
    observation: "a11y_tree",
    script: (dir) => saveScriptPy("alpha gamma beta", `${dir}/words.txt`),
    score: 0,
  },
  {
    task: "oso-mousepad-lines",
    space: "pyautogui",
    observation: "a11y_tree",
    script: (dir) => saveScriptPy("first\nsecond\n", `${dir}/lines.txt`),
    score: 1,
  },
  {
    task: "oso-mousepad-lines",
    space: "computer_13",
    observation: "a11y_tree",
    script: (dir) => saveScript13("second\nfirst\n", `${dir}/lines.txt`),
    score: 0,
  },
  {
    task: "oso-calculator-product",
    space: "computer_13",
    observation: "screenshot",
    script:
      () => ["WAIT", json([{ action_type: "TYPING", parameters: { text: "7+6\n" } }]), "DONE"],
    score: 0,
  },
  {
    task: "oso-calculator-product",
    space: "pyautogui",
    observation: "a11y_tree",
    script: () => [
      "WAIT",
      py("pyautogui.write('7*6')\npyautogui.press('enter')"),
      "DONE",
    ],
    score: 1,
  },
  {
    task: "oso-calculator-sum",
    space: "pyautogui",
    observation: "a11y_tree",
    script: () => ["WAIT", "DONE"],
    score: 0,
  },
  {
    task: "oso-calculator-sum",
    space: "computer_13",
    observation: "a11y_tree",
    script: () => [
      "WAIT",
      json([
        { action_type: "TYPING", parameters: { text: "12+33" } },
        { action_type: "PRESS", parameters: { key: "enter" } },
      ]),
      "DONE",
    ],
    score: 1,
  },
  {
    task: "oso-mousepad-infeasible",
    space: "computer_13",
    observation: "a11y_tree",
    script: () => ['There is no such feature or key.\n```json\n"FAIL"\n```'],
    score: 1,
  },
  {
    task: "oso-mousepad-infeasible",
    space: "pyautogui",
    observation: "a11y_tree",
    script: () => [py("pyautogui.hotkey('ctrl', 'p')"), "DONE"],
    score: 0,
  },
];

async function taskFile(name: string, dir: string): Promise<Record<string, unknown>> {
  const text = await Deno.readTextFile(`${TASKS}${name}.json`);
  return JSON.parse(text.replaceAll("@DIR@", dir));
}

const TASK_APPS = new Set(["mousepad", "gnome-calculator", "gnome-calculato"]);

/**
 * Pids of the tasks' apps on this desktop only (other tests run the same apps
 * on desktops of their own), from /proc; comm is cut at 15 characters.
 */
async function taskAppPids(display: string): Promise<number[]> {
  const pids: number[] = [];
  for await (const entry of Deno.readDir("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    const comm = await Deno.readTextFile(`/proc/${entry.name}/comm`).catch(() => "");
    if (!TASK_APPS.has(comm.trim())) continue;
    const environ = await Deno.readTextFile(`/proc/${entry.name}/environ`).catch(() => "");
    if (environ.split("\0").includes(`DISPLAY=${display}`)) pids.push(Number(entry.name));
  }
  return pids;
}

/** Ends the task's app for good: mousepad is single-instance, a survivor would take the next launch. */
async function killApps(display: string): Promise<void> {
  for (let i = 0; i < 50; i++) {
    const pids = await taskAppPids(display);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        Deno.kill(pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

desktopTest(
  "OSWorld tasks on real GTK apps: scripted agents score 1 when right, 0 when wrong",
  async (t, desktop) => {
    const dir = await Deno.makeTempDir({ prefix: "oso-tasks-" });
    const service = await startService({
      mock: false,
      env: desktop.env,
      config: { ...TEST_CONFIG, osworld: { allow_commands: true, file_dirs: [dir] } },
    });
    try {
      for (const c of CASES.filter((c) => !ONLY || `${c.task}/${c.space}` === ONLY)) {
        await t.step(`${c.task} ${c.space}/${c.observation} → ${c.score}`, async () => {
          const chatServer = startChatServer(c.script(dir), {
            model: MODEL,
            observation: c.observation,
          });
          try {
            const outcome = await runAgent({
              task: await taskFile(c.task, dir),
              service: new ServiceClient(service.url),
              model: {
                baseUrl: chatServer.url,
                model: MODEL,
                apiKey: null,
                temperature: 0,
                maxTokens: 500,
                timeoutMs: 10_000,
              },
              observation: c.observation,
              actionSpace: c.space,
              maxSteps: 8,
              trajectoryLength: 1,
              maxTableTokens: 4000,
              settleMs: 300,
              resultDir: join(dir, "results"),
            });
            assert.deepEqual(chatServer.problems, []);
            const traj = await Deno.readTextFile(join(outcome.dir, "traj.jsonl"));
            assert.equal(outcome.score, c.score, `${JSON.stringify(outcome)}\n${traj}`);
            const result = await Deno.readTextFile(join(outcome.dir, "result.txt"));
            assert.equal(result, `${c.score}\n`);
          } finally {
            await chatServer.stop();
            await killApps(desktop.display);
            for (const name of ["note.txt", "words.txt", "lines.txt"]) {
              await Deno.remove(join(dir, name)).catch(() => {});
            }
          }
        });
      }
    } finally {
      await service.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
);
