// One task of a suite, in its pod (the image's `task` mode, after the desktop
// is up): the task at the Job's completion index, run by the agent against
// the model with a service started in this process on the pod's desktop. An
// attempt record is written when it starts and when it ends (see
// lib/osworld/formats/fleet/attempts.ts); the last line on stdout is the
// same record for a collector that reads pods' logs. Exits 0 when the task
// was scored or found unsupported, 1 otherwise, so the Job retries the pod.

import { join } from "node:path";
import { z } from "zod";
import type { Attempt, Cause } from "../../formats/fleet/attempts.ts";
import { resultFolder, runAgent } from "../agent/loop.ts";
import { serviceFor } from "../agent/service_start.ts";
import { ChatError } from "../agent/chat_client.ts";
import { ServiceError } from "../agent/service_client.ts";
import { LaunchError } from "../../../interfaces/launch.ts";

/** The line a collector of pods' logs looks for. */
export const RESULT_PREFIX = "OSO_FLEET_RESULT ";

const Settings = z.object({
  JOB_COMPLETION_INDEX: z.string().regex(/^\d+$/).transform(Number).describe(
    "Set by Kubernetes for an Indexed Job's pod.",
  ),
  OSO_MODEL: z.string().min(1).describe("The model's name."),
  OSO_MODEL_URL: z.string().url().describe("The chat-completions base URL."),
  OSO_OBSERVATION: z.enum(["screenshot", "a11y_tree", "screenshot_a11y_tree", "som"])
    .default("a11y_tree").describe("What the agent sees."),
  OSO_ACTION_SPACE: z.enum(["pyautogui", "computer_13"]).default("pyautogui")
    .describe("How the agent acts."),
  OSO_MAX_STEPS: z.string().regex(/^\d+$/).default("15").transform(Number)
    .describe("Steps before giving up."),
  OSO_TASKS: z.string().default("/tasks").describe("The mounted tasks (a ConfigMap)."),
  OSO_RESULTS: z.string().default("/results").describe("The mounted results volume."),
});

class TaskFileError extends Error {}

function causeOf(error: unknown): Cause {
  if (error instanceof ChatError) return "model";
  if (error instanceof ServiceError) return "service";
  if (error instanceof LaunchError) return "desktop";
  if (error instanceof TaskFileError) return "task";
  return "error";
}

/** The error's text without the endpoint's key, however it got there. */
function scrubbed(message: string, key: string | null): string {
  const text = key ? message.replaceAll(key, "[secret]") : message;
  return text.slice(0, 2000);
}

async function readTask(dir: string, index: number) {
  try {
    const text = await Deno.readTextFile(join(dir, `${index}.json`));
    const domain = (await Deno.readTextFile(join(dir, `${index}.domain`))).trim();
    const task = JSON.parse(text) as Record<string, unknown>;
    if (typeof task.id !== "string") throw new Error("the task has no id");
    return { task, domain, id: task.id };
  } catch (e) {
    throw new TaskFileError(`task ${index} in ${dir}: ${(e as Error).message}`);
  }
}

export async function podMain(): Promise<number> {
  const parsed = Settings.safeParse(Deno.env.toObject());
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    console.error(`fleet pod: ${issue.path.join(".")}: ${issue.message}`);
    return 2;
  }
  const s = parsed.data;
  const key = Deno.env.get("OSO_AGENT_API_KEY") || null;
  const started = new Date();
  const record: Attempt = {
    attempt: crypto.randomUUID(),
    pod: Deno.hostname(),
    index: s.JOB_COMPLETION_INDEX,
    started: started.toISOString(),
  };
  const { task, domain, id } = await readTask(s.OSO_TASKS, s.JOB_COMPLETION_INDEX).catch((e) => {
    record.cause = causeOf(e);
    return { task: null, domain: "unknown", id: `task-${s.JOB_COMPLETION_INDEX}` };
  });
  const dir = resultFolder({
    resultDir: s.OSO_RESULTS,
    actionSpace: s.OSO_ACTION_SPACE,
    observation: s.OSO_OBSERVATION,
    model: s.OSO_MODEL,
    domain,
  }, id);
  const recordFile = join(dir, "attempts", `${record.attempt}.json`);
  const save = () => Deno.writeTextFile(recordFile, `${JSON.stringify(record)}\n`);
  await Deno.mkdir(join(dir, "attempts"), { recursive: true });
  await save();

  let status = 1;
  try {
    if (task === null) throw new TaskFileError(`task ${s.JOB_COMPLETION_INDEX} cannot be read`);
    const service = await serviceFor({ "allow-task-commands": true });
    try {
      const outcome = await runAgent({
        task,
        service: service.client,
        model: {
          baseUrl: s.OSO_MODEL_URL,
          model: s.OSO_MODEL,
          apiKey: key,
          temperature: 1,
          maxTokens: 1500,
          timeoutMs: 120_000,
        },
        observation: s.OSO_OBSERVATION,
        actionSpace: s.OSO_ACTION_SPACE,
        maxSteps: s.OSO_MAX_STEPS,
        trajectoryLength: 3,
        maxTableTokens: 10_000,
        settleMs: 1000,
        resultDir: s.OSO_RESULTS,
        domain,
      });
      record.outcome = outcome.score === null ? "unsupported" : "scored";
      record.score = outcome.score;
      record.steps = outcome.steps;
      if (outcome.unsupported.length > 0) record.unsupported = outcome.unsupported.slice(0, 50);
      status = 0;
    } finally {
      await service.close();
    }
  } catch (e) {
    record.outcome = "failed";
    record.cause ??= causeOf(e);
    record.message = scrubbed((e as Error).message ?? String(e), key);
  }
  const finished = new Date();
  record.finished = finished.toISOString();
  record.seconds = Math.round(finished.getTime() - started.getTime()) / 1000;
  await save();
  console.log(`${RESULT_PREFIX}${JSON.stringify({ domain, id, ...record })}`);
  return status;
}

if (import.meta.main) Deno.exit(await podMain());
