// Coordinate and keyboard verbs with receipts: the legacy result fields plus
// target / before / after / changed / new_dialogs.

import type { ActionOutcome } from "../../../adapters/types.ts";
import { dryRunReceipt, failedOutcome, inputStart, receiptAfter } from "./perform.ts";
import { errorObject, knownCode, ToolError } from "../../model/errors.ts";
import { bringToForeground } from "./activation.ts";
import { windowAt, windowRef } from "./window_at.ts";
import { captureWindow, listWindows, resolveListed } from "../observe/capture.ts";
import { GONE_STATE, type TreeState, treeState } from "./receipts.ts";
import type { ActContext } from "./context.ts";
import { containsPoint, type Element, elementAt, focusedElement } from "../../model/tree.ts";
import { confirmGate } from "../safety/confirm_gate.ts";
import { protectIfPassword } from "../safety/password.ts";
import type { ToolResult } from "../../model/tool_call.ts";
import {
  focusedWindow,
  type ListedWindow,
  type WindowArgs,
  windowWithKeys,
} from "../../formats/geometry/window_order.ts";
import { type CoordinateAction, performCoordinateAction } from "./coordinate_actions.ts";

export interface CoordinateTarget {
  element_id: string | null;
  selector: string | null;
  bounds: { x: number; y: number; width: number; height: number } | null;
}

const NO_ELEMENT: CoordinateTarget = { element_id: null, selector: null, bounds: null };

export interface ReceiptWindow {
  window: ListedWindow | null;
  /** Whether a window argument found `window` (else it is the focused one, or none). */
  named: boolean;
  /** The windows as listed to resolve it. */
  windows: ListedWindow[];
}

/** The window a coordinate verb reports on: the requested one, else the focused one. */
export async function receiptWindow(
  session: ActContext,
  args: WindowArgs,
): Promise<ReceiptWindow> {
  const windows = await listWindows(session);
  const resolution = resolveListed(windows, args);
  if (resolution.requested === "uid" && !resolution.window) {
    // Never act "somewhere else" for a window that is gone.
    throw new ToolError("WindowGone", `window ${args.window_uid} no longer exists`, {
      window_uid: args.window_uid,
    });
  }
  return {
    window: resolution.window ?? focusedWindow(windows),
    named: resolution.window !== null,
    windows,
  };
}

async function stateOf(
  session: ActContext,
  window: ListedWindow | null,
): Promise<{ state: TreeState; tree: Element | null }> {
  if (!window) return { state: GONE_STATE, tree: null };
  const capture = await captureWindow(session, window);
  return { state: treeState(capture.tree, capture.hash), tree: capture.tree };
}

export interface CoordinateVerb {
  action: string;
  args: WindowArgs & { auto_activate?: boolean };
  dryRun: boolean;
  /** Inputs echoed in the result (x, y, button, text, keys...). */
  echo: Record<string, unknown>;
  target?: CoordinateTarget;
  /** The verb types its text (a secret when the focused element is a password field). */
  types?: true;
  /** Where pointer input lands on screen; keyboard input goes to the focused window. */
  point?: { x: number; y: number };
  /** What to do once the window is placed. */
  act: CoordinateAction;
}

export async function runCoordinateVerb(
  session: ActContext,
  verb: CoordinateVerb,
): Promise<ToolResult> {
  const { window, named, windows } = await receiptWindow(session, verb.args);
  confirmGate(session, window, await pointedElement(session, window, verb.point));
  const placement = await placeInput(session, verb, named ? window : null, windows);
  const before = await stateOf(session, window);
  if (verb.types && before.tree) protectIfPassword(session, focusedElement(before.tree));
  const base = {
    action: verb.action,
    dry_run: verb.dryRun,
    ...verb.echo,
    target: { window_uid: window?.window_uid ?? null, ...(verb.target ?? NO_ELEMENT) },
    before: before.state,
    ...placement,
  };
  const performance = { receipt: base, before, window };
  if (verb.dryRun) return dryRunReceipt(performance);
  const start = await inputStart(session);
  // Awaited here, not in perform.ts: the action's path goes verb → action → adapter.
  let outcome: ActionOutcome;
  try {
    outcome = await performCoordinateAction(session, verb.act, window);
  } catch (e) {
    outcome = failedOutcome(e);
  }
  const receiptDone = await receiptAfter(session, performance, start);
  const result: ToolResult = {
    success: outcome.ok,
    ...(outcome.ok && outcome.note ? { note: outcome.note } : {}),
    ...outcome.details,
    ...receiptDone,
  };
  if (!outcome.ok) {
    // A typed failure keeps its code; any other is reported the legacy way: the
    // dispatcher turns the string into an Internal error object.
    const code = knownCode(outcome.code);
    result.error = code ? errorObject(code, outcome.error, outcome.details ?? {}) : outcome.error;
  }
  return result;
}

/** The element under the pointer, when a confirmation rule needs to know it. */
async function pointedElement(
  session: ActContext,
  window: ListedWindow | null,
  point: { x: number; y: number } | undefined,
): Promise<Element | null> {
  if (!window || !point || !session.safety.confirmations.needsElement) return null;
  return elementAt((await captureWindow(session, window)).tree, point.x, point.y);
}

/**
 * Makes input land in the window the caller named: brings it to the front
 * when the pointer's point (or, for keys, the focus) is elsewhere. Without a
 * named window, says which window is at the point. Returns the receipt's
 * `steps` and `at_point`.
 */
async function placeInput(
  session: ActContext,
  verb: CoordinateVerb,
  named: ListedWindow | null,
  windows: ListedWindow[],
): Promise<Record<string, unknown>> {
  const inFront = async () =>
    verb.point ? await windowAt(session, windows, verb.point) : windowWithKeys(windows);
  let front = await inFront();
  const misplaced = named !== null && front?.window_uid !== named.window_uid &&
    (!verb.point || containsPoint(named.bounds, verb.point.x, verb.point.y));
  const steps: Record<string, unknown> = { activated: false };
  if (misplaced && verb.dryRun) steps.would = ["activate"];
  else if (misplaced) {
    if (!(verb.args.auto_activate ?? session.config.actions.auto_activate)) {
      throw new ToolError(
        "WindowOccluded",
        `window '${named.title}' is not in front ` +
          (front ? `('${front.title}' is${verb.point ? " at that point" : ""})` : "") +
          "; auto_activate is off: call bring_to_foreground first",
        { window_uid: named.window_uid, in_front: windowRef(front) },
      );
    }
    const activation = await bringToForeground(session, named);
    steps.activated = activation.success;
    steps.activation = activation;
    front = await inFront();
  }
  return {
    steps,
    ...(verb.point ? { at_point: windowRef(front) } : {}),
    ...(named && verb.point && !containsPoint(named.bounds, verb.point.x, verb.point.y)
      ? { warning: `the point is outside window '${named.title}'` }
      : {}),
  };
}
