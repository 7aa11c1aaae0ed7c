// The PromptAgent-style loop against a running service: set the task up,
// observe, ask the model, perform its action, until DONE / FAIL or the step
// limit; then score the task and write OSWorld's result folder (traj.jsonl,
// one screenshot per step, result.txt).

import { fromBase64 } from "../../../model/base64.ts";
import { join } from "node:path";
import { chat, type ChatMessage, type ChatOptions } from "./chat_client.ts";
import { observe } from "./observe.ts";
import { type ActionSpace, type ObservationType, systemPrompt, taskPrompt } from "./prompts.ts";
import { pyautoguiCode } from "./reply.ts";
import type { Body, ServiceClient } from "./service_client.ts";
import { actionTimestamp } from "../../formats/trajectory/action_timestamp.ts";
import { pause } from "../../../support/cancel.ts";

export interface AgentRun {
  task: Body & { id?: string; instruction?: string };
  service: ServiceClient;
  model: ChatOptions;
  observation: ObservationType;
  actionSpace: ActionSpace;
  maxSteps: number;
  /** Earlier turns (observation and reply) kept in the prompt. */
  trajectoryLength: number;
  maxTableTokens: number;
  /** Pause after setup and after each action, for the screen to settle. */
  settleMs: number;
  resultDir: string;
  /** The task's domain: OSWorld's result folders sit under it (null: none). */
  domain: string | null;
}

export interface AgentOutcome {
  /** null when the task could not be run or scored here (see `unsupported`). */
  score: number | null;
  steps: number;
  lastAction: string;
  unsupported: string[];
  dir: string;
}

interface Turn {
  observation: ChatMessage;
  reply: string;
}

function safeName(text: string): string {
  return text.replace(/[^\w.-]+/g, "_").slice(0, 100) || "_";
}

/** OSWorld's result folder of a task: <results>/<action space>/<observation>/<model>[/<domain>]/<task id>. */
export function resultFolder(
  run: Pick<AgentRun, "resultDir" | "actionSpace" | "observation" | "domain"> & { model: string },
  taskId: string,
): string {
  return join(
    run.resultDir,
    run.actionSpace,
    run.observation,
    safeName(run.model),
    ...(run.domain === null ? [] : [safeName(run.domain)]),
    safeName(taskId),
  );
}

export async function runAgent(run: AgentRun): Promise<AgentOutcome> {
  const dir = resultFolder({ ...run, model: run.model.model }, String(run.task.id ?? "task"));
  await Deno.mkdir(dir, { recursive: true });
  const traj = await Deno.open(join(dir, "traj.jsonl"), {
    write: true,
    create: true,
    truncate: true,
  });
  const finish = async (outcome: Omit<AgentOutcome, "dir">): Promise<AgentOutcome> => {
    traj.close();
    await Deno.writeTextFile(
      join(dir, "result.txt"),
      outcome.score === null ? "unsupported\n" : `${outcome.score}\n`,
    );
    return { ...outcome, dir };
  };

  const setup = await run.service.post("/api/osworld/task", { task: run.task, phase: "setup" });
  if (setup.supported === false) {
    return finish({
      score: null,
      steps: 0,
      lastAction: "none",
      unsupported: setup.unsupported as string[],
    });
  }
  await pause(run.settleMs);

  const system: ChatMessage = {
    role: "system",
    content: `${systemPrompt(run.observation, run.actionSpace)}\n\n${
      taskPrompt(String(run.task.instruction ?? ""))
    }`,
  };
  const turns: Turn[] = [];
  let note = "";
  let lastAction = "none";
  let step = 0;
  while (step < run.maxSteps) {
    step++;
    const seen = await observe(run.service, run.observation, run.maxTableTokens);
    const observation: ChatMessage = {
      role: "user",
      content: [
        ...(note === "" ? [] : [{ type: "text" as const, text: note }]),
        ...seen.content,
        { type: "text", text: "What is the next action?" },
      ],
    };
    const history = turns.slice(Math.max(0, turns.length - run.trajectoryLength)).flatMap((
      t,
    ): ChatMessage[] => [t.observation, { role: "assistant", content: t.reply }]);
    const reply = await chat([system, ...history, observation], run.model);
    turns.push({ observation, reply });

    // What is performed, and recorded as the step's action.
    const action = run.actionSpace === "pyautogui" ? pyautoguiCode(reply) : reply;
    const performed = run.actionSpace === "pyautogui"
      ? await run.service.attempt("/api/pyautogui", {
        code: action,
        ...(seen.observationId ? { observation_id: seen.observationId } : {}),
      })
      : await run.service.attempt("/api/computer13", { action: reply });
    const refused = performed.status !== 200;
    const error = refused ? performed.body.error as { code: string; message: string } : null;
    note = error ? `Your last action was not performed: ${error.code}: ${error.message}` : "";
    const control = performed.body.control as string | null | undefined;
    lastAction = refused ? "refused" : control ?? "other";
    const done = control === "DONE" || control === "FAIL";

    await pause(run.settleMs);
    const stamp = actionTimestamp(new Date().toISOString());
    const screenshotFile = `step_${step}_${stamp}.png`;
    const shot = await run.service.get("/api/screenshot");
    await Deno.writeFile(
      join(dir, screenshotFile),
      fromBase64(String(shot.data)),
    );
    const line = {
      step_num: step,
      action_timestamp: stamp,
      action,
      response: reply,
      reward: 0,
      done,
      info: error ? { error } : { performed: performed.body.performed ?? 0 },
      screenshot_file: screenshotFile,
    };
    await traj.write(new TextEncoder().encode(`${JSON.stringify(line)}\n`));
    if (done) break;
  }

  const verdict = await run.service.post("/api/osworld/task", {
    task: run.task,
    phase: "evaluate",
    last_action: lastAction === "DONE" || lastAction === "FAIL" || lastAction === "WAIT"
      ? lastAction
      : "other",
  });
  return finish({
    score: verdict.supported === false ? null : Number(verdict.score),
    steps: step,
    lastAction,
    unsupported: (verdict.unsupported as string[] | undefined) ?? [],
  });
}
