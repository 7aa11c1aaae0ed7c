// One replay step: the recorded call re-aimed at the desktop as it is now
// and re-issued through the tool pipeline (safety rails, tracing and all, as
// caller "replay"), then compared with the recording, and the divergence
// policy applied.

import type { Session } from "./session.ts";
import { dispatchNested } from "./dispatch.ts";
import type { Tool } from "./registry.ts";
import type { ListedWindow } from "../formats/geometry/window_order.ts";
import type { TracedWindow, TraceRow } from "../formats/trace/format.ts";
import { focusedTreeHash, scenarioVerdict, windowsNow } from "../services/trace/observe.ts";
import { summarizeResult } from "../formats/trace/row_fields.ts";
import { compareOutcome, compareStep, type Difference } from "./replay_compare.ts";
import type { Replay, StepReport } from "./replay_desk.ts";
import { matchWindow, namesWindowByHandle, retarget } from "./replay_retarget.ts";

/** Result keys a step's `actual_summary` shows. */
const ACTUAL_KEYS = ["ok", "step_id", "action", "changed", "matched_index", "effective_mode"];
const WINDOW_POLL_MS = 100;

/** Runs the replay's next step; null when it has finished. */
export async function runStep(
  session: Session,
  tools: ReadonlyMap<string, Tool>,
  replay: Replay,
): Promise<StepReport | null> {
  if (replay.finished || replay.position >= replay.total) {
    replay.finished = true;
    return null;
  }
  const row = replay.trace.rows[replay.position];
  const notes: string[] = [];
  let window: ListedWindow | null = null;
  if (row.window && namesWindowByHandle(row.args)) {
    window = await awaitWindow(session, replay, row.window);
    if (window) replay.matched.set(row.window.window_uid, window.window_uid);
    else {
      notes.push(
        `no window like '${row.window.title}' (${row.window.process}) appeared within ` +
          `${replay.windowTimeoutMs} ms; the call names the recorded one`,
      );
    }
  }
  const retargeted = retarget(row, window);
  notes.push(...retargeted.notes);
  const { body } = await dispatchNested(session, tools, row.tool, retargeted.args, "replay");
  const summary = summarizeResult(body);
  const differences = replay.mode === "verify"
    ? await verify(session, row, summary)
    : compareOutcome(row, summary);
  replay.position++;
  const report: StepReport = {
    trace_seq: row.trace_seq,
    step_id: row.step_id,
    tool: row.tool,
    replayed_step_id: typeof body.step_id === "number" ? body.step_id : null,
    outcome: differences.length > 0 ? "diverged" : replay.mode === "verify" ? "same" : "executed",
    differences,
    notes,
    actual_summary: Object.fromEntries(
      ACTUAL_KEYS.filter((k) => k in body).map((k) => [k, body[k]]),
    ),
  };
  if (differences.length > 0) diverged(replay, row, differences);
  if (differences.length > 0 && replay.policy === "resume") {
    notes.push(await resynchronise(session, replay, row));
  }
  if (replay.position >= replay.total) replay.finished = true;
  replay.steps.push(report);
  return report;
}

async function verify(
  session: Session,
  row: TraceRow,
  summary: Record<string, unknown>,
): Promise<Difference[]> {
  const windows = await windowsNow(session);
  return compareStep(row, {
    summary,
    treeHashAfter: await focusedTreeHash(session, windows, "current"),
    scenario: await scenarioVerdict(session),
  });
}

function diverged(replay: Replay, row: TraceRow, differences: Difference[]): void {
  replay.divergences.push({
    step_id: row.step_id,
    trace_seq: row.trace_seq,
    tool: row.tool,
    differences,
  });
  if (replay.policy === "stop") replay.finished = true;
}

/** The recorded window, once it is listed (a dialog may still be opening). */
async function awaitWindow(
  session: Session,
  replay: Replay,
  recorded: TracedWindow,
): Promise<ListedWindow | null> {
  const deadline = Date.now() + replay.windowTimeoutMs;
  while (true) {
    const found = matchWindow(recorded, await windowsNow(session), replay.matched);
    if (found || Date.now() >= deadline) return found;
    await new Promise((r) => setTimeout(r, WINDOW_POLL_MS));
  }
}

/**
 * `resume`: back to the recorded state where that can be done. A scenario
 * desktop is put into the state the recording reached; elsewhere the replay
 * skips ahead to the first later step recorded from the desktop as it is now.
 */
async function resynchronise(session: Session, replay: Replay, row: TraceRow): Promise<string> {
  const engine = session.scenario;
  if (row.scenario && engine) {
    if (engine.state === row.scenario.state) return "re-synchronised: the scenario state matches";
    if (engine.enterState(row.scenario.state)) {
      session.cache.invalidate(null);
      return `re-synchronised: the scenario was put into its recorded state '${row.scenario.state}'`;
    }
  }
  const hash = await focusedTreeHash(session, await windowsNow(session), "current");
  const rows = replay.trace.rows;
  if (hash !== "" && hash === row.tree_hash_after) {
    return "re-synchronised: the window is as recorded";
  }
  for (let next = replay.position; hash !== "" && next < rows.length; next++) {
    if (rows[next].tree_hash_before !== hash) continue;
    const skipped = next - replay.position;
    replay.position = next;
    return skipped === 0
      ? "re-synchronised: the next step starts from this window as recorded"
      : `re-synchronised: skipped ${skipped} step(s) to step ${rows[next].trace_seq}, recorded ` +
        "from this window as it is now";
  }
  return "could not re-synchronise: no later step was recorded from this window; going on";
}
