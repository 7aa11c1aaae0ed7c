// Pointer and keyboard input through XTest: the server treats these events as
// coming from real devices, so every toolkit sees ordinary clicks and keys.

import type { ActionOutcome, InputAction, MouseButton } from "../../types.ts";
import { cString } from "../ffi/c_strings.ts";
import type { XTest } from "../ffi/xtest.ts";
import { KeyboardMap, type KeyStroke, MAPPING_SETTLE_MS } from "./keyboard_map.ts";
import { characterKeysym, controlKeysymName, keysymName } from "./keysyms.ts";
import type { XDisplay } from "./display.ts";
import { pause } from "../../../lib/support/cancel.ts";
import { buttonDown, buttonMask } from "./pointer.ts";

const BUTTONS: Record<MouseButton, number> = { left: 1, middle: 2, right: 3 };
const SCROLL_UP = 4;
const SCROLL_DOWN = 5;
const SCROLL_LEFT = 6;
const SCROLL_RIGHT = 7;
/** Pause between the clicks of a double click: well inside any double-click time. */
const MULTI_CLICK_GAP_MS = 40;
/** Pause between typed characters, so no toolkit drops or reorders keys. */
const KEY_GAP_MS = 4;
const DRAG_STEP_MS = 15;
const CURRENT_SCREEN = -1;
/** How long a button may wait for the client that froze the pointer (see pressButton). */
const POINTER_FROZEN_MS = 5000;
const POINTER_POLL_MS = 2;
/**
 * After an action, time for the app to react and for its accessibility events
 * to reach libatspi's cache (2–7 ms measured; generous for loaded machines), so
 * the capture that follows sees the result.
 */
export const SETTLE_MS = 40;

export class XTestInput {
  private keyboardMap: KeyboardMap | null = null;
  /** Buttons and keycodes an agent pressed and has not released: let go on close. */
  private readonly heldButtons = new Set<number>();
  private readonly heldKeys = new Set<number>();
  /** Whether a button of the current action waited POINTER_FROZEN_MS in vain. */
  private frozen = false;

  constructor(private readonly x: XDisplay, private readonly xtest: XTest) {}

  private get keys(): KeyboardMap {
    this.keyboardMap ??= new KeyboardMap(this.x);
    return this.keyboardMap;
  }

  private flush(): void {
    this.x.x11.XFlush(this.x.display);
  }

  private move(x: number, y: number): void {
    this.xtest.XTestFakeMotionEvent(this.x.display, CURRENT_SCREEN, x, y, 0n);
    this.flush();
  }

  private button(button: number, down: boolean): void {
    this.xtest.XTestFakeButtonEvent(this.x.display, button, down ? 1 : 0, 0n);
    this.flush();
  }

  /**
   * Presses or releases a button and waits until the server has processed
   * it. A window manager's passive grab (openbox focuses and raises on a
   * click) freezes the pointer until the manager replays the press; keys sent
   * meanwhile reach the window first. Under load a select-all typed right
   * after a click was undone by the click arriving after it.
   */
  private async pressButton(button: number, down: boolean): Promise<void> {
    this.button(button, down);
    if (this.frozen || buttonMask(button) === 0) return;
    this.x.x11.XSync(this.x.display, 0);
    const deadline = performance.now() + POINTER_FROZEN_MS;
    while (buttonDown(this.x, button) === !down) {
      if (performance.now() >= deadline) {
        this.frozen = true;
        return;
      }
      await pause(POINTER_POLL_MS);
    }
  }

  /** A key event queued in Xlib's buffer, written with the next flush. */
  private queueKey(keycode: number, down: boolean): void {
    this.xtest.XTestFakeKeyEvent(this.x.display, keycode, down ? 1 : 0, 0n);
  }

  private key(keycode: number, down: boolean): void {
    this.queueKey(keycode, down);
    this.flush();
  }

  /** The stroke for a key name ("ctrl", "f5") or character ("a", "+"), borrowing a keycode if needed. */
  private async stroke(key: string): Promise<KeyStroke> {
    const named = keysymName(key) ?? controlKeysymName(key);
    const keysym = named === null
      ? characterKeysym(key)
      : BigInt(this.x.x11.XStringToKeysym(cString(named)));
    if (keysym === 0n) throw new Error(`no X keysym for key '${key}'`);
    if (this.keys.borrow([keysym])) await pause(MAPPING_SETTLE_MS);
    return this.keys.find(keysym)!;
  }

  /**
   * Press and release leave in one write: the server repeats a key held past
   * its repeat delay (660 ms on Xvfb), and a process descheduled between two
   * writes on a loaded machine would hold it that long.
   */
  private async tap({ keycode, shifted }: KeyStroke): Promise<void> {
    const shift = shifted ? (await this.stroke("shift")).keycode : null;
    if (shift !== null) this.queueKey(shift, true);
    this.queueKey(keycode, true);
    this.queueKey(keycode, false);
    if (shift !== null) this.queueKey(shift, false);
    this.flush();
  }

  /** Modifiers held, the last key tapped, modifiers released in reverse. */
  private async chord(combo: string[]): Promise<void> {
    const strokes = [];
    for (const key of combo) strokes.push(await this.stroke(key));
    const modifiers = strokes.slice(0, -1);
    for (const m of modifiers) this.key(m.keycode, true);
    try {
      await this.tap(strokes[strokes.length - 1]);
    } finally {
      for (const m of modifiers.reverse()) this.key(m.keycode, false);
    }
  }

  /**
   * Types in chunks whose characters missing from the layout all fit on spare
   * keycodes at once: one mapping change and one wait per chunk, and no keycode
   * is remapped while a character of its chunk may still be in flight.
   */
  private async type(text: string): Promise<void> {
    const chars = [...text];
    const pool = this.keys.poolSize;
    let start = 0;
    while (start < chars.length) {
      const borrowed = new Set<bigint>();
      let end = start;
      for (; end < chars.length; end++) {
        if (controlKeysymName(chars[end]) !== null) continue;
        const keysym = characterKeysym(chars[end]);
        if (this.keys.inLayout(keysym) || borrowed.has(keysym)) continue;
        if (borrowed.size === pool) break;
        borrowed.add(keysym);
      }
      if (end === start) throw new Error("no spare keycode to type non-layout characters");
      if (this.keys.borrow([...borrowed])) await pause(MAPPING_SETTLE_MS);
      for (; start < end; start++) {
        await this.tap(await this.stroke(chars[start]));
        await pause(KEY_GAP_MS);
      }
    }
  }

  private async withModifiers(modifiers: string[], body: () => Promise<void>): Promise<void> {
    const held = [];
    for (const m of modifiers) held.push((await this.stroke(m)).keycode);
    for (const keycode of held) this.key(keycode, true);
    try {
      await body();
    } finally {
      for (const keycode of held.reverse()) this.key(keycode, false);
    }
  }

  async perform(action: InputAction): Promise<ActionOutcome> {
    this.frozen = false;
    const outcome = await this.send(action);
    this.x.x11.XSync(this.x.display, 0);
    if (this.frozen) {
      return {
        ok: false,
        code: "Timeout",
        error: `another X client (the window manager, most likely) has held the pointer for ` +
          `${POINTER_FROZEN_MS / 1000} s: the ${action.kind} has not reached the window yet, and ` +
          "will when that client lets go",
      };
    }
    if (!(action.kind === "text" && action.more)) await pause(SETTLE_MS);
    return outcome;
  }

  private async send(action: InputAction): Promise<ActionOutcome> {
    switch (action.kind) {
      case "move":
        this.move(action.x, action.y);
        return { ok: true };
      case "click": {
        this.move(action.x, action.y);
        for (let i = 0; i < action.count; i++) {
          if (i > 0) await pause(MULTI_CLICK_GAP_MS);
          await this.pressButton(BUTTONS[action.button], true);
          await this.pressButton(BUTTONS[action.button], false);
        }
        return { ok: true };
      }
      case "scroll": {
        if (action.x !== undefined && action.y !== undefined) this.move(action.x, action.y);
        const button = action.horizontal
          ? (action.clicks >= 0 ? SCROLL_RIGHT : SCROLL_LEFT)
          : (action.clicks >= 0 ? SCROLL_UP : SCROLL_DOWN);
        for (let i = 0; i < Math.abs(action.clicks); i++) {
          await this.pressButton(button, true);
          await this.pressButton(button, false);
        }
        return { ok: true };
      }
      case "drag":
        await this.withModifiers(action.modifiers, () => this.drag(action));
        return { ok: true };
      case "button": {
        if (action.x !== undefined && action.y !== undefined) this.move(action.x, action.y);
        const button = BUTTONS[action.button];
        await this.pressButton(button, action.down);
        if (action.down) this.heldButtons.add(button);
        else this.heldButtons.delete(button);
        return { ok: true };
      }
      case "keys":
        if (action.combo.length === 0) return { ok: false, error: "Unsupported action: no keys" };
        await this.chord(action.combo);
        return { ok: true };
      case "key": {
        const { keycode } = await this.stroke(action.key);
        this.key(keycode, action.down);
        if (action.down) this.heldKeys.add(keycode);
        else this.heldKeys.delete(keycode);
        return { ok: true };
      }
      case "text":
        if (action.text === "") return { ok: false, error: "Unsupported action: empty text" };
        await this.type(action.text);
        return { ok: true };
    }
  }

  private async drag(action: Extract<InputAction, { kind: "drag" }>): Promise<void> {
    const button = BUTTONS[action.button ?? "left"];
    this.move(action.from.x, action.from.y);
    await this.pressButton(button, true);
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
      await this.pressButton(button, false);
    }
  }

  close(): void {
    for (const button of this.heldButtons) this.button(button, false);
    for (const keycode of this.heldKeys) this.key(keycode, false);
    this.keyboardMap?.restore();
  }
}
