// The common procedure of every element-targeted verb: window → capture →
// target → actionable (front, in view, visible, enabled, still) → (dry run
// | execute) → receipt. Verbs only supply their executor.

import type { ActionOutcome } from "../../../adapters/types.ts";
import { errorObject, knownCode } from "../../model/errors.ts";
import { type Captured, captureWindow, targetWindow } from "../observe/capture.ts";
import { treeState } from "./receipts.ts";
import { performWithReceipt } from "./perform.ts";
import type { ServiceContext } from "../context.ts";
import { requireToken } from "../observe/tree_tokens.ts";
import { resolveTarget, type TargetArgs } from "./targets.ts";
import { isScreenTextTarget, type ScreenTextArgs } from "./screen_text.ts";
import { runOnScreenText } from "./screen_text_verb.ts";
import { makeActionable } from "./actionable.ts";
import { confirmGate } from "../safety/confirm_gate.ts";
import { protectIfPassword } from "../safety/password.ts";
import { center, type Element } from "../../model/tree.ts";
import type { ListedWindow, WindowArgs } from "../../formats/geometry/window_order.ts";
import type { ToolResult } from "../context.ts";

export interface ElementVerbArgs extends WindowArgs, TargetArgs, ScreenTextArgs {
  dry_run: boolean;
  /** Bring the element's window to the front when it is covered (default from config). */
  auto_activate?: boolean;
  /** How long to wait for the element to be actionable (default from config). */
  timeout_ms?: number;
  /** The capture the element_id was taken from (default: the latest one served). */
  tree_token?: string;
}

export interface ExecTarget {
  session: ServiceContext;
  window: ListedWindow;
  element: Element;
  point: { x: number; y: number };
  tree: Element;
}

export type Executor = (target: ExecTarget) => Promise<ActionOutcome>;

function previousTree(session: ServiceContext, uid: string, token?: string): Element | null {
  return token
    ? requireToken(session.tokens, token, uid, "tree_token").tree
    : session.lastServed(uid);
}

export async function runElementVerb(
  session: ServiceContext,
  action: string,
  args: ElementVerbArgs,
  execute: Executor,
): Promise<ToolResult> {
  if (isScreenTextTarget(args)) return runOnScreenText(session, action, args, execute);
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
  const acted = await performWithReceipt(session, {
    receipt,
    before: { state: beforeState, tree: capture.tree },
    window,
    dryRun: args.dry_run,
    execute: () =>
      execute({ session, window, element, point: center(element.bounds), tree: capture.tree }),
  });
  if (acted.outcome === null) return acted.receipt;
  const { outcome } = acted;
  const result: ToolResult = { ok: outcome.ok, success: outcome.ok, ...acted.receipt };
  if (!outcome.ok) {
    result.error = errorObject(knownCode(outcome.code) ?? "Internal", outcome.error);
  }
  return result;
}
