// Pointer and keyboard input through XTest: the server treats these events as
// coming from real devices, so every toolkit sees ordinary clicks and keys.

import type { ActionOutcome, InputAction, MouseButton } from "../../types.ts";
import { InputActions, type InputDevice, settle } from "../common/input_actions.ts";
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
/** Pause between typed characters, so no toolkit drops or reorders keys. */
const KEY_GAP_MS = 4;
const CURRENT_SCREEN = -1;
/** How long a button may wait for the client that froze the pointer (see pressButton). */
const POINTER_FROZEN_MS = 5000;
const POINTER_POLL_MS = 2;

export class XTestInput implements InputDevice {
  private keyboardMap: KeyboardMap | null = null;
  /** Whether a button of the current action waited POINTER_FROZEN_MS in vain. */
  private frozen = false;
  private readonly actions = new InputActions(this);

  constructor(private readonly x: XDisplay, private readonly xtest: XTest) {}

  private get keys(): KeyboardMap {
    this.keyboardMap ??= new KeyboardMap(this.x);
    return this.keyboardMap;
  }

  private flush(): void {
    this.x.x11.XFlush(this.x.display);
  }

  move(x: number, y: number): void {
    this.xtest.XTestFakeMotionEvent(this.x.display, CURRENT_SCREEN, x, y, 0n);
    this.flush();
  }

  private buttonNow(button: number, down: boolean): void {
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
    this.buttonNow(button, down);
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

  private keyNow(keycode: number, down: boolean): void {
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

  button(button: MouseButton, down: boolean): Promise<void> {
    return this.pressButton(BUTTONS[button], down);
  }

  async scroll(clicks: number, horizontal: boolean): Promise<void> {
    const button = horizontal
      ? (clicks >= 0 ? SCROLL_RIGHT : SCROLL_LEFT)
      : (clicks >= 0 ? SCROLL_UP : SCROLL_DOWN);
    for (let i = 0; i < Math.abs(clicks); i++) {
      await this.pressButton(button, true);
      await this.pressButton(button, false);
    }
  }

  async key(key: string, down: boolean): Promise<void> {
    const { keycode } = await this.stroke(key);
    this.keyNow(keycode, down);
  }

  /** Modifiers held, the last key tapped, modifiers released in reverse. */
  async chord(combo: string[]): Promise<void> {
    const strokes = [];
    for (const key of combo) strokes.push(await this.stroke(key));
    const modifiers = strokes.slice(0, -1);
    for (const m of modifiers) this.keyNow(m.keycode, true);
    try {
      await this.tap(strokes[strokes.length - 1]);
    } finally {
      for (const m of modifiers.reverse()) this.keyNow(m.keycode, false);
    }
  }

  /**
   * Types in chunks whose characters missing from the layout all fit on spare
   * keycodes at once: one mapping change and one wait per chunk, and no keycode
   * is remapped while a character of its chunk may still be in flight.
   */
  async type(text: string): Promise<void> {
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

  async perform(action: InputAction): Promise<ActionOutcome> {
    this.frozen = false;
    const outcome = await this.actions.send(action);
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
    await settle(action);
    return outcome;
  }

  async close(): Promise<void> {
    await this.actions.release();
    this.keyboardMap?.restore();
  }
}
