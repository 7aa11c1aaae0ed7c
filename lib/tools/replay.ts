// Replaying a trace: execute mode re-issues the recorded calls against the
// desktop as it is now, verify mode also compares each step's observable
// result with the recording. Steps run one at a time (replay_step) or to the
// end (replay_run), inside the caller's turn in the tool queue, through the
// whole pipeline (safety rails, tracing) as "replay".

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import type { Session } from "../runtime/session.ts";
import { checkReplayable } from "../runtime/replay_check.ts";
import type { Replay } from "../runtime/replay_desk.ts";
import { runStep } from "../runtime/replay_step.ts";
import { loadTraceById, loadTracePath } from "../services/trace/store.ts";
import { defineTool, READ_ONLY, STORES, type Tool } from "../runtime/registry.ts";
import { cancelledError } from "../support/cancel.ts";

const REPLAY_ID = z.string().min(1).max(64).describe(
  "The replay's id as replay_start returned it (rep: and a number).",
);

const difference = z.object({
  path: z.string().describe('The field that differs ("ok", "error.code", "tree_hash_after"...).'),
  want: z.unknown().describe("Its value in the recording."),
  got: z.unknown().describe("Its value now."),
}).describe("One difference from the recording.");

const actualSummary = z.object({
  ok: z.boolean().optional().describe("Whether the call succeeded."),
  step_id: z.number().int().optional().describe("Its step id."),
  action: z.string().optional().describe("The action its receipt names."),
  changed: z.boolean().optional().describe("Whether it changed the window."),
  matched_index: z.number().int().nullable().optional().describe(
    "wait_for: the condition that matched.",
  ),
  effective_mode: z.string().optional().describe("get_screen_description: the mode used."),
}).describe("The re-issued call's result, in brief (the fields it had of these).");

const stepReport = z.object({
  trace_seq: z.number().int().describe("The recorded call's place in the trace."),
  step_id: z.number().int().describe("The recorded call's step id."),
  tool: z.string().describe("The tool called."),
  replayed_step_id: z.number().int().nullable().describe("The step id the re-issued call got."),
  outcome: z.enum(["same", "diverged", "executed"]).describe(
    "same: as recorded (verify); diverged: see differences; executed: run (execute mode).",
  ),
  differences: z.array(difference).describe("How it differs from the recording."),
  notes: z.array(z.string().describe("One note.")).describe(
    "How the call was re-aimed or re-synchronised, in words.",
  ),
  actual_summary: actualSummary,
}).describe("One row of the comparison table.");

const divergence = z.object({
  step_id: z.number().int().describe("The recorded call's step id."),
  trace_seq: z.number().int().describe("Its place in the trace."),
  tool: z.string().describe("The tool called."),
  differences: z.array(difference).describe("How it differs from the recording."),
}).describe("A step that differed from the recording.");

const MODE = z.enum(["execute", "verify"]).describe("execute or verify.");
const POLICY = z.enum(["stop", "warn", "resume"]).describe("What a divergence does.");

/** What replay_status answers (replay_run too). */
const replayStatus = {
  replay_id: z.string().describe("The replay's id."),
  trace_id: z.string().describe("The trace replayed."),
  mode: MODE,
  on_divergence: POLICY,
  position: z.number().int().describe("Steps run so far."),
  total: z.number().int().describe("Steps in the trace."),
  finished: z.boolean().describe("Nothing is left to run (or on_divergence stop hit)."),
  divergences: z.array(divergence).describe("Every divergence so far."),
  steps: z.array(stepReport).describe("The comparison table: one row per step run."),
};

/** Re-issues recorded calls: whatever those do to the desktop. */
const REPLAYS = { readOnlyHint: false, destructiveHint: true, idempotentHint: false };

function statusOf(replay: Replay) {
  return {
    replay_id: replay.id,
    trace_id: replay.trace.header.trace_id,
    mode: replay.mode,
    on_divergence: replay.policy,
    position: replay.position,
    total: replay.total,
    finished: replay.finished,
    divergences: replay.divergences,
    steps: replay.steps,
  };
}

export const replayStartTool = defineTool({
  name: "replay_start",
  description: "Load a recorded trace for replay. The whole file is checked first (a cut, " +
    "re-ordered or hand-broken file, or a newer format, is TraceInvalid and nothing runs). " +
    "execute re-issues the recorded calls against the desktop as it is now: windows named " +
    "by uid or index are found again by title and process (waiting for them to appear), " +
    "elements named by id are named by the selector the recording resolved. verify also " +
    "compares each step with the recording (the tool's result fields, the focused window's " +
    "tree hash, new dialogs, scenario state and oracles). Then replay_step or replay_run.",
  kind: "other",
  input: z.object({
    path: z.string().min(1).optional().describe(
      "The trace.jsonl file or its trace folder, inside the tracing folder (config " +
        "tracing.dir); relative paths are from the server's working directory. Give this or " +
        "trace_id.",
    ),
    trace_id: z.string().min(1).max(64).optional().describe(
      "The trace to replay, by id (list_traces). Give this or path.",
    ),
    mode: MODE.default("execute").describe(
      "execute: re-issue the calls; verify: re-issue and compare each with the recording.",
    ),
    on_divergence: POLICY.default("warn").describe(
      "When a step differs from the recording: stop the replay there; warn (record it and " +
        "go on); resume (record it, put the desktop back in the recorded state where that " +
        "can be done — a scenario's state, or skipping to the step recorded from the window " +
        "as it is now — and go on). In execute mode a step differs when its outcome (ok, " +
        "error code) does.",
    ),
    window_timeout_ms: z.number().int().min(0).max(60_000).default(5000).describe(
      "How long a step waits for the window it was recorded in to appear. Default 5000.",
    ),
  }),
  output: z.object({
    replay_id: z.string().describe("The replay's id (rep: and a number)."),
    trace_id: z.string().describe("The trace loaded."),
    total: z.number().int().describe("Steps in the trace."),
    mode: MODE,
    on_divergence: POLICY,
    label: z.string().nullable().describe("The trace's label (null: none)."),
    stopped: z.boolean().describe("Whether the trace was stopped (its file is complete)."),
  }),
  annotations: STORES,
  async run(args, { session, tools }) {
    if (args.path === undefined && args.trace_id === undefined) {
      throw new ToolError("BadRequest", "path is required (or trace_id)");
    }
    const trace = args.path !== undefined
      ? await loadTracePath(session, args.path)
      : await loadTraceById(session, args.trace_id!);
    checkReplayable(trace, tools);
    const replay = session.replays.open(
      trace,
      args.mode,
      args.on_divergence,
      Math.min(args.window_timeout_ms, session.config.wait_for.max_timeout_ms),
    );
    return {
      replay_id: replay.id,
      trace_id: trace.header.trace_id,
      total: replay.total,
      mode: replay.mode,
      on_divergence: replay.policy,
      label: trace.header.label ?? null,
      stopped: trace.footer !== null,
    };
  },
});

async function step(session: Session, tools: ReadonlyMap<string, Tool>, replay: Replay) {
  const report = await runStep(session, tools, replay);
  const base = {
    replay_id: replay.id,
    finished: replay.finished,
    position: replay.position,
    total: replay.total,
  };
  if (!report) return base;
  return {
    ...base,
    tool: report.tool,
    trace_seq: report.trace_seq,
    divergence: report.differences.length > 0 ? report.differences : null,
    actual_summary: report.actual_summary,
    step: report,
  };
}

export const replayStepTool = defineTool({
  name: "replay_step",
  description: "Run the replay's next recorded call and say how it went: the tool, " +
    "divergence (the differing fields, recorded want vs got, or null), the fresh result's " +
    "summary and the step's report (how it was re-aimed). finished: true once there is " +
    "nothing left (or on_divergence stop hit).",
  kind: "other",
  input: z.object({ replay_id: REPLAY_ID }),
  output: z.object({
    replay_id: z.string().describe("The replay's id."),
    finished: z.boolean().describe("Nothing is left to run (or on_divergence stop hit)."),
    position: z.number().int().describe("Steps run so far."),
    total: z.number().int().describe("Steps in the trace."),
    tool: z.string().optional().describe("The tool this step called (absent: none was left)."),
    trace_seq: z.number().int().optional().describe("The step's place in the trace."),
    divergence: z.array(difference).nullable().optional().describe(
      "How the step differed from the recording (null: it did not).",
    ),
    actual_summary: actualSummary.optional(),
    step: stepReport.optional().describe("The step's row of the comparison table."),
  }),
  annotations: REPLAYS,
  run(args, { session, tools }) {
    return step(session, tools, session.replays.get(args.replay_id));
  },
});

export const replayRunTool = defineTool({
  name: "replay_run",
  description: "Run the replay's remaining steps (or at most max_steps) and return its " +
    "status with the comparison table of every step run so far.",
  kind: "other",
  input: z.object({
    replay_id: REPLAY_ID,
    max_steps: z.number().int().min(1).max(100_000).optional().describe(
      "Stop after this many steps even when more are left.",
    ),
  }),
  output: z.object({
    ...replayStatus,
    steps_run: z.number().int().describe("Steps this call ran."),
  }),
  annotations: REPLAYS,
  async run(args, { session, tools, signal }) {
    const replay = session.replays.get(args.replay_id);
    let ran = 0;
    while (!replay.finished && (args.max_steps === undefined || ran < args.max_steps)) {
      // The replay keeps its place: replay_step or replay_run go on from here.
      if (signal?.aborted) {
        throw cancelledError(`the replay after ${ran} steps`, { steps_run: ran });
      }
      if (!(await runStep(session, tools, replay))) break;
      ran++;
    }
    return { ...statusOf(replay), steps_run: ran };
  },
});

export const replayStatusTool = defineTool({
  name: "replay_status",
  description: "Where a replay stands: position, total, finished, every divergence, and a " +
    "comparison table with one entry per step run (outcome same / diverged / executed, " +
    "the differences, how the call was re-aimed or re-synchronised).",
  kind: "other",
  input: z.object({ replay_id: REPLAY_ID }),
  output: z.object(replayStatus),
  annotations: READ_ONLY,
  run(args, { session }) {
    return Promise.resolve(statusOf(session.replays.get(args.replay_id)));
  },
});

export const replayStopTool = defineTool({
  name: "replay_stop",
  description: "Forget a replay and its comparison table; its id is never reused. A replay " +
    "can be stopped at any step.",
  kind: "other",
  input: z.object({ replay_id: REPLAY_ID }),
  output: z.object({
    stopped: z.literal(true).describe("The replay is forgotten."),
  }),
  annotations: STORES,
  run(args, { session }) {
    session.replays.close(args.replay_id);
    return Promise.resolve({ stopped: true });
  },
});
