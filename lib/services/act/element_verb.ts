// The common procedure of every element-targeted verb: window → capture →
// target → actionable (front, in view, visible, enabled, still) → (dry run
// | perform the element action) → receipt. Verbs only say which action.

import { errorObject, knownCode } from "../../model/errors.ts";
import { type Captured, captureWindow, targetWindow } from "../observe/capture.ts";
import { treeState } from "./receipts.ts";
import type { ActionOutcome } from "../../../adapters/types.ts";
import { dryRunReceipt, failedOutcome, inputStart, receiptAfter } from "./perform.ts";
import type { ActContext } from "./context.ts";
import { requireToken } from "../observe/tree_tokens.ts";
import { resolveTarget } from "./targets.ts";
import { isScreenTextTarget } from "./screen_text.ts";
import { runOnScreenText } from "./screen_text_verb.ts";
import { makeActionable } from "./actionable.ts";
import { confirmGate } from "../safety/confirm_gate.ts";
import { protectIfPassword } from "../safety/password.ts";
import { center, type Element } from "../../model/tree.ts";
import type { ToolResult } from "../../model/tool_call.ts";
import type { ElementVerbArgs } from "./verb_types.ts";
import { type ElementAction, performElementAction } from "./element_actions.ts";

function previousTree(session: ActContext, uid: string, token?: string): Element | null {
  return token
    ? requireToken(session.tokens, token, uid, "tree_token").tree
    : session.lastServed(uid);
}

export async function runElementVerb(
  session: ActContext,
  action: string,
  args: ElementVerbArgs,
  elementAction: ElementAction,
): Promise<ToolResult> {
  if (isScreenTextTarget(args)) return runOnScreenText(session, action, args, elementAction);
  const { window, warning } = await targetWindow(session, args);
  const before: Captured = await captureWindow(session, window);
  const target = resolveTarget(
    before.tree,
    args,
    previousTree(session, window.window_uid, args.tree_token),
    session.config.limits.regex_length,
  );
  confirmGate(session, window, target.element);
  protectIfPassword(session, target.element);
  const { element, steps, capture } = await makeActionable(
    session,
    window,
    before,
    target.element,
    {
      autoActivate: args.auto_activate ?? session.config.actions.auto_activate,
      dryRun: args.dry_run,
      timeoutMs: args.timeout_ms ?? session.config.actions.timeout_ms,
      selector: target.selector,
    },
  );
  const beforeState = treeState(capture.tree, capture.hash);
  const receipt = {
    action,
    dry_run: args.dry_run,
    target: {
      window_uid: window.window_uid,
      element_id: element.id,
      selector: target.selector,
      bounds: element.bounds,
    },
    before: beforeState,
    steps,
    ...(warning ? { warning } : {}),
  };
  const performance = { receipt, before: { state: beforeState, tree: capture.tree }, window };
  if (args.dry_run) return dryRunReceipt(performance);
  const start = await inputStart(session);
  const on = { session, window, element, point: center(element.bounds), tree: capture.tree };
  // Awaited here, not in perform.ts: the action's path goes verb → action → adapter.
  let outcome: ActionOutcome;
  try {
    outcome = await performElementAction(on, elementAction);
  } catch (e) {
    outcome = failedOutcome(e);
  }
  const receiptDone = await receiptAfter(session, performance, start);
  const result: ToolResult = { ok: outcome.ok, success: outcome.ok, ...receiptDone };
  if (!outcome.ok) {
    result.error = errorObject(knownCode(outcome.code) ?? "Internal", outcome.error);
  }
  return result;
}
