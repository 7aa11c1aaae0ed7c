// Input through a RemoteDesktop portal session: absolute pointer motion in a
// screen-cast stream's frame (the monitor under the point), evdev buttons,
// wheel steps, and keys as keysyms (the portal's compositor maps them).

import type { MouseButton } from "../../types.ts";
import type { InputDevice } from "../common/input_actions.ts";
import { type Portal, PortalError, type RemoteSession } from "./portal.ts";
import { keysymValue } from "./keysym_values.ts";
import { pause } from "../../../lib/support/cancel.ts";

const BUTTONS: Record<MouseButton, number> = { left: 0x110, right: 0x111, middle: 0x112 };
const PRESSED = 1;
const RELEASED = 0;
const KEY_GAP_MS = 4;
const SHIFT_L = 0xffe1;

export class PortalInput implements InputDevice {
  constructor(private readonly portal: Portal, private readonly session: RemoteSession) {}

  move(x: number, y: number): void {
    const stream = this.session.streams.find((s) =>
      x >= s.position.x && y >= s.position.y && x < s.position.x + s.size.width &&
      y < s.position.y + s.size.height
    );
    if (stream === undefined) {
      throw new PortalError(`no monitor of the portal's session holds the point (${x}, ${y})`);
    }
    this.portal.notify("NotifyPointerMotionAbsolute", this.session, [
      { type: "u", value: stream.nodeId },
      { type: "d", value: x - stream.position.x },
      { type: "d", value: y - stream.position.y },
    ]);
  }

  button(button: MouseButton, down: boolean): Promise<void> {
    this.portal.notify("NotifyPointerButton", this.session, [
      { type: "i", value: BUTTONS[button] },
      { type: "u", value: down ? PRESSED : RELEASED },
    ]);
    return Promise.resolve();
  }

  scroll(clicks: number, horizontal: boolean): Promise<void> {
    // The portal's axis grows down (and right): a positive click scrolls up (or right).
    this.portal.notify("NotifyPointerAxisDiscrete", this.session, [
      { type: "u", value: horizontal ? 1 : 0 },
      { type: "i", value: horizontal ? clicks : -clicks },
    ]);
    return Promise.resolve();
  }

  private keysym(value: number, down: boolean): void {
    this.portal.notify("NotifyKeyboardKeysym", this.session, [
      { type: "i", value },
      { type: "u", value: down ? PRESSED : RELEASED },
    ]);
  }

  /**
   * GNOME Shell 43 drops the first key a new session's keyboard sends ("7+8"
   * typed "+8"): a lone Shift, which types nothing, goes first.
   */
  primeKeyboard(): void {
    this.keysym(SHIFT_L, true);
    this.keysym(SHIFT_L, false);
  }

  key(key: string, down: boolean): Promise<void> {
    this.keysym(keysymValue(key), down);
    return Promise.resolve();
  }

  chord(combo: string[]): Promise<void> {
    const values = combo.map(keysymValue);
    const modifiers = values.slice(0, -1);
    for (const m of modifiers) this.keysym(m, true);
    try {
      this.keysym(values[values.length - 1], true);
      this.keysym(values[values.length - 1], false);
    } finally {
      for (const m of modifiers.reverse()) this.keysym(m, false);
    }
    return Promise.resolve();
  }

  async type(text: string): Promise<void> {
    for (const char of text) {
      const value = keysymValue(char);
      this.keysym(value, true);
      this.keysym(value, false);
      await pause(KEY_GAP_MS);
    }
  }
}
