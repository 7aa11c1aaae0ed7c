// run_pyautogui (POST /api/pyautogui) and run_computer13 (POST /api/computer13):
// the actions OSWorld and OS-Harm agents emit, parsed — never executed as
// code — planned in full, then performed one by one through the same dispatch
// as every tool. A refused program or an invalid step runs nothing at all.

import { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import type { Session } from "../../runtime/session.ts";
import { perSession } from "../../support/per_session.ts";
import { type ActionPoint, AGENT_ACTION_KINDS, type AgentAction } from "../formats/agent_action.ts";
import { Computer13ActionSchema, parseComputer13 } from "../formats/computer13.ts";
import { sameMark, setOfMarks } from "../formats/marks/marks.ts";
import { type MarkObservation, markStores } from "../services/marks_store.ts";
import { planActions, PlanError, type PlanStep, WAIT_PAUSE_S } from "../formats/plan.ts";
import { MAX_INPUT_CHARS, parsePyautogui } from "../formats/pyautogui/parse.ts";
import { osworldScope, osworldTree } from "./accessibility.ts";
import { checkedByTool, CONFIRM_TOKEN, dryRun } from "../../tools/shared/args.ts";
import { receiptWindow } from "../../services/act/coordinate_verb.ts";
import { confirmGate } from "../../services/safety/confirm_gate.ts";
import { dispatchNested } from "../../runtime/dispatch.ts";
import {
  ACTS,
  defineTool,
  type Tool,
  type ToolContext,
  type ToolResult,
} from "../../runtime/registry.ts";
import { formatIssues } from "../../runtime/answer.ts";
import { windowRefSchema } from "../../tools/shared/results.ts";
import { cancelledError, pause } from "../../support/cancel.ts";
import { type SpaceMapping, toScreen } from "../../formats/geometry/coordinate_space.ts";
import { callSpace, coordinateSpaceArg } from "../../tools/shared/coordinate_args.ts";

/**
 * The kind of the last action an agent's batch performed in this session: an
 * OSWorld `infeasible` task passes only when it was FAIL.
 */
export const lastActions = perSession((): { kind: AgentAction["kind"] | null } => ({ kind: null }));

/**
 * Runs a registered tool from inside this tool's turn, with its own step,
 * rules, audit and trace; the nested call's answer.
 */
export async function runNested(
  ctx: ToolContext,
  tool: string,
  args: Record<string, unknown>,
): Promise<ToolResult> {
  return (await dispatchNested(ctx.session, ctx.tools, tool, args, ctx.caller, ctx.signal)).body;
}

function tagsOf(actions: readonly AgentAction[]): number[] {
  const tags = new Set<number>();
  const note = (p: ActionPoint | undefined) => p && "tag" in p && tags.add(p.tag);
  for (const a of actions) {
    if ("at" in a) note(a.at);
    if (a.kind === "drag") note(a.to);
  }
  return [...tags];
}

/**
 * The observation `tag_N` refers to, checked against the screen now: every
 * tag used must still be the same element in the same place.
 */
async function checkedMarks(
  session: Session,
  tags: number[],
  observationId: string | null,
): Promise<MarkObservation | null> {
  if (tags.length === 0) return null;
  const observation = markStores(session).get(observationId);
  if (!observation) {
    throw new ToolError(
      "BadRequest",
      observationId === null
        ? "tag_N needs a set-of-marks observation first: call get_set_of_marks"
        : `no set-of-marks observation ${observationId} (only the latest 8 are kept)`,
      { observation_id: observationId },
    );
  }
  for (const tag of tags) {
    if (!observation.marks[tag - 1]) {
      throw new ToolError(
        "BadRequest",
        `tag_${tag} is not a mark of ${observation.id} (it has ${observation.marks.length})`,
        { tag, observation_id: observation.id },
      );
    }
  }
  const window = observation.windowUid === null
    ? null
    : await osworldScope(session, { window_uid: observation.windowUid });
  const now = setOfMarks(await osworldTree(session, window));
  for (const tag of tags) {
    const mark = observation.marks[tag - 1];
    if (!now.some((m) => sameMark(m, mark))) {
      throw new ToolError(
        "MarksStale",
        `tag_${tag} (${mark.role} "${mark.name}") has moved or gone since ${observation.id}: ` +
          "observe again with get_set_of_marks",
        { tag, observation_id: observation.id },
      );
    }
  }
  return observation;
}

/** Whether a tool takes `coordinate_space` (the pointer tools a plan calls). */
function takesSpace(tool: Tool): boolean {
  return tool.input instanceof z.ZodObject && "coordinate_space" in tool.input.shape;
}

/**
 * The plan, each call's arguments already checked against its tool: all or
 * nothing. The agent's points are mapped from its coordinate space to the
 * screen here, where the marks' centres and the pointer already are, so every
 * call says it is in screen pixels (whatever the session's default).
 */
async function checkedPlan(
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  actions: AgentAction[],
  observation: MarkObservation | null,
  mapping: SpaceMapping,
): Promise<PlanStep[]> {
  let plan: PlanStep[];
  try {
    plan = planActions(
      actions,
      (at, index) =>
        "tag" in at
          ? observation!.marks[at.tag - 1].centre
          : toScreen(mapping, at, `action ${index + 1}'s point`),
      await session.adapter.pointer(),
      session.config.osworld.max_pause_s,
    ).map((step) =>
      step.kind === "call" && takesSpace(tools.get(step.tool)!)
        ? { ...step, args: { ...step.args, coordinate_space: "screen" } }
        : step
    );
  } catch (e) {
    if (!(e instanceof PlanError)) throw e;
    throw new ToolError("BadRequest", `action ${e.index + 1}: ${e.message}`, {
      action_index: e.index,
    });
  }
  for (const [i, step] of plan.entries()) {
    if (step.kind !== "call") continue;
    const parsed = tools.get(step.tool)!.input.safeParse(step.args);
    if (!parsed.success) {
      throw new ToolError(
        "BadRequest",
        `step ${i + 1} (${step.tool}): ${formatIssues(parsed.error)}`,
        { step: i, tool: step.tool },
      );
    }
  }
  return plan;
}

/** What an agent needs of a step's receipt (the full receipt is in the trace). */
function outcome(body: ToolResult): ToolResult {
  const kept = ["ok", "step_id", "changed", "new_dialogs", "note", "error"];
  return Object.fromEntries(kept.filter((k) => body[k] !== undefined).map((k) => [k, body[k]]));
}

/** Runs the plan; stops at the first failed call, which becomes the answer's error. */
async function perform(plan: PlanStep[], ctx: ToolContext): Promise<ToolResult> {
  const steps: ToolResult[] = [];
  let control: string | null = null;
  for (const step of plan) {
    if (ctx.signal?.aborted) throw cancelledError(`the actions after ${steps.length}`, { steps });
    if (step.kind === "sleep" || (step.kind === "control" && step.word === "WAIT")) {
      const seconds = step.kind === "sleep" ? step.seconds : WAIT_PAUSE_S;
      await pause(seconds * 1000, ctx.signal);
      steps.push({ action: step.action.kind, seconds });
    }
    lastActions(ctx.session).kind = step.action.kind;
    if (step.kind === "control") {
      control = step.word;
      if (step.word !== "WAIT") steps.push({ action: step.action.kind });
      continue;
    }
    if (step.kind !== "call") continue;
    const body = await runNested(ctx, step.tool, step.args);
    steps.push({ action: step.action.kind, tool: step.tool, args: step.args, ...outcome(body) });
    if (body.ok === false) {
      const error = body.error as { code: string; message: string };
      throw new ToolError(
        error.code as ConstructorParameters<typeof ToolError>[0],
        `step ${steps.length} (${step.tool}) failed: ${error.message}; the rest did not run`,
        { step: steps.length - 1, tool: step.tool },
        { steps },
      );
    }
  }
  return { performed: steps.length, steps, control };
}

async function runActions(
  actions: AgentAction[],
  options: { observationId: string | null; dryRun: boolean; coordinateSpace?: string },
  ctx: ToolContext,
): Promise<ToolResult> {
  const mapping = await callSpace(ctx.session, options.coordinateSpace);
  // A confirmation rule naming the batch covers the program as a whole (its
  // actions still pass their own rules one by one).
  confirmGate(ctx.session, (await receiptWindow(ctx.session, {})).window, null);
  const observation = await checkedMarks(ctx.session, tagsOf(actions), options.observationId);
  const plan = await checkedPlan(ctx.session, ctx.tools, actions, observation, mapping);
  if (options.dryRun) {
    return {
      dry_run: true,
      control: null,
      plan: plan.map((s) => s.kind === "call" ? { tool: s.tool, args: s.args } : { ...s }),
    };
  }
  return perform(plan, ctx);
}

const CONTROL = z.enum(["WAIT", "DONE", "FAIL"]);

const TOOL_ARGS = z.record(z.string(), z.unknown()).describe("The call's arguments.");

/** One step of a dry run's plan. */
const plannedStep = z.union([
  z.object({
    tool: z.string().describe("The tool it would call (click_at, type_text, press_key...)."),
    args: TOOL_ARGS,
  }).describe("A tool call."),
  z.object({
    kind: z.literal("sleep").describe("A pause."),
    seconds: z.number().describe("How long, in seconds."),
    action: z.object({
      kind: z.literal("sleep").describe("The agent's action: a pause."),
      seconds: z.number().describe("How long, in seconds."),
    }).describe("The agent's action."),
  }).describe("A pause (time.sleep)."),
  z.object({
    kind: z.literal("control").describe("A control word."),
    word: CONTROL.describe("The word."),
    action: z.object({
      kind: z.enum(["wait", "done", "fail"]).describe("The agent's action."),
    }).describe("The agent's action."),
  }).describe("A control word (WAIT also pauses)."),
]);

/** One step as performed: a call's outcome in brief, a pause, or a control word. */
const performedStep = z.object({
  action: z.enum(AGENT_ACTION_KINDS).describe("The kind of the agent's action it came from."),
  tool: z.string().optional().describe("Calls: the tool called."),
  args: TOOL_ARGS.optional(),
  ok: z.boolean().optional().describe("Calls: whether it succeeded (a failure ends the batch)."),
  step_id: z.number().int().optional().describe("Calls: the call's own step id."),
  changed: z.boolean().optional().describe("Calls: whether the window's content changed."),
  new_dialogs: z.array(windowRefSchema).optional().describe("Calls: windows it opened."),
  note: z.string().optional().describe("Calls: what the platform did, in words."),
  seconds: z.number().optional().describe("Pauses (sleep, WAIT): how long it paused."),
}).describe("One step performed (the full receipt of a call is in the trace).");

const agentBatchOutput = z.object({
  dry_run: z.literal(true).optional().describe("Dry runs: nothing was input."),
  plan: z.array(plannedStep).optional().describe("Dry runs: the steps it would take."),
  performed: z.number().int().optional().describe("How many steps were performed."),
  steps: z.array(performedStep).optional().describe("The steps performed, in order."),
  control: CONTROL.nullable().describe(
    "The last control word performed: WAIT, DONE or FAIL (null: none, and on dry runs).",
  ),
}).describe("The batch's plan (dry run) or what it performed.");

const OBSERVATION_ID = z.string().min(1).max(40).optional().describe(
  "The set-of-marks observation tag_N refers to (get_set_of_marks's observation_id); the " +
    "latest when omitted.",
);

const AGENT_SPACE = coordinateSpaceArg.describe(
  "The space the actions' coordinates are in (tag_N points are the marks' own): \"screen\" " +
    '(absolute screen pixels), "scaled:WIDTHxHEIGHT" (a screenshot of the whole screen scaled ' +
    'to that size, as get_screenshot with max_width answers it) or "normalized" (0 to 1000). ' +
    "Default: the session's (set_coordinate_space), else screen. The planned calls are in " +
    "screen pixels.",
);

const PLAN_DRY_RUN = dryRun.describe(
  "true: parse and plan only, answering with the tool calls it would make; nothing is input. " +
    "Default false.",
);

export const runPyautoguiTool = defineTool({
  name: "run_pyautogui",
  description:
    "Perform the pyautogui code an OSWorld / OS-Harm agent wrote — parsed, never executed: " +
    "click, doubleClick, tripleClick, rightClick, middleClick, moveTo, dragTo, mouseDown, " +
    "mouseUp, scroll, hscroll, vscroll, write, typewrite, press, hotkey, keyDown, keyUp, " +
    "time.sleep, tag_N from get_set_of_marks, and the bare WAIT, DONE, FAIL. Anything else " +
    "(loops, assignments, other imports, os.system, eval...) refuses the whole program with " +
    "the construct and its line and column, and nothing runs. Each action is then performed " +
    "as the service's own tool call (click_at, type_text, press_key...), with its budgets, " +
    "rules and audit; the answer lists them, and `control` says WAIT, DONE or FAIL when given.",
  kind: "input",
  input: z.object({
    code: z.string().max(MAX_INPUT_CHARS).describe(
      "pyautogui code, optionally inside a ```python fence, e.g. " +
        "\"pyautogui.click(100, 200)\\npyautogui.write('hi')\"; at most 65536 characters.",
    ),
    observation_id: OBSERVATION_ID,
    coordinate_space: AGENT_SPACE,
    dry_run: PLAN_DRY_RUN,
    confirm_token: CONFIRM_TOKEN,
  }),
  output: agentBatchOutput,
  annotations: ACTS,
  run(args, ctx) {
    const parsed = parsePyautogui(args.code);
    if (!parsed.ok) {
      const { message, line, column, construct } = parsed.error;
      throw new ToolError("BadRequest", `refused at line ${line}, column ${column}: ${message}`, {
        construct,
        line,
        column,
      });
    }
    return runActions(parsed.actions, {
      observationId: args.observation_id ?? null,
      dryRun: args.dry_run,
      coordinateSpace: args.coordinate_space,
    }, ctx);
  },
});

/** The shapes run_computer13 takes, for the refusal that finds neither. */
const COMPUTER13_SHAPES = '{"action": <one action, a list, or text>} or a bare action ' +
  '{"action_type": "CLICK", "parameters": {...}}';

/** `action`, or the bare action the arguments are; both or neither is refused naming the shapes. */
function computer13Input(
  args: { action?: unknown; action_type?: unknown; parameters?: unknown },
): unknown {
  const bare = args.action_type !== undefined || args.parameters !== undefined;
  if (bare && args.action !== undefined) {
    throw new ToolError(
      "BadRequest",
      `give action or a bare action_type, not both: expected ${COMPUTER13_SHAPES}`,
    );
  }
  if (bare) {
    return args.parameters === undefined
      ? { action_type: args.action_type }
      : { action_type: args.action_type, parameters: args.parameters };
  }
  if (args.action === undefined) {
    throw new ToolError("BadRequest", `no action: expected ${COMPUTER13_SHAPES}`);
  }
  return args.action;
}

export const runComputer13Tool = defineTool({
  name: "run_computer13",
  description:
    "Perform OSWorld's computer_13 actions: {action_type, parameters} with MOVE_TO, CLICK, " +
    "MOUSE_DOWN, MOUSE_UP, RIGHT_CLICK, DOUBLE_CLICK, DRAG_TO, SCROLL, TYPING, PRESS, " +
    "KEY_DOWN, KEY_UP, HOTKEY, or the words WAIT, DONE, FAIL; one action, a list, or an " +
    "agent's text holding ```json blocks. Any invalid action refuses them all. Each is " +
    "performed as the service's own tool call, with its budgets, rules and audit.",
  kind: "input",
  input: z.object({
    // Checked in run(), to answer with the failing action's index and field.
    action: checkedByTool(z.union([
      Computer13ActionSchema,
      z.array(
        z.union([
          Computer13ActionSchema,
          z.enum(["WAIT", "DONE", "FAIL"]).describe("A control word"),
        ]).describe("One computer_13 action or control word."),
      ).max(200).describe("Actions performed in order"),
      z.string().max(256 * 1024).describe(
        "WAIT, DONE, FAIL, or an agent's reply holding ```json blocks",
      ),
    ])).optional().describe(
      'One computer_13 action such as {"action_type": "CLICK", "parameters": {"x": 10, ' +
        '"y": 20}}, a list of them, "WAIT" / "DONE" / "FAIL", or an agent\'s reply text with ' +
        "```json blocks. Or leave it out and give one action bare (action_type, parameters).",
    ),
    action_type: checkedByTool(z.string()).optional().describe(
      "A bare computer_13 action's type, as OSWorld sends one: the arguments are then the " +
        "action itself ({action_type, parameters}), without `action`.",
    ),
    parameters: checkedByTool(z.record(
      z.string(),
      z.union([
        z.string().describe("Text, a key or a button."),
        z.number().describe("A coordinate, a count or a distance."),
        z.boolean().describe("A flag."),
        z.array(z.string().describe("A key.")).describe("Keys, as HOTKEY takes them."),
      ]).describe("A parameter's value."),
    )).optional().describe(
      "The bare action's parameters (with action_type).",
    ),
    coordinate_space: AGENT_SPACE,
    dry_run: PLAN_DRY_RUN,
    confirm_token: CONFIRM_TOKEN,
  }),
  output: agentBatchOutput,
  annotations: ACTS,
  run(args, ctx) {
    const parsed = parseComputer13(computer13Input(args));
    if (!parsed.ok) {
      const { message, path } = parsed.error;
      throw new ToolError(
        "BadRequest",
        `refused${path === "" ? "" : ` at ${path}`}: ${message}`,
        { path },
      );
    }
    return runActions(parsed.actions, {
      observationId: null,
      dryRun: args.dry_run,
      coordinateSpace: args.coordinate_space,
    }, ctx);
  },
});
