// Run traces: start, stop and inspect the one active trace, list the
// recorded ones and read one back (get_trace).

import { z } from "zod";
import { join } from "node:path";
import { listTraces, loadTraceById, traceDirOf } from "../services/trace/store.ts";
import { TRACE_FILE } from "../formats/trace/format.ts";
import { defineTool, READ_ONLY, STORES } from "../runtime/registry.ts";

/** One recorded call as get_trace serves it: the trace line, with its screenshots' URLs. */
const tracedStep = z.object({
  step_id: z.number().int().describe("The call's step number in its session."),
  trace_seq: z.number().int().describe("Its place in the trace, from 1."),
  ts: z.string().describe("When it finished (ISO 8601)."),
  caller: z.string().describe('Who made it ("rest", "mcp", "replay", ...).'),
  tool: z.string().describe("The tool called."),
  args: z.record(z.string(), z.unknown()).describe(
    "Its arguments as recorded (configured keys hidden; a large set cut to a preview).",
  ),
  result_summary: z.record(z.string(), z.unknown()).describe(
    "What the result said, in brief: ok, step_id, action, changed, target, new_dialogs " +
      "(titles), error {code}, ... as the tool returned them.",
  ),
  tree_hash_before: z.string().describe("The window's tree hash before the call."),
  tree_hash_after: z.string().describe("The window's tree hash after the call."),
  duration_ms: z.number().describe("How long the call took."),
  screenshot_full_ref: z.string().optional().describe(
    "The screen's screenshot file in the trace folder, on rows that have one.",
  ),
  screenshot_window_ref: z.string().optional().describe(
    "The window's screenshot file in the trace folder, on rows that have one.",
  ),
  window: z.object({
    window_uid: z.string().describe("The window's id when recorded."),
    title: z.string().describe("Its title."),
    process: z.string().describe("Its program's process name."),
  }).optional().describe("The window the call worked on (absent in the original's traces)."),
  scenario: z.object({
    state: z.string().describe("The scenario's state after the call."),
    success: z.boolean().nullable().describe("Its success oracle (null: it has none)."),
    failure: z.boolean().nullable().describe("Its failure oracle (null: it has none)."),
  }).optional().describe("Scenario desktops: the scenario after the call."),
  screenshots: z.object({
    full: z.string().nullable().describe("URL of the screen's screenshot (null: none)."),
    window: z.string().nullable().describe("URL of the window's screenshot (null: none)."),
  }).describe("The row's screenshots, as URLs on this service."),
}).describe("One recorded call.");

const TRACE_ID = z.string().min(1).max(64).describe(
  "A trace's id as trace_start or list_traces gave it: trace- and 8 hex digits.",
);

export const traceStartTool = defineTool({
  name: "trace_start",
  description: "Start recording every tool call (from REST and MCP alike) into a new trace " +
    "folder: trace.jsonl gets one line per call as it finishes (arguments, result summary, " +
    "tree hashes before and after, the window) and screenshots go with the first call and " +
    "every tracing.screenshot_every_n_actions-th. Everything written is redacted like any " +
    "answer. One trace at a time; stop it with trace_stop, replay it with replay_start.",
  kind: "other",
  input: z.object({
    label: z.string().max(200).optional().describe(
      "A name for the run, shown by list_traces and the report.",
    ),
  }),
  output: z.object({
    trace_id: z.string().describe("The new trace's id (trace- and 8 hex digits)."),
    started_at: z.number().describe("When it started, Unix seconds."),
    dir: z.string().describe("Its folder."),
  }),
  annotations: STORES,
  async run(args, { session }) {
    const trace = await session.trace.start(args.label ?? null);
    return { trace_id: trace.id, started_at: trace.startedAt / 1000, dir: trace.dir };
  },
});

export const traceStopTool = defineTool({
  name: "trace_stop",
  description: "Stop the active trace: its footer is written and the file is complete. " +
    "Returns the trace.jsonl path, how many calls it holds and how long it ran.",
  kind: "other",
  input: z.object({}),
  output: z.object({
    trace_id: z.string().describe("The trace's id."),
    path: z.string().describe("Its trace.jsonl file."),
    step_count: z.number().int().describe("How many calls it holds."),
    duration_ms: z.number().describe("How long it ran."),
  }),
  annotations: STORES,
  async run(_args, { session }) {
    const { trace, durationMs } = await session.trace.stop();
    return {
      trace_id: trace.id,
      path: join(trace.dir, TRACE_FILE),
      step_count: trace.rows,
      duration_ms: durationMs,
    };
  },
});

export const traceStatusTool = defineTool({
  name: "trace_status",
  description: "Whether a trace is recording, its id, folder and how many calls it holds.",
  kind: "other",
  input: z.object({}),
  output: z.object({
    active_trace_id: z.string().nullable().describe("The recording trace's id (null: none)."),
    step_count: z.number().int().describe("How many calls it holds (0: none recording)."),
    dir: z.string().nullable().describe("Its folder (null: none recording)."),
  }),
  annotations: READ_ONLY,
  run(_args, { session }) {
    const trace = session.trace.active;
    return Promise.resolve({
      active_trace_id: trace?.id ?? null,
      step_count: trace?.rows ?? 0,
      dir: trace?.dir ?? null,
    });
  },
});

export const listTracesTool = defineTool({
  name: "list_traces",
  description: "The traces in the tracing folder, newest first: id, label, start, whether " +
    "it was stopped, step count, or the problem that makes it unreadable.",
  kind: "other",
  input: z.object({
    limit: z.number().int().min(1).max(1000).default(100).describe(
      "Most traces listed. Default 100.",
    ),
  }),
  output: z.object({
    dir: z.string().describe("The tracing folder."),
    count: z.number().int().describe("How many traces are listed."),
    traces: z.array(
      z.object({
        trace_id: z.string().describe("The trace's id."),
        label: z.string().nullable().describe("Its label (null: none)."),
        started_at: z.string().nullable().describe("When it started (null: unreadable)."),
        stopped: z.boolean().describe("Whether it was stopped (its file is complete)."),
        step_count: z.number().int().nullable().describe("Calls it holds (null: unreadable)."),
        problem: z.string().nullable().describe("Why it cannot be read (null: it can)."),
      }).describe("One trace."),
    ).describe("The traces, newest first."),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const traces = await listTraces(session, args.limit);
    return { dir: session.config.tracing.dir, count: traces.length, traces };
  },
});

export const getTraceTool = defineTool({
  name: "get_trace",
  description: "A recorded trace's steps for reading: each call's time, caller, tool, " +
    "arguments, result summary, tree hashes, window and screenshot URLs " +
    "(GET /api/trace/<id>/screenshots/<file>). TraceInvalid says which line of a damaged " +
    "file is wrong. Marked untrusted: it holds what was read off the screen.",
  kind: "perception",
  input: z.object({
    trace_id: TRACE_ID,
    offset: z.number().int().min(0).default(0).describe("Steps to skip from the start."),
    limit: z.number().int().min(1).max(10_000).default(500).describe(
      "Most steps returned. Default 500.",
    ),
  }),
  output: z.object({
    trace_id: z.string().describe("The trace's id."),
    label: z.string().nullable().describe("Its label (null: none)."),
    started_at: z.string().describe("When it started (ISO 8601)."),
    stopped_at: z.string().nullable().describe("When it was stopped (null: still open)."),
    stopped: z.boolean().describe("Whether it was stopped (its file is complete)."),
    duration_ms: z.number().nullable().describe("How long it ran (null: still open)."),
    dir: z.string().describe("Its folder."),
    step_count: z.number().int().describe("How many calls it holds in all."),
    offset: z.number().int().describe("Steps skipped from the start."),
    steps: z.array(tracedStep).describe("The calls from offset on, at most limit."),
  }),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const trace = await loadTraceById(session, args.trace_id);
    const url = (ref: string | undefined) =>
      ref === undefined ? null : `/api/trace/${args.trace_id}/${ref}`;
    const steps = trace.rows.slice(args.offset, args.offset + args.limit).map((row) => ({
      ...row,
      screenshots: { full: url(row.screenshot_full_ref), window: url(row.screenshot_window_ref) },
    }));
    return {
      trace_id: args.trace_id,
      label: trace.header.label ?? null,
      started_at: trace.header.started_at,
      stopped_at: trace.footer?.stopped_at ?? null,
      stopped: trace.footer !== null,
      duration_ms: trace.footer?.duration_ms ?? null,
      dir: traceDirOf(session, args.trace_id),
      step_count: trace.rows.length,
      offset: args.offset,
      steps,
    };
  },
});
