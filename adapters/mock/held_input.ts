// Held keys and buttons on the mock desktop, which only knows whole gestures:
// a key pressed while modifiers are held is that chord, a button released
// where it was pressed is a click, released elsewhere a drag.

import type { InputAction, MouseButton } from "../types.ts";
import { MODIFIERS } from "../../lib/formats/keys/keys.ts";

type Point = { x: number; y: number };

/** Farther than this between press and release, and it is a drag. */
const CLICK_SLOP_PX = 3;

export class HeldInput {
  private readonly modifiers: string[] = [];
  private readonly pressed = new Map<MouseButton, Point | null>();

  /** The whole gestures `action` completes (none while keys or buttons are only going down). */
  translate(action: InputAction, pointer: Point | null): InputAction[] {
    switch (action.kind) {
      case "key":
        return this.key(action.key, action.down);
      case "keys":
        return [{
          kind: "keys",
          combo: [...this.modifiers.filter((m) => !action.combo.includes(m)), ...action.combo],
        }];
      case "button":
        return this.button(action, pointer);
      default:
        return [action];
    }
  }

  private key(key: string, down: boolean): InputAction[] {
    const held = this.modifiers.indexOf(key);
    if (!down) {
      if (held >= 0) this.modifiers.splice(held, 1);
      return [];
    }
    if (MODIFIERS.has(key)) {
      if (held < 0) this.modifiers.push(key);
      return [];
    }
    return [{ kind: "keys", combo: [...this.modifiers, key] }];
  }

  private button(
    action: Extract<InputAction, { kind: "button" }>,
    pointer: Point | null,
  ): InputAction[] {
    const at = action.x !== undefined && action.y !== undefined
      ? { x: action.x, y: action.y }
      : pointer;
    if (action.down) {
      this.pressed.set(action.button, at);
      return at ? [{ kind: "move", ...at }] : [];
    }
    const from = this.pressed.get(action.button);
    this.pressed.delete(action.button);
    if (!from || !at) return at ? [{ kind: "move", ...at }] : [];
    if (Math.hypot(at.x - from.x, at.y - from.y) <= CLICK_SLOP_PX) {
      return [{ kind: "click", ...from, button: action.button, count: 1 }];
    }
    return [{
      kind: "drag",
      from,
      to: at,
      durationMs: 0,
      modifiers: [...this.modifiers],
      button: action.button,
    }];
  }
}
