// The trace file (trace.jsonl): a header line, one line per traced tool call,
// and a footer once the trace is stopped. These schemas are the one
// definition of what a line holds; the recorder writes them, and replay, the
// viewer, the HTML report and the OSWorld export read them back.

import { z } from "zod";

/**
 * The format this service writes. A header without `format` is format 1
 * (traces of the original Python service); a higher number is refused: it
 * may mean fields this version does not understand.
 */
export const TRACE_FORMAT = 1;
export const TRACE_FILE = "trace.jsonl";
export const SCREENSHOT_DIR = "screenshots";
/** `trace-` and eight lowercase hex digits. */
export const TRACE_ID = /^trace-[0-9a-f]{8}$/;

export const traceHeader = z.object({
  type: z.literal("header"),
  trace_id: z.string().regex(TRACE_ID),
  label: z.string().nullable().optional(),
  started_at: z.string(),
  tool_version: z.string().optional(),
  format: z.number().int().min(1).optional(),
});
export type TraceHeader = z.infer<typeof traceHeader>;

export const traceFooter = z.object({
  type: z.literal("footer"),
  stopped_at: z.string(),
  step_count: z.number().int().min(0),
  duration_ms: z.number().min(0),
});
export type TraceFooter = z.infer<typeof traceFooter>;

/** The window a call worked on, so a replay can find it again on another desktop. */
export const tracedWindow = z.object({
  window_uid: z.string(),
  title: z.string(),
  process: z.string(),
});
export type TracedWindow = z.infer<typeof tracedWindow>;

/** The file names the recorder gives screenshots (step-00012-full.png). */
export const SCREENSHOT_NAME = /^step-\d{5,}-(full|window)\.png$/;

const screenshotRef = z.string().regex(
  new RegExp(`^${SCREENSHOT_DIR}/${SCREENSHOT_NAME.source.replace(/^\^/, "")}`),
);

export const traceRow = z.object({
  step_id: z.number().int(),
  trace_seq: z.number().int().min(1),
  ts: z.string(),
  caller: z.string(),
  tool: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
  result_summary: z.record(z.string(), z.unknown()),
  tree_hash_before: z.string(),
  tree_hash_after: z.string(),
  duration_ms: z.number().min(0),
  screenshot_full_ref: screenshotRef.optional(),
  screenshot_window_ref: screenshotRef.optional(),
  /** The call's window as it was listed (ours; absent in the original's traces). */
  window: tracedWindow.optional(),
  /** On a scenario desktop: its state after the call and its oracles' verdicts. */
  scenario: z.object({
    state: z.string(),
    success: z.boolean().nullable(),
    failure: z.boolean().nullable(),
  }).optional(),
});
export type TraceRow = z.infer<typeof traceRow>;

/** Marks arguments too large to record whole (tracing.max_args_bytes). */
export const TRUNCATED_KEY = "__truncated";
