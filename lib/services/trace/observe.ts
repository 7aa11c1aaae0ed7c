// What a trace row and a replay observe of the desktop around a call: the
// focused window's tree hash, the call's window, and on a scenario desktop
// its state and oracle verdicts. Failures here never fail the call being
// traced: a missing observation is an empty field.

import { type CacheUse, captureWindow, listWindows } from "../observe/capture.ts";
import {
  focusedWindow,
  type ListedWindow,
  resolveWindow,
} from "../../formats/geometry/window_order.ts";
import { evaluatePredicates } from "../scenario/predicates/evaluate.ts";
import { sessionDesktop } from "../scenario/predicates/session_desktop.ts";
import type { TraceContext } from "./context.ts";
import type { TracedWindow, TraceRow } from "../../formats/trace/format.ts";

export async function windowsNow(session: TraceContext): Promise<ListedWindow[]> {
  try {
    return await listWindows(session);
  } catch {
    return [];
  }
}

/** The focused window's tree hash, "" when there is none or it cannot be read. */
export async function focusedTreeHash(
  session: TraceContext,
  windows: ListedWindow[],
  use: CacheUse,
): Promise<string> {
  const window = focusedWindow(windows);
  if (!window) return "";
  try {
    return (await captureWindow(session, window, use)).hash;
  } catch {
    return "";
  }
}

/**
 * The window a call named or acted on, as listed before it (a dialog the call
 * closed is still known) or after it (one it opened).
 */
export function calledWindow(
  args: Record<string, unknown>,
  result: Record<string, unknown>,
  before: ListedWindow[],
  after: ListedWindow[],
): TracedWindow | null {
  const named = resolveWindow(before, {
    window_uid: typeof args.window_uid === "string" ? args.window_uid : undefined,
    window_index: typeof args.window_index === "number" ? args.window_index : undefined,
    window_title: typeof args.window_title === "string" ? args.window_title : undefined,
  }).window;
  const target = result.target as { window_uid?: unknown } | undefined;
  const uid = named?.window_uid ?? target?.window_uid ?? result.window_uid;
  if (typeof uid !== "string") return null;
  const window = before.find((w) => w.window_uid === uid) ??
    after.find((w) => w.window_uid === uid);
  return window ? { window_uid: uid, title: window.title, process: window.process } : null;
}

/** The loaded scenario's state and its oracles' verdicts (null: the scenario has none). */
export async function scenarioVerdict(session: TraceContext): Promise<TraceRow["scenario"]> {
  const engine = session.scenario;
  if (!engine) return undefined;
  const { success, failure } = engine.scenario.oracles;
  const judge = async (predicates: unknown[]) => {
    if (predicates.length === 0) return null;
    const results = await evaluatePredicates(
      predicates,
      sessionDesktop(session),
      session.config.limits.regex_length,
    );
    return results.every((r) => r.passed);
  };
  return { state: engine.state, success: await judge(success), failure: await judge(failure) };
}
