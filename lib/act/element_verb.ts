// The common procedure of every element-targeted verb (spec/actions.md §4):
// window → capture → target → enabled → occlusion → (dry run | execute) →
// receipt. Verbs only supply their executor.

import type { ActionOutcome } from "../../adapters/types.ts";
import { errorObject, knownCode, ToolError } from "../core/errors.ts";
import { type Captured, captureWindow, screenOf, targetWindow } from "../observe/capture.ts";
import { treeState } from "./receipts.ts";
import { performWithReceipt } from "./perform.ts";
import type { Session } from "../core/session.ts";
import { requireToken } from "../observe/tree_tokens.ts";
import { resolveTarget, type TargetArgs } from "./targets.ts";
import { type Activation, bringToForeground } from "./activation.ts";
import { type Bounds, center, type Element } from "../core/tree.ts";
import { isOccluded } from "../observe/visibility.ts";
import type { ListedWindow, WindowArgs } from "../observe/window_order.ts";
import type { ToolResult } from "../tools/registry.ts";

export interface ElementVerbArgs extends WindowArgs, TargetArgs {
  dry_run: boolean;
  /** Bring the element's window to the front when it is covered (default from config). */
  auto_activate?: boolean;
  /** The capture the element_id was taken from (default: the latest one served). */
  tree_token?: string;
}

export interface ExecTarget {
  session: Session;
  window: ListedWindow;
  element: Element;
  point: { x: number; y: number };
  tree: Element;
}

export type Executor = (target: ExecTarget) => Promise<ActionOutcome>;

function previousTree(session: Session, uid: string, token?: string): Element | null {
  return token
    ? requireToken(session.tokens, token, uid, "tree_token").tree
    : session.lastServed(uid);
}

export async function runElementVerb(
  session: Session,
  action: string,
  args: ElementVerbArgs,
  execute: Executor,
): Promise<ToolResult> {
  const { window, windows: windowsBefore, warning } = await targetWindow(session, args);
  const before: Captured = await captureWindow(session, window);
  const target = resolveTarget(
    before.tree,
    args,
    previousTree(session, window.window_uid, args.tree_token),
    session.config.limits.regex_length,
  );
  const { element, selector } = target;
  if (!element.enabled) {
    throw new ToolError("ElementDisabled", `element is disabled: ${selector}`, { selector });
  }
  const autoActivate = args.auto_activate ?? session.config.actions.auto_activate;
  const activation = await uncover(session, window, element.bounds, autoActivate && !args.dry_run);
  if (activation.occluded) {
    const tried = activation.activation
      ? `; bringing its window to the front did not uncover it (${
        activation.activation.error ?? activation.activation.action
      })`
      : autoActivate
      ? ""
      : "; auto_activate is off: call bring_to_foreground first";
    throw new ToolError(
      "ElementOccluded",
      `element is covered by other windows or off-screen: ${selector}${tried}`,
      { selector, element_id: element.id },
    );
  }
  const beforeState = treeState(before.tree, before.hash);
  const receipt = {
    action,
    dry_run: args.dry_run,
    target: {
      window_uid: window.window_uid,
      element_id: element.id,
      selector,
      bounds: element.bounds,
    },
    before: beforeState,
    steps: {
      activated: activation.activation?.success ?? false,
      ...(activation.activation ? { activation: activation.activation } : {}),
    },
    ...(warning ? { warning } : {}),
  };
  const acted = await performWithReceipt(session, {
    receipt,
    before: { state: beforeState, tree: before.tree },
    window,
    windowsBefore,
    dryRun: args.dry_run,
    execute: () =>
      execute({ session, window, element, point: center(element.bounds), tree: before.tree }),
  });
  if (acted.outcome === null) return acted.receipt;
  const { outcome } = acted;
  const result: ToolResult = { ok: outcome.ok, success: outcome.ok, ...acted.receipt };
  if (!outcome.ok) {
    result.error = errorObject(knownCode(outcome.code) ?? "Internal", outcome.error);
  }
  return result;
}

const UNCOVER_WAIT_MS = 1000;

/**
 * Whether `bounds` in `window` are covered, after bringing the window to the
 * front when `activate` allows it and they were (the window manager restacks
 * a moment after it reports the window active: polled for up to a second).
 */
async function uncover(
  session: Session,
  window: ListedWindow,
  bounds: Bounds,
  activate: boolean,
): Promise<{ occluded: boolean; activation: Activation | null }> {
  const screen = await screenOf(session);
  const covered = async () =>
    isOccluded(bounds, screen, await session.adapter.windowsAbove(window.handle));
  if (!await covered()) return { occluded: false, activation: null };
  if (!activate) return { occluded: true, activation: null };
  const activation = await bringToForeground(session, window);
  const deadline = Date.now() + UNCOVER_WAIT_MS;
  while (await covered()) {
    if (!activation.success || Date.now() > deadline) return { occluded: true, activation };
    await new Promise((r) => setTimeout(r, 50));
  }
  return { occluded: false, activation };
}
