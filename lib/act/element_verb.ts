// The common procedure of every element-targeted verb (spec/actions.md §4):
// window → capture → target → enabled → occlusion → (dry run | execute) →
// receipt. Verbs only supply their executor.

import type { ActionOutcome } from "../../adapters/types.ts";
import { errorObject, knownCode, ToolError } from "../core/errors.ts";
import { contentFingerprint } from "../core/hash.ts";
import { type Captured, captureWindow, listWindows, targetWindow } from "../observe/capture.ts";
import { GONE_STATE, newDialogs, type TreeState, treeState } from "./receipts.ts";
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

/** The state of a window after an action; "" fields when it is gone. */
export async function stateAfter(
  session: Session,
  window: ListedWindow,
): Promise<{ state: TreeState; tree: Element | null; windows: ListedWindow[] }> {
  const windows = await listWindows(session);
  if (!windows.some((w) => w.window_uid === window.window_uid)) {
    return { state: GONE_STATE, tree: null, windows };
  }
  try {
    const after = await captureWindow(session, window, "bypass");
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
  if (args.dry_run) {
    return {
      ok: true,
      success: true,
      ...receipt,
      after: beforeState,
      changed: false,
      new_dialogs: [],
      duration_ms: 0,
    };
  }
  const started = performance.now();
  let outcome: ActionOutcome;
  try {
    outcome = await execute({
      session,
      window,
      element,
      point: center(element.bounds),
      tree: before.tree,
    });
  } catch (e) {
    if (e instanceof ToolError) throw e;
    outcome = { ok: false, error: (e as Error).message };
  }
  const duration_ms = Math.round(performance.now() - started);
  const after = await stateAfter(session, window);
  const result: ToolResult = {
    ok: outcome.ok,
    success: outcome.ok,
    ...receipt,
    after: after.state,
    changed: treeChanged({ state: beforeState, tree: before.tree }, after),
    new_dialogs: newDialogs(windowsBefore, after.windows),
    duration_ms,
  };
  if (!outcome.ok) {
    result.error = errorObject(knownCode(outcome.code) ?? "Internal", outcome.error);
  }
  return result;
}
