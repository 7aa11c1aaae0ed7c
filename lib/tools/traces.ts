// Run traces: start, stop and inspect the one active trace, list the
// recorded ones and read one back (get_trace).

import { z } from "zod";
import { join } from "node:path";
import { listTraces, loadTraceById, traceDirOf } from "../services/trace/store.ts";
import { TRACE_FILE } from "../formats/trace/format.ts";
import { defineTool, READ_ONLY, STORES } from "../runtime/registry.ts";

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
