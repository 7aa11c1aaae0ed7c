// Adapter inputs as the reaction engine sees them (with the mapping
// decisions in docs/DECISIONS.md): a reaction tool name, the node aimed at
// and the text.
//
//   click → click_element   target: the node under the point (the element id
//                           sent with element verbs settles overlaps, and
//                           names the target when no window is under it)
//   text  → type_text       target: the last clicked node with an id
//   keys  → press_key       target: the same; text: the combo, e.g. "ctrl+a"
//   move  → hover           target: the node under the point
//   scroll→ scroll          target: the node under the point (or the pointer)
//   drag  → drag            target: the node under the start point

import type { InputAction } from "../../types.ts";
import { nodeAt } from "./hit_test.ts";
import type { ReactionTool } from "../../../lib/model/scenario.ts";
import { type BuiltNode, type BuiltWindow, type Focus } from "./world.ts";

export interface ScenarioEvent {
  tool: ReactionTool;
  /** The node acted on, when it is in the current state. */
  target: BuiltNode | null;
  /** The target's scenario id (for typing: the last clicked id, even if not shown now). */
  targetId: string | null;
  text: string;
}

export type Point = { x: number; y: number };

function focusedNode(windows: BuiltWindow[], focus: Focus | null): BuiltNode | null {
  if (!focus) return null;
  const window = windows.find((w) => w.info.window_uid === focus.uid);
  return window?.nodes.find((n) => n.def.id === focus.id) ?? null;
}

function pointed(tool: ReactionTool, target: BuiltNode | null): ScenarioEvent {
  return { tool, target, targetId: target?.def.id ?? null, text: "" };
}

/** The node a click aims at: what is under the point, else the element id in the handle's window. */
function clicked(
  action: InputAction & { kind: "click" },
  handle: string | null,
  windows: BuiltWindow[],
): BuiltNode | null {
  const hit = nodeAt(windows, action, action.elementId);
  if (hit || action.elementId === undefined) return hit;
  const window = windows.find((w) => w.info.handle === handle);
  return window?.nodes.find((n) => n.element.id === action.elementId) ?? null;
}

export function toEvent(
  action: InputAction,
  handle: string | null,
  windows: BuiltWindow[],
  focus: Focus | null,
  pointer: Point | null,
): ScenarioEvent {
  switch (action.kind) {
    case "click":
      return pointed("click_element", clicked(action, handle, windows));
    case "move":
      return pointed("hover", nodeAt(windows, action));
    case "drag":
      return pointed("drag", nodeAt(windows, action.from));
    // Held buttons and keys reach a scenario as whole gestures (adapters/mock/held_input.ts).
    case "button":
    case "key":
      return pointed("hover", pointer ? nodeAt(windows, pointer) : null);
    case "scroll": {
      const at = action.x !== undefined && action.y !== undefined
        ? { x: action.x, y: action.y }
        : pointer;
      return pointed("scroll", at ? nodeAt(windows, at) : null);
    }
    case "text":
    case "keys":
      return {
        tool: action.kind === "text" ? "type_text" : "press_key",
        target: focusedNode(windows, focus),
        targetId: focus?.id ?? null,
        text: action.kind === "text" ? action.text : action.combo.join("+"),
      };
  }
}

/** Where the pointer is after an action (scroll without a point goes there). */
export function pointerAfter(action: InputAction, before: Point | null): Point | null {
  switch (action.kind) {
    case "click":
    case "move":
      return { x: action.x, y: action.y };
    case "drag":
      return { ...action.to };
    case "scroll":
    case "button":
      return action.x !== undefined && action.y !== undefined
        ? { x: action.x, y: action.y }
        : before;
    default:
      return before;
  }
}
