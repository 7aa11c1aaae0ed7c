// Tracing one tool call: while a trace is active, every call but the trace
// and replay tools leaves a row — its arguments, a summary of its (already
// redacted) result, the focused window's tree hash before and after, the
// window it worked on, the scenario's verdicts, and on the cadence's rows
// screenshots of the screen and of that window. The row is written before the
// call answers.

import { log } from "../support/log.ts";
import { typedText } from "../services/safety/confirmation.ts";
import type { Session } from "./session.ts";
import type { Caller, ToolKind, ToolResult } from "./registry.ts";
import type { ActiveTrace, RowDraft } from "../services/trace/recorder.ts";
import {
  calledWindow,
  focusedTreeHash,
  scenarioVerdict,
  windowsNow,
} from "../services/trace/observe.ts";
import { screenshotPng } from "../services/observe/capture.ts";
import {
  recordedArgs,
  screenshotRef,
  summarizeResult,
  traceTimestamp,
  wantsScreenshots,
} from "../formats/trace/row_fields.ts";
import type { ListedWindow } from "../formats/geometry/window_order.ts";

/** Tools that manage traces and replays are never rows themselves. */
export const UNTRACED_TOOLS: ReadonlySet<string> = new Set([
  "trace_start",
  "trace_stop",
  "trace_status",
  "list_traces",
  "get_trace",
  "replay_start",
  "replay_step",
  "replay_run",
  "replay_status",
  "replay_stop",
]);

export interface TracedCall {
  tool: string;
  /** input tools act on the desktop; the inspector's reads are not rows (see traceBefore). */
  kind: ToolKind;
  caller: Caller;
  stepId: number;
  /** The arguments as the caller sent them. */
  args: unknown;
}

/** What a traced call noted before it ran, for its row afterwards. */
export interface TraceStart {
  call: TracedCall;
  trace: ActiveTrace;
  windowsBefore: ListedWindow[];
  hashBefore: string;
  at: Date;
  started: number;
}

/**
 * Notes what the row needs from before the call (the windows, the focused
 * tree's hash, the time); null when the call leaves no row.
 */
export async function traceBefore(session: Session, call: TracedCall): Promise<TraceStart | null> {
  const trace = session.trace.active;
  // A person watching in the inspector polls the window; those reads are not the
  // run's steps. Anything that acts on the desktop is a row, whoever calls it.
  const watching = call.caller === "inspector" && call.kind !== "input";
  if (!trace || UNTRACED_TOOLS.has(call.tool) || watching) return null;
  const windowsBefore = await windowsNow(session);
  const hashBefore = await focusedTreeHash(session, windowsBefore, "allow");
  return { call, trace, windowsBefore, hashBefore, at: new Date(), started: performance.now() };
}

/** Writes the call's row; the result, with `trace_error` when the row could not be written. */
export async function traceAfter(
  session: Session,
  start: TraceStart,
  result: ToolResult,
): Promise<ToolResult> {
  const { call, trace, windowsBefore, hashBefore, at } = start;
  const recorder = session.trace;
  const durationMs = Math.round(performance.now() - start.started);
  const args = argsOf(call.args, session.safety.redactor.replacement);
  try {
    await recorder.record(trace, async (seq) => {
      const windowsAfter = await windowsNow(session);
      const window = calledWindow(args, result, windowsBefore, windowsAfter);
      const draft: RowDraft = {
        step_id: typeof result.step_id === "number" ? result.step_id : call.stepId,
        ts: traceTimestamp(at),
        caller: call.caller,
        tool: call.tool,
        args: recordedArgs(args, recorder.settings.redact_keys, recorder.settings.max_args_bytes),
        result_summary: summarizeResult(result),
        tree_hash_before: hashBefore,
        tree_hash_after: await focusedTreeHash(session, windowsAfter, "current"),
        duration_ms: durationMs,
        ...(window ? { window } : {}),
      };
      const scenario = await scenarioVerdict(session);
      if (scenario) draft.scenario = scenario;
      if (wantsScreenshots(seq, recorder.settings.screenshot_every_n_actions)) {
        const shots = await screenshots(session, trace, seq, window?.window_uid, windowsAfter);
        Object.assign(draft, shots);
      }
      return draft;
    });
  } catch (e) {
    log("ERROR", "trace", `could not write the trace row of step ${call.stepId}: ${e}`);
    return { ...result, trace_error: "this call's trace row could not be written" };
  }
  return result;
}

/** The caller's arguments, with text typed as a secret hidden. */
function argsOf(raw: unknown, replacement: string): Record<string, unknown> {
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return {};
  const args = { ...raw as Record<string, unknown> };
  const typed = args.secret === true ? typedText(args) : null;
  if (typed === null) return args;
  for (const [key, value] of Object.entries(args)) if (value === typed) args[key] = replacement;
  return args;
}

async function screenshots(
  session: Session,
  trace: ActiveTrace,
  seq: number,
  windowUid: string | undefined,
  windows: ListedWindow[],
): Promise<Partial<RowDraft>> {
  const refs: Partial<RowDraft> = {};
  const save = async (kind: "full" | "window", png: Uint8Array | null) => {
    if (!png) return;
    const ref = screenshotRef(seq, kind);
    try {
      await session.trace.writeScreenshot(trace, ref, png);
      refs[kind === "full" ? "screenshot_full_ref" : "screenshot_window_ref"] = ref;
    } catch (e) {
      log("WARNING", "trace", `could not write ${ref}: ${e}`);
    }
  };
  await save("full", await screenshotPng(session, { kind: "screen" }));
  const window = windows.find((w) => w.window_uid === windowUid);
  if (window) {
    await save("window", await screenshotPng(session, { kind: "window", handle: window.handle }));
  }
  return refs;
}
