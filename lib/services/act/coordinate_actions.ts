// What a coordinate verb does once its window is placed, as data the tools
// hand over (an input sent as it is, text typed while the focus stays, a
// hover, or an element action at text found on the pixels) and the one
// function that does it, so the path of an action stays one-way.

import type { ActionOutcome, InputAction } from "../../../adapters/types.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import type { ActContext } from "./context.ts";
import { type ElementAction, hoverAt, performElementAction } from "./element_actions.ts";
import { typeWatchingFocus } from "./typing.ts";
import type { ExecTarget } from "./verb_types.ts";

export type CoordinateAction =
  | { kind: "input"; input: InputAction }
  /** Typed piece by piece; stops with FocusChanged when another window takes the focus. */
  | { kind: "type"; text: string }
  | { kind: "hover"; x: number; y: number; ms: number }
  /** An element verb aimed at text found by OCR (it has no platform element). */
  | { kind: "element"; action: ElementAction; target: ExecTarget };

/** Async, so that a failure is always a rejection the receipt can report. */
export async function performCoordinateAction(
  session: ActContext,
  action: CoordinateAction,
  window: ListedWindow | null,
): Promise<ActionOutcome> {
  switch (action.kind) {
    case "input":
      return await session.adapter.input(action.input, window?.handle ?? null);
    case "type":
      return await typeWatchingFocus(session, action.text, window?.handle ?? null);
    case "hover":
      return await hoverAt({ session, window }, action, action.ms);
    case "element":
      return await performElementAction(action.target, action.action);
  }
}
