// What an element verb does once its target is known, as data the tools hand
// over (click it, operate it through the platform, set its value, choose an
// option, hover, press keys in it, clear it) and the one function that does
// it. Keeping the behaviour here, not in closures of the tool files, keeps the
// path of an action one-way: tool → verb → perform → these steps → adapter.

import type { ActionOutcome, ElementOperation, MouseButton } from "../../../adapters/types.ts";
import { ToolError } from "../../model/errors.ts";
import { type Element, walk } from "../../model/tree.ts";
import { captureWindow } from "../observe/capture.ts";
import { isScreenTextTarget } from "./screen_text.ts";
import type { ExecTarget } from "./verb_types.ts";

/**
 * How to act: the platform's element operation with mouse/keyboard as its
 * fallback (auto), only the operation (pattern), only mouse/keyboard at the
 * element's centre (coordinates).
 */
export type ActMethod = "auto" | "pattern" | "coordinates";

export type ElementAction =
  | { kind: "click"; button: MouseButton; count: number }
  /** One platform operation (focus, default action), a click as its fallback. */
  | { kind: "operation"; operation: ElementOperation; method: ActMethod }
  /** Replace the content (the set-value operation, else click, select all, delete, type) or type after it. */
  | { kind: "set_value"; text: string; clearFirst: boolean; method: ActMethod }
  /** The option by exact name, else by its position among the children captured before the click. */
  | { kind: "select_option"; optionName?: string; optionIndex?: number; method: ActMethod }
  | { kind: "hover"; ms: number }
  /** Click, then press the combination. */
  | { kind: "keys"; combo: string[] }
  /** Click, select all, delete. */
  | { kind: "clear" };

/** Async, so that a failure is always a rejection the receipt can report. */
export async function performElementAction(
  t: ExecTarget,
  action: ElementAction,
): Promise<ActionOutcome> {
  switch (action.kind) {
    case "click":
      return await click(t, action.button, action.count);
    case "operation":
      return await withOperation(t, action.method, action.operation, () => click(t));
    case "set_value":
      // Appending has no platform operation: only the keyboard can do it.
      if (!action.clearFirst) return await typeInto(t, action.text, false);
      return await withOperation(
        t,
        action.method,
        { kind: "set_value", value: action.text },
        () => typeInto(t, action.text, true),
      );
    case "select_option":
      return await withOperation(
        t,
        action.method,
        { kind: "select", optionName: action.optionName, optionIndex: action.optionIndex },
        () => pickOption(t, action.optionName, action.optionIndex),
      );
    case "hover":
      return await hoverAt(t, t.point, action.ms);
    case "keys":
      return await sequence(() => click(t), () => keys(t, action.combo));
    case "clear":
      return await sequence(
        () => click(t),
        () => keys(t, ["ctrl", "a"]),
        () => keys(t, ["delete"]),
      );
  }
}

/** Moves the pointer to `point` and rests there `ms` for tooltips and hover menus. */
export async function hoverAt(
  t: Pick<ExecTarget, "session"> & { window: { handle: string } | null },
  point: { x: number; y: number },
  ms: number,
): Promise<ActionOutcome> {
  const moved = await t.session.adapter.input(
    { kind: "move", x: point.x, y: point.y },
    t.window?.handle ?? null,
  );
  if (moved.ok) await new Promise((r) => setTimeout(r, ms));
  return moved;
}

function click(t: ExecTarget, button: MouseButton = "left", count = 1): Promise<ActionOutcome> {
  return t.session.adapter.input(
    { kind: "click", ...t.point, button, count, elementId: t.element.id },
    t.window.handle,
  );
}

function keys(t: ExecTarget, combo: string[]): Promise<ActionOutcome> {
  return t.session.adapter.input({ kind: "keys", combo }, t.window.handle);
}

function typeInto(t: ExecTarget, text: string, clearFirst: boolean): Promise<ActionOutcome> {
  return sequence(
    () => click(t),
    ...(clearFirst ? [() => keys(t, ["ctrl", "a"]), () => keys(t, ["delete"])] : []),
    () => t.session.adapter.input({ kind: "text", text }, t.window.handle),
  );
}

/** Runs steps in order, stopping at the first failure. */
async function sequence(...steps: Array<() => Promise<ActionOutcome>>): Promise<ActionOutcome> {
  let last: ActionOutcome = { ok: true };
  for (const step of steps) {
    last = await step();
    if (!last.ok) return last;
  }
  return last;
}

/** The platform operation, else the coordinate fallback, as `how` says. */
async function withOperation(
  t: ExecTarget,
  how: ActMethod,
  op: ElementOperation,
  fallback: () => Promise<ActionOutcome>,
): Promise<ActionOutcome> {
  // Text read off the pixels has no platform element to operate on.
  if (how === "coordinates" || isScreenTextTarget({ element_id: t.element.id })) {
    if (how === "pattern") {
      throw new ToolError("PatternUnsupported", "text found by OCR has no element operation", {
        element_id: t.element.id,
        operation: op.kind,
      });
    }
    return fallback();
  }
  const outcome = await t.session.adapter.elementOperation(
    { handle: t.window.handle, elementId: t.element.id },
    op,
  );
  if (outcome.ok || !outcome.unsupported) return outcome;
  if (how === "pattern") {
    throw new ToolError(
      "PatternUnsupported",
      `${t.element.role} '${t.element.name}': no ${op.kind} operation on this platform ` +
        `(${outcome.error})`,
      { element_id: t.element.id, operation: op.kind },
    );
  }
  return fallback();
}

/** Opens the list by a click and clicks the option, found in the tree captured after it opened. */
async function pickOption(
  t: ExecTarget,
  optionName: string | undefined,
  optionIndex: number | undefined,
): Promise<ActionOutcome> {
  // option_index counts the children as captured before the click.
  const byIndex = optionIndex !== undefined ? t.element.children[optionIndex] ?? null : null;
  const opened = await click(t);
  if (!opened.ok) return opened;
  const after = await captureWindow(t.session, t.window, "walk");
  const option = optionName !== undefined ? firstNamed(after.tree, optionName) : byIndex;
  if (!option) {
    return { ok: false, code: "ElementNotFound", error: "option not found after opening selector" };
  }
  return t.session.adapter.input({
    kind: "click",
    x: option.bounds.x + Math.floor(option.bounds.width / 2),
    y: option.bounds.y + Math.floor(option.bounds.height / 2),
    button: "left",
    count: 1,
    elementId: option.id,
  }, t.window.handle);
}

function firstNamed(root: Element, name: string): Element | null {
  let found: Element | null = null;
  walk(root, (n) => {
    if (found === null && n.name === name) found = n;
  });
  return found;
}
