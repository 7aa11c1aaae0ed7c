// deno task agent -- --task T.json --base-url URL --model NAME [options]
// deno task osworld-run T.json [--service URL] [--pyautogui F | --computer13 F]
//
// Both talk to the service over REST: the one --service names, or one they
// start in their own process on a free loopback port (the real desktop; the
// mock only with --mock, so that no agent is scored on it by accident).

import { parseArgs } from "node:util";
import { type AgentRun, runAgent } from "./loop.ts";
import type { ActionSpace, ObservationType } from "./prompts.ts";
import { serviceFor } from "./service_start.ts";
import type { ServiceClient } from "./service_client.ts";

const SERVICE_USAGE =
  `  --service URL                 a running service; without it one is started here, on
                                the real desktop (it stops saying what is missing when
                                there is none)
  --mock                        the service started here serves the mock desktop
  --scenario PATH               and loads this scenario on it
  --config PATH                 its config file (default config.json)
  --allow-task-commands         its tasks may run their shell commands`;

const AGENT_USAGE = `usage: deno task agent -- --task TASK.json --base-url URL --model NAME
${SERVICE_USAGE}
  --observation TYPE            screenshot | a11y_tree (default) | screenshot_a11y_tree | som
  --action-space SPACE          pyautogui (default) | computer_13
  --max-steps N                 steps before giving up (default 15)
  --max-trajectory-length N     earlier turns kept in the prompt (default 3)
  --a11y-tree-max-tokens N      cut the element table to N cl100k tokens (default 10000)
  --temperature T               (default 1.0)   --max-tokens N  (default 1500)
  --settle-ms N                 pause after setup and each action (default 1000)
  --result-dir DIR              (default results)
  --domain NAME                 the task's domain: results go to DIR/…/MODEL/NAME/TASK_ID
The model endpoint's key is read from OSO_AGENT_API_KEY (never written anywhere).`;

const RUN_USAGE = `usage: deno task osworld-run TASK.json
${SERVICE_USAGE}
  --pyautogui FILE | --computer13 FILE   actions performed between setup and evaluation
  --phase setup|evaluate|both            (default both)`;

const TEXT = { type: "string" } as const;

/** The options both commands share: where the service is, or how to start one. */
const SERVICE_OPTIONS = {
  service: TEXT,
  mock: { type: "boolean" },
  scenario: TEXT,
  config: TEXT,
  "allow-task-commands": { type: "boolean" },
} as const;

function positiveInt(text: string | undefined, fallback: number, flag: string): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw new Error(`--${flag} takes a whole number`);
  return n;
}

function oneOf<T extends string>(
  text: string | undefined,
  values: T[],
  fallback: T,
  flag: string,
): T {
  if (text === undefined) return fallback;
  if (!values.includes(text as T)) throw new Error(`--${flag} must be one of ${values.join(", ")}`);
  return text as T;
}

async function readTask(path: string): Promise<Record<string, unknown>> {
  return JSON.parse(await Deno.readTextFile(path));
}

export async function agentMain(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    options: {
      ...SERVICE_OPTIONS,
      task: TEXT,
      "base-url": TEXT,
      model: TEXT,
      observation: TEXT,
      "action-space": TEXT,
      "max-steps": TEXT,
      "max-trajectory-length": TEXT,
      "a11y-tree-max-tokens": TEXT,
      temperature: TEXT,
      "max-tokens": TEXT,
      "settle-ms": TEXT,
      "result-dir": TEXT,
      domain: TEXT,
    },
    strict: true,
  });
  if (!values.task || !values["base-url"] || !values.model) {
    console.error(AGENT_USAGE);
    return 2;
  }
  // Every flag is checked before a service is started for the run.
  const run: Omit<AgentRun, "service"> = {
    task: await readTask(values.task),
    model: {
      baseUrl: values["base-url"],
      model: values.model,
      apiKey: Deno.env.get("OSO_AGENT_API_KEY") ?? null,
      temperature: Number(values.temperature ?? "1"),
      maxTokens: positiveInt(values["max-tokens"], 1500, "max-tokens"),
      timeoutMs: 120_000,
    },
    observation: oneOf<ObservationType>(
      values.observation,
      ["screenshot", "a11y_tree", "screenshot_a11y_tree", "som"],
      "a11y_tree",
      "observation",
    ),
    actionSpace: oneOf<ActionSpace>(
      values["action-space"],
      ["pyautogui", "computer_13"],
      "pyautogui",
      "action-space",
    ),
    maxSteps: positiveInt(values["max-steps"], 15, "max-steps"),
    trajectoryLength: positiveInt(values["max-trajectory-length"], 3, "max-trajectory-length"),
    maxTableTokens: positiveInt(values["a11y-tree-max-tokens"], 10_000, "a11y-tree-max-tokens"),
    settleMs: positiveInt(values["settle-ms"], 1000, "settle-ms"),
    resultDir: values["result-dir"] ?? "results",
    domain: values.domain ?? null,
  };
  const service = await serviceFor(values);
  try {
    const outcome = await runAgent({ ...run, service: service.client });
    console.log(JSON.stringify(outcome));
    return outcome.score === null ? 3 : 0;
  } finally {
    await service.close();
  }
}

export async function osworldRunMain(args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    options: {
      ...SERVICE_OPTIONS,
      pyautogui: TEXT,
      computer13: TEXT,
      phase: TEXT,
    },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length !== 1) {
    console.error(RUN_USAGE);
    return 2;
  }
  const task = await readTask(positionals[0]);
  const phase = oneOf(values.phase, ["setup", "evaluate", "both"], "both", "phase");
  const started = await serviceFor(values);
  try {
    return await runTask(task, phase, values, started.client);
  } finally {
    await started.close();
  }
}

/** Setup, the given actions, evaluation: the report on stdout, the exit code returned. */
async function runTask(
  task: Record<string, unknown>,
  phase: "setup" | "evaluate" | "both",
  values: { pyautogui?: string; computer13?: string },
  service: ServiceClient,
): Promise<number> {
  const report: Record<string, unknown> = {};
  if (phase !== "evaluate") {
    report.setup = await service.post("/api/osworld/task", { task, phase: "setup" });
    if ((report.setup as Record<string, unknown>).supported === false) {
      console.log(JSON.stringify(report));
      return 3;
    }
  }
  if (values.pyautogui) {
    report.actions = await service.post("/api/pyautogui", {
      code: await Deno.readTextFile(values.pyautogui),
    });
  } else if (values.computer13) {
    report.actions = await service.post("/api/computer13", {
      action: await Deno.readTextFile(values.computer13),
    });
  }
  if (phase !== "setup") {
    report.evaluation = await service.post("/api/osworld/task", { task, phase: "evaluate" });
  }
  console.log(JSON.stringify(report));
  const evaluation = report.evaluation as Record<string, unknown> | undefined;
  return evaluation?.supported === false ? 3 : 0;
}

if (import.meta.main) {
  const [command, ...given] = Deno.args;
  // `deno task agent -- --task ...` may pass the "--" on.
  const rest = given[0] === "--" ? given.slice(1) : given;
  try {
    const code = command === "agent"
      ? await agentMain(rest)
      : command === "osworld-run"
      ? await osworldRunMain(rest)
      : (console.error(`${AGENT_USAGE}\n\n${RUN_USAGE}`), 2);
    Deno.exit(code);
  } catch (e) {
    console.error((e as Error).message);
    Deno.exit(1);
  }
}
