// Coordinate and keyboard verbs with receipts (spec/actions.md §5): the
// legacy result fields plus target / before / after / changed / new_dialogs.

import type { ActionOutcome } from "../../adapters/types.ts";
import { performWithReceipt } from "./perform.ts";
import { ToolError } from "../core/errors.ts";
import { captureWindow, listWindows } from "../observe/capture.ts";
import { GONE_STATE, type TreeState, treeState } from "./receipts.ts";
import type { Session } from "../core/session.ts";
import type { Element } from "../core/tree.ts";
import type { ToolResult } from "../tools/registry.ts";
import {
  focusedWindow,
  type ListedWindow,
  resolveWindow,
  type WindowArgs,
} from "../observe/window_order.ts";

export interface CoordinateTarget {
  element_id: string | null;
  selector: string | null;
  bounds: { x: number; y: number; width: number; height: number } | null;
}

const NO_ELEMENT: CoordinateTarget = { element_id: null, selector: null, bounds: null };

/** The window a coordinate verb reports on: the requested one, else the focused one. */
export async function receiptWindow(
  session: Session,
  args: WindowArgs,
): Promise<{ window: ListedWindow | null; windows: ListedWindow[] }> {
  const windows = await listWindows(session);
  const resolution = resolveWindow(windows, args);
  if (resolution.requested === "uid" && !resolution.window) {
    // Never act "somewhere else" for a window that is gone.
    throw new ToolError("WindowGone", `window ${args.window_uid} no longer exists`, {
      window_uid: args.window_uid,
    });
  }
  return { window: resolution.window ?? focusedWindow(windows), windows };
}

async function stateOf(
  session: Session,
  window: ListedWindow | null,
): Promise<{ state: TreeState; tree: Element | null }> {
  if (!window) return { state: GONE_STATE, tree: null };
  const capture = await captureWindow(session, window);
  return { state: treeState(capture.tree, capture.hash), tree: capture.tree };
}

export interface CoordinateVerb {
  action: string;
  args: WindowArgs;
  dryRun: boolean;
  /** Inputs echoed in the result (x, y, button, text, keys...). */
  echo: Record<string, unknown>;
  target?: CoordinateTarget;
  execute: (window: ListedWindow | null) => Promise<ActionOutcome>;
}

export async function runCoordinateVerb(
  session: Session,
  verb: CoordinateVerb,
): Promise<ToolResult> {
  const { window, windows } = await receiptWindow(session, verb.args);
  const before = await stateOf(session, window);
  const base = {
    action: verb.action,
    dry_run: verb.dryRun,
    ...verb.echo,
    target: { window_uid: window?.window_uid ?? null, ...(verb.target ?? NO_ELEMENT) },
    before: before.state,
  };
  const acted = await performWithReceipt(session, {
    receipt: base,
    before,
    window,
    windowsBefore: windows,
    dryRun: verb.dryRun,
    execute: () => verb.execute(window),
  });
  if (acted.outcome === null) return acted.receipt;
  const { outcome } = acted;
  const result: ToolResult = {
    success: outcome.ok,
    ...(outcome.ok && outcome.note ? { note: outcome.note } : {}),
    ...(outcome.ok ? outcome.details : {}),
    ...acted.receipt,
  };
  // A failed adapter call is reported the legacy way: the dispatcher turns the
  // string into an Internal error object (spec/errors.md §4).
  if (!outcome.ok) result.error = outcome.error;
  return result;
}
