// An InputAction performed on a device that knows its primitives (X11's XTest,
// Wayland's virtual pointer and keyboard): clicks repeated, drags stepped,
// modifiers held around a drag, and what an agent holds down remembered so
// that closing lets it go.

import type { ActionOutcome, InputAction, MouseButton } from "../../types.ts";
import { pause } from "../../../lib/support/cancel.ts";

/** What a display server's input does itself. */
export interface InputDevice {
  move(x: number, y: number): void;
  button(button: MouseButton, down: boolean): Promise<void>;
  /** Wheel clicks: positive up (or, horizontal, right). */
  scroll(clicks: number, horizontal: boolean): Promise<void>;
  /** Modifiers held, the last key tapped, modifiers released in reverse. */
  chord(combo: string[]): Promise<void>;
  key(key: string, down: boolean): Promise<void>;
  type(text: string): Promise<void>;
}

/**
 * After an action, time for the app to react and for its accessibility events
 * to reach libatspi's cache (2–7 ms measured; generous for loaded machines), so
 * the capture that follows sees the result.
 */
export const SETTLE_MS = 40;

/** The pause after an action, unless more text follows at once. */
export async function settle(action: InputAction): Promise<void> {
  if (!(action.kind === "text" && action.more)) await pause(SETTLE_MS);
}

/** Pause between the clicks of a double click: well inside any double-click time. */
const MULTI_CLICK_GAP_MS = 40;
const DRAG_STEP_MS = 15;

export class InputActions {
  /** Buttons and keys an agent pressed and has not released: let go on close. */
  private readonly heldButtons = new Set<MouseButton>();
  private readonly heldKeys = new Set<string>();
  /** Where the last action left the pointer (null: none has moved it). */
  pointer: { x: number; y: number } | null = null;

  constructor(private readonly device: InputDevice) {}

  private move(x: number, y: number): void {
    this.device.move(x, y);
    this.pointer = { x, y };
  }

  async send(action: InputAction): Promise<ActionOutcome> {
    const d = this.device;
    switch (action.kind) {
      case "move":
        this.move(action.x, action.y);
        return { ok: true };
      case "click":
        this.move(action.x, action.y);
        for (let i = 0; i < action.count; i++) {
          if (i > 0) await pause(MULTI_CLICK_GAP_MS);
          await d.button(action.button, true);
          await d.button(action.button, false);
        }
        return { ok: true };
      case "scroll":
        if (action.x !== undefined && action.y !== undefined) this.move(action.x, action.y);
        await d.scroll(action.clicks, action.horizontal === true);
        return { ok: true };
      case "drag":
        await this.withModifiers(action.modifiers, () => this.drag(action));
        return { ok: true };
      case "button":
        if (action.x !== undefined && action.y !== undefined) this.move(action.x, action.y);
        await d.button(action.button, action.down);
        if (action.down) this.heldButtons.add(action.button);
        else this.heldButtons.delete(action.button);
        return { ok: true };
      case "keys":
        if (action.combo.length === 0) return { ok: false, error: "Unsupported action: no keys" };
        await d.chord(action.combo);
        return { ok: true };
      case "key":
        await d.key(action.key, action.down);
        if (action.down) this.heldKeys.add(action.key);
        else this.heldKeys.delete(action.key);
        return { ok: true };
      case "text":
        if (action.text === "") return { ok: false, error: "Unsupported action: empty text" };
        await d.type(action.text);
        return { ok: true };
    }
  }

  private async withModifiers(modifiers: string[], body: () => Promise<void>): Promise<void> {
    const held: string[] = [];
    try {
      for (const m of modifiers) {
        await this.device.key(m, true);
        held.push(m);
      }
      await body();
    } finally {
      for (const m of held.reverse()) await this.device.key(m, false);
    }
  }

  private async drag(action: Extract<InputAction, { kind: "drag" }>): Promise<void> {
    const button = action.button ?? "left";
    this.move(action.from.x, action.from.y);
    await this.device.button(button, true);
    try {
      const steps = Math.max(2, Math.round(action.durationMs / DRAG_STEP_MS));
      for (let i = 1; i <= steps; i++) {
        await pause(action.durationMs / steps);
        const t = i / steps;
        this.move(
          Math.round(action.from.x + (action.to.x - action.from.x) * t),
          Math.round(action.from.y + (action.to.y - action.from.y) * t),
        );
      }
    } finally {
      await this.device.button(button, false);
    }
  }

  /** Lets go of what an agent left held. */
  async release(): Promise<void> {
    for (const button of this.heldButtons) await this.device.button(button, false);
    for (const key of this.heldKeys) await this.device.key(key, false);
    this.heldButtons.clear();
    this.heldKeys.clear();
  }
}
