// The part every verb shares once its target is known: a dry run answers with
// the receipt alone; otherwise the verb notes the start, starts its action
// itself (so the action's path does not pass through here), and the window is
// captured again: the receipt gains after / changed / new_dialogs / focus (the
// window with the keyboard focus when the input started and when it ended) /
// duration_ms. A ToolError from the action is the caller's answer; any other
// failure is the action's outcome.

import type { ActionOutcome } from "../../../adapters/types.ts";
import { ToolError } from "../../model/errors.ts";
import { contentFingerprint } from "../../model/hash.ts";
import type { ActContext } from "./context.ts";
import type { Element } from "../../model/tree.ts";
import { captureWindow, listWindows } from "../observe/capture.ts";
import { type ListedWindow, windowWithKeys } from "../../formats/geometry/window_order.ts";
import { windowRef } from "./window_at.ts";
import { GONE_STATE, newDialogs, type TreeState, treeState } from "./receipts.ts";

/** The state of a window after an action; "" fields when it is gone. */
export async function stateAfter(
  session: ActContext,
  window: ListedWindow,
): Promise<{ state: TreeState; tree: Element | null; windows: ListedWindow[] }> {
  const windows = await listWindows(session);
  if (!windows.some((w) => w.window_uid === window.window_uid)) {
    return { state: GONE_STATE, tree: null, windows };
  }
  try {
    const after = await captureWindow(session, window, "walk");
    return { state: treeState(after.tree, after.hash), tree: after.tree, windows };
  } catch (e) {
    if (e instanceof ToolError && e.code === "WindowGone") {
      return { state: GONE_STATE, tree: null, windows };
    }
    throw e;
  }
}

/** Whether anything an element shows changed (tree_hash alone misses check and focus state). */
export function treeChanged(
  before: { state: TreeState; tree: Element | null },
  after: { state: TreeState; tree: Element | null },
): boolean {
  if (before.state.tree_hash !== after.state.tree_hash) return true;
  if (before.tree === null || after.tree === null) return before.tree !== after.tree;
  return contentFingerprint(before.tree) !== contentFingerprint(after.tree);
}

export interface Performance {
  /** action, dry_run, target, before... as the verb reports them. */
  receipt: Record<string, unknown>;
  before: { state: TreeState; tree: Element | null };
  /** The window to observe afterwards; null when there is none. */
  window: ListedWindow | null;
}

/** A dry run's whole successful answer: the receipt, nothing changed. */
export function dryRunReceipt(p: Performance): Record<string, unknown> {
  return {
    ok: true,
    success: true,
    ...p.receipt,
    after: p.before.state,
    changed: false,
    new_dialogs: [],
    duration_ms: 0,
  };
}

/** What is noted right before the input: the windows (where the focus starts) and the time. */
export interface InputStart {
  windowsBefore: ListedWindow[];
  started: number;
}

/** Called after any activation, right before the verb starts its action. */
export async function inputStart(session: ActContext): Promise<InputStart> {
  return { windowsBefore: await listWindows(session), started: performance.now() };
}

/** An action's failure as its outcome; a ToolError is the caller's answer instead (rethrown). */
export function failedOutcome(e: unknown): ActionOutcome {
  if (e instanceof ToolError) throw e;
  return { ok: false, error: (e as Error).message };
}

/** The receipt completed once the action the verb started after inputStart has finished. */
export async function receiptAfter(
  session: ActContext,
  p: Performance,
  { windowsBefore, started }: InputStart,
): Promise<Record<string, unknown>> {
  const duration_ms = Math.round(performance.now() - started);
  const after = p.window
    ? await stateAfter(session, p.window)
    : { state: GONE_STATE, tree: null, windows: await listWindows(session) };
  return {
    ...p.receipt,
    after: after.state,
    changed: treeChanged(p.before, after),
    new_dialogs: newDialogs(windowsBefore, after.windows),
    focus: {
      start: windowRef(windowWithKeys(windowsBefore)),
      end: windowRef(windowWithKeys(after.windows)),
    },
    duration_ms,
  };
}
