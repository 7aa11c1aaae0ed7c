// The common procedure of every element-targeted verb (spec/actions.md §4):
// window → capture → target → enabled → occlusion → (dry run | execute) →
// receipt. Verbs only supply their executor.

import type { ActionOutcome } from "../../adapters/types.ts";
import { errorObject, knownCode, ToolError } from "../core/errors.ts";
import { type Captured, captureWindow, targetWindow } from "../observe/capture.ts";
import { treeState } from "./receipts.ts";
import { performWithReceipt } from "./perform.ts";
import type { Session } from "../core/session.ts";
import { requireToken } from "../observe/tree_tokens.ts";
import { resolveTarget, type TargetArgs } from "./targets.ts";
import { type Bounds, center, type Element, FALLBACK_SCREEN } from "../core/tree.ts";
import { isOccluded, screenBounds } from "../observe/visibility.ts";
import type { ListedWindow, WindowArgs } from "../observe/window_order.ts";
import type { ToolResult } from "../tools/registry.ts";

export interface ElementVerbArgs extends WindowArgs, TargetArgs {
  dry_run: boolean;
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

export async function screenOf(session: Session): Promise<Bounds> {
  return screenBounds(await session.adapter.monitors()) ?? FALLBACK_SCREEN;
}

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
  const above = await session.adapter.windowsAbove(window.handle);
  if (isOccluded(element.bounds, await screenOf(session), above)) {
    throw new ToolError(
      "ElementOccluded",
      `element is covered by other windows or off-screen: ${selector}; bring its window to ` +
        "the front first (click its title bar), then retry",
      {
        selector,
        element_id: element.id,
      },
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
