// The part every verb shares once its target is known: a dry run answers with
// the receipt alone; otherwise the action runs, the window is captured again,
// and the receipt gains after / changed / new_dialogs / focus (the window with
// the keyboard focus when the input started and when it ended) / duration_ms.
// A ToolError from the action is the caller's answer; any other failure is the
// action's outcome.

import type { ActionOutcome } from "../../../adapters/types.ts";
import { ToolError } from "../../model/errors.ts";
import { contentFingerprint } from "../../model/hash.ts";
import type { ActContext } from "./context.ts";
import type { Element } from "../../model/tree.ts";
import { captureWindow, listWindows } from "../observe/capture.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
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
  dryRun: boolean;
  execute: () => Promise<ActionOutcome>;
}

/**
 * The receipt completed; `outcome` is null for a dry run, whose receipt is
 * the whole successful answer.
 */
export async function performWithReceipt(
  session: ActContext,
  p: Performance,
): Promise<{ receipt: Record<string, unknown>; outcome: ActionOutcome | null }> {
  if (p.dryRun) {
    return {
      outcome: null,
      receipt: {
        ok: true,
        success: true,
        ...p.receipt,
        after: p.before.state,
        changed: false,
        new_dialogs: [],
        duration_ms: 0,
      },
    };
  }
  // Listed after any activation, right before the input: where focus starts.
  const windowsBefore = await listWindows(session);
  const started = performance.now();
  let outcome: ActionOutcome;
  try {
    outcome = await p.execute();
  } catch (e) {
    if (e instanceof ToolError) throw e;
    outcome = { ok: false, error: (e as Error).message };
  }
  const duration_ms = Math.round(performance.now() - started);
  const after = p.window
    ? await stateAfter(session, p.window)
    : { state: GONE_STATE, tree: null, windows: await listWindows(session) };
  return {
    outcome,
    receipt: {
      ...p.receipt,
      after: after.state,
      changed: treeChanged(p.before, after),
      new_dialogs: newDialogs(windowsBefore, after.windows),
      focus: {
        start: windowRef(windowsBefore.find((w) => w.focused) ?? null),
        end: windowRef(after.windows.find((w) => w.focused) ?? null),
      },
      duration_ms,
    },
  };
}
