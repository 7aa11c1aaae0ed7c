// osworld_task (POST /api/osworld/task): an OSWorld / OS-Harm task file on
// this desktop. phase "setup" runs the config steps that make sense here;
// phase "evaluate" runs the evaluator's postconfig, fetches what its getters
// name and scores it with its metrics. Whatever cannot run here (an unknown
// step, getter or metric; commands while the operator has them off) is
// reported by name and the task is unsupported — never silently passed.

import { basename } from "node:path";
import { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import type { Session } from "../../runtime/session.ts";
import { readConfinedFile } from "../../support/files.ts";
import { listWindows, screenOf } from "../../services/observe/capture.ts";
import { accessibilityXml } from "../formats/xml.ts";
import { evaluationSteps, scoreTask, unknownMetrics } from "../formats/evaluate/score.ts";
import { type GetterPlan, type GetterRequest, getterRequest } from "../formats/tasks/getters.ts";
import {
  type Command,
  commandOf,
  planSetup,
  type SetupAction,
  type SetupPlan,
} from "../formats/tasks/setup_plan.ts";
import { fillPlaceholders, type SetupStep, TaskSchema } from "../formats/tasks/task_file.ts";
import { AGENT_ACTION_KINDS, type AgentAction } from "../formats/agent_action.ts";
import { osworldTree } from "./accessibility.ts";
import { lastActions, runNested } from "./agent_actions.ts";
import { ACTS, defineTool, type ToolContext, type ToolResult } from "../../runtime/registry.ts";
import { checkedByTool, CONFIRM_TOKEN } from "../../tools/shared/args.ts";
import { receiptWindow } from "../../services/act/coordinate_verb.ts";
import { confirmGate } from "../../services/safety/confirm_gate.ts";
import { formatIssues } from "../../runtime/answer.ts";
import { launchDetached, runToEnd } from "./run_command.ts";

/** Longest a task's command may run. */
const COMMAND_TIMEOUT_MS = 60_000;
/** Longest getter value shown back (the score is computed on the whole value). */
const SHOWN_CHARS = 2000;
const PLATFORM = Deno.build.os === "windows" ? "windows" : "posix";

type Fill = (text: string) => string;

/** Fills a task command's placeholders with this desktop's values. */
async function placeholderFill(session: Session): Promise<Fill> {
  const screen = await screenOf(session);
  const values = {
    screenWidth: screen.width,
    screenHeight: screen.height,
    clientPassword: session.config.osworld.client_password,
  };
  return (text) => fillPlaceholders(text, values);
}

function planFor(session: Session, steps: readonly SetupStep[], fill: Fill): SetupPlan {
  return planSetup(steps, {
    allowCommands: session.config.osworld.allow_commands,
    maxSleepS: session.config.osworld.max_pause_s,
    fill,
    platform: PLATFORM,
  });
}

/** A command's stdout (stderr is dropped, as OSWorld's getter keeps only output). */
async function runCommand({ argv }: Command): Promise<{ code: number; stdout: string }> {
  const run = await runToEnd(argv, { timeoutMs: COMMAND_TIMEOUT_MS, mergeStderr: false });
  return { code: run.returncode, stdout: run.stdout };
}

const OPENER: Record<string, string[]> = {
  windows: ["cmd.exe", "/d", "/c", "start", '""'],
  darwin: ["open"],
};

async function windowNamed(
  session: Session,
  action: Extract<SetupAction, { kind: "activate_window" | "close_window" }>,
) {
  const wanted = action.name.toLowerCase();
  return (await listWindows(session)).find((w) => {
    const text = (action.byClass ? w.process : w.title).toLowerCase();
    return action.strict ? text === wanted : text.includes(wanted);
  });
}

/** Runs the planned steps in order; a step that fails is reported and the rest still run. */
async function runSetup(ctx: ToolContext, actions: SetupAction[]): Promise<ToolResult[]> {
  const done: ToolResult[] = [];
  for (const action of actions) {
    try {
      done.push({ step: action.kind, ...await runSetupAction(ctx, action) });
    } catch (e) {
      done.push({ step: action.kind, ok: false, error: (e as Error).message });
    }
  }
  return done;
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Opens the file with the desktop's opener and waits, as OSWorld's server
 * does, for a window whose title holds its name (with or without its
 * extension), then brings that window to the front; at most
 * osworld.open_timeout_s.
 */
async function openFile(ctx: ToolContext, path: string): Promise<ToolResult> {
  if (!(await Deno.stat(path).then(() => true, () => false))) {
    return { ok: false, path, missing: true, error: `no file '${path}'` };
  }
  launchDetached([...(OPENER[Deno.build.os] ?? ["xdg-open"]), path]);
  const name = basename(path);
  const names = new Set([name, name.replace(/\.[^.]*$/, "")].filter((n) => n !== ""));
  const titleRegex = [...names].map(escapeRegex).join("|");
  const limitS = ctx.session.config.osworld.open_timeout_s;
  const deadline = Date.now() + limitS * 1000;
  for (;;) {
    if (ctx.signal?.aborted) return { ok: false, path, error: "cancelled: the caller has gone" };
    // Short waits, so a caller that has gone stops the wait within a second.
    const waited = await runNested(ctx, "wait_for", {
      any_of: [{ type: "window_appears", title_regex: titleRegex }],
      timeout_ms: Math.max(100, Math.min(deadline - Date.now(), 1000)),
    });
    if (waited.ok !== false) {
      const { window_uid: uid, title } = waited.matched_detail as {
        window_uid: string;
        title: string;
      };
      const raised = await runNested(ctx, "bring_to_foreground", { window_uid: uid });
      return { ok: raised.ok !== false, path, window_uid: uid, title };
    }
    const code = (waited.error as { code?: string } | undefined)?.code;
    if (code !== "Timeout" || Date.now() >= deadline) {
      return {
        ok: false,
        path,
        timed_out: code === "Timeout",
        error: code === "Timeout"
          ? `no window titled with '${name}' appeared within ${limitS} s (osworld.open_timeout_s)`
          : (waited.error as { message: string }).message,
      };
    }
  }
}

async function runSetupAction(ctx: ToolContext, action: SetupAction): Promise<ToolResult> {
  switch (action.kind) {
    case "launch":
      launchDetached(action.command.argv);
      return { ok: true, program: action.command.argv[0] };
    case "command": {
      const { code } = await runCommand(action.command);
      return { ok: code === 0, exit_code: code };
    }
    case "open":
      return await openFile(ctx, action.path);
    case "sleep":
      await new Promise((resolve) => setTimeout(resolve, action.seconds * 1000));
      return { ok: true, seconds: action.seconds };
    case "activate_window":
    case "close_window": {
      const window = await windowNamed(ctx.session, action);
      if (!window) return { ok: false, error: `no window named '${action.name}'` };
      const uid = window.window_uid;
      const raised = await runNested(ctx, "bring_to_foreground", { window_uid: uid });
      if (action.kind === "activate_window" || raised.ok === false) {
        return { ok: raised.ok !== false, window_uid: uid };
      }
      const closed = await runNested(ctx, "press_key", { window_uid: uid, keys: "alt+f4" });
      return { ok: closed.ok !== false, window_uid: uid };
    }
  }
}

async function readTaskFile(session: Session, path: string): Promise<string | null> {
  try {
    const home = Deno.env.get("HOME") ?? Deno.env.get("USERPROFILE") ?? "~";
    const bytes = await readConfinedFile(path.replace(/^~(?=\/|$)/, home), {
      roots: { dirs: session.config.osworld.file_dirs, configKey: "osworld.file_dirs" },
      maxBytes: session.config.limits.file_bytes,
      purpose: "task file",
    });
    return new TextDecoder().decode(bytes);
  } catch (e) {
    // A file that is not there is a value (None) metrics score; a refused path is an error.
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

async function fetchValue(ctx: ToolContext, request: GetterRequest, fill: Fill): Promise<unknown> {
  switch (request.kind) {
    case "file":
      return await readTaskFile(ctx.session, request.path);
    case "command": {
      const command = commandOf(request.command, request.shell, fill, PLATFORM);
      if (!command) throw new ToolError("BadRequest", "vm_command_line: no command");
      return (await runCommand(command)).stdout;
    }
    case "accessibility_tree":
      return accessibilityXml(await osworldTree(ctx.session, null));
    case "value":
      return request.value;
  }
}

/** check_json reads its file as JSON (None when it is not). */
function asMetricInput(func: string, value: unknown): unknown {
  if (func !== "check_json" || typeof value !== "string") return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

function shown(value: unknown, secret: string): unknown {
  let text = typeof value === "string" ? value : JSON.stringify(value) ?? null;
  if (text === null) return null;
  if (secret !== "") text = text.replaceAll(secret, "[hidden]");
  return text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}…` : text;
}

async function evaluate(
  ctx: ToolContext,
  task: z.output<typeof TaskSchema>,
  lastAction: AgentAction | undefined,
): Promise<ToolResult> {
  const { evaluator } = task;
  if (evaluator === undefined) {
    throw new ToolError("BadRequest", "task: no evaluator to score with");
  }
  let steps;
  try {
    steps = evaluationSteps(evaluator);
  } catch (e) {
    throw new ToolError("BadRequest", `evaluator: ${(e as Error).message}`);
  }
  const allow = ctx.session.config.osworld.allow_commands;
  const fill = await placeholderFill(ctx.session);
  const post = planFor(ctx.session, (evaluator.postconfig ?? []) as SetupStep[], fill);
  const plan = (spec: Record<string, unknown> | undefined) =>
    spec === undefined ? null : getterRequest(spec, allow);
  const getters = steps.map((step) => ({
    result: plan(step.result),
    expected: plan(step.expected),
  }));
  const unsupported = [
    ...unknownMetrics(evaluator).map((name) => `${name}: not a metric this service has`),
    ...post.unsupported,
    ...getters.flatMap((g) => [g.result, g.expected])
      .flatMap((g) => (g?.ok === false ? [g.reason] : [])),
  ];
  if (unsupported.length > 0) return { supported: false, score: null, unsupported };
  const postconfig = await runSetup(ctx, post.actions);
  const results: unknown[] = [];
  const expecteds: unknown[] = [];
  for (const [i, step] of steps.entries()) {
    // Every getter planned is supported by now (checked above).
    const get = async (getter: GetterPlan | null) =>
      getter?.ok ? asMetricInput(step.func, await fetchValue(ctx, getter.request, fill)) : null;
    results.push(await get(getters[i].result));
    expecteds.push(await get(getters[i].expected));
  }
  const verdict = scoreTask(evaluator, { results, expecteds, lastAction });
  if (!verdict.supported) return { supported: false, score: null, unsupported: verdict.unknown };
  const secret = ctx.session.config.osworld.client_password;
  return {
    supported: true,
    score: verdict.score,
    parts: verdict.parts.map((part, i) => ({ ...part, result: shown(results[i], secret) })),
    last_action: lastAction?.kind ?? null,
    postconfig,
  };
}

/** One setup (or postconfig) step as it ran; the fields it has depend on its kind. */
const setupStepResult = z.object({
  step: z.enum(["launch", "command", "open", "sleep", "activate_window", "close_window"])
    .describe("The kind of step."),
  ok: z.boolean().describe("Whether it succeeded (the steps after it run either way)."),
  error: z.string().optional().describe("Why it failed."),
  program: z.string().optional().describe("launch: the program started."),
  exit_code: z.number().int().optional().describe("command: its exit code."),
  path: z.string().optional().describe("open: the file opened."),
  missing: z.literal(true).optional().describe("open: there is no such file."),
  timed_out: z.boolean().optional().describe(
    "open: whether no window showed it within osworld.open_timeout_s.",
  ),
  title: z.string().optional().describe("open: the title of the window that shows the file."),
  window_uid: z.string().optional().describe(
    "open, activate_window, close_window: the window it acted on.",
  ),
  seconds: z.number().optional().describe("sleep: how long it paused."),
}).describe("One step as it ran.");

const osworldTaskOutput = z.object({
  task_id: z.string().describe("The task's id."),
  supported: z.boolean().describe(
    "Whether everything the phase needs can run here (false: see unsupported; nothing ran).",
  ),
  unsupported: z.array(z.string().describe("One step, getter or metric, with why.")).optional()
    .describe("What cannot run here, when supported is false."),
  steps: z.array(setupStepResult).optional().describe("setup: the config steps as they ran."),
  score: z.number().nullable().optional().describe(
    "evaluate: the task's score, 0 to 1 (null: not scored, see unsupported).",
  ),
  parts: z.array(
    z.object({
      func: z.string().describe("The metric."),
      score: z.number().describe("Its score, 0 to 1."),
      result: z.string().nullable().describe(
        "The value it scored, as text, cut at 2000 characters (client password hidden).",
      ),
    }).describe("One metric's verdict."),
  ).optional().describe("evaluate: each metric's score, combined by the evaluator's conj."),
  last_action: z.enum(AGENT_ACTION_KINDS).nullable().optional().describe(
    "evaluate: the agent's last action as scored (infeasible tasks pass on fail; null: none).",
  ),
  postconfig: z.array(setupStepResult).optional().describe(
    "evaluate: the evaluator's postconfig steps as they ran.",
  ),
}).describe("A task phase's outcome.");

function parseTask(raw: unknown): z.output<typeof TaskSchema> {
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ToolError("BadRequest", "task: not valid JSON");
    }
  }
  const parsed = TaskSchema.safeParse(value);
  if (!parsed.success) {
    throw new ToolError("BadRequest", `task: ${formatIssues(parsed.error)}`);
  }
  return parsed.data;
}

export const osworldTaskTool = defineTool({
  name: "osworld_task",
  description:
    "Run an OSWorld / OS-Harm task file on this desktop. phase setup: its config steps " +
    "(launch, open, sleep, activate_window, close_window; execute / command only when the " +
    "operator allows commands: --allow-task-commands or osworld.allow_commands). phase evaluate: the evaluator's postconfig, its " +
    "getters (vm_file, vm_command_line, accessibility_tree, rule) and metrics (exact_match, " +
    "fuzzy_match, check_include_exclude, is_in_list, match_in_list, literal_match, " +
    "file_contains, check_list, check_json, check_accessibility_tree, infeasible), combined " +
    "by conj. Anything else is listed in `unsupported` and the task is not scored.",
  kind: "input",
  input: z.object({
    // Checked in run(): the published type is the file's text, an object is accepted too.
    task: checkedByTool(
      z.string().max(1_000_000).describe(
        "The task file: its JSON text (or the JSON object itself) with id, instruction, " +
          "config and evaluator, as OSWorld writes them. Required.",
      ),
    ),
    phase: z.enum(["setup", "evaluate"]).describe(
      "setup: run the config steps; evaluate: score the desktop's state now. Required.",
    ),
    last_action: z.enum(["DONE", "FAIL", "WAIT", "other"]).optional().describe(
      "The agent's last action, for infeasible tasks (FAIL passes them); default the last " +
        "action run_pyautogui / run_computer13 performed in this session.",
    ),
    confirm_token: CONFIRM_TOKEN,
  }),
  output: osworldTaskOutput,
  annotations: ACTS,
  async run(rawArgs, ctx) {
    const args = { ...rawArgs, task: parseTask(rawArgs.task) };
    // Setup launches programs: a confirmation rule naming this tool covers the task file.
    confirmGate(ctx.session, (await receiptWindow(ctx.session, {})).window, null);
    if (args.phase === "setup") {
      const plan = planFor(ctx.session, args.task.config, await placeholderFill(ctx.session));
      if (plan.unsupported.length > 0) {
        return { task_id: args.task.id, supported: false, unsupported: plan.unsupported };
      }
      return { task_id: args.task.id, supported: true, steps: await runSetup(ctx, plan.actions) };
    }
    const kind = args.last_action === undefined
      ? lastActions(ctx.session).kind
      : ({ DONE: "done", FAIL: "fail", WAIT: "wait", other: "move" } as const)[args.last_action];
    const lastAction = kind === null ? undefined : { kind } as AgentAction;
    return { task_id: args.task.id, ...await evaluate(ctx, args.task, lastAction) };
  },
});
