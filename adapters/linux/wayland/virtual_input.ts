// Input on a wlroots compositor: one virtual pointer and one virtual keyboard,
// made when the desktop opens and kept for its life, so that the seat has a
// keyboard and a pointer before the first action (GTK binds its keyboard only
// once the seat has one: a device made per action loses its first key) and
// focus states are real. Clicks are absolute motions over the whole layout.

import type { ActionOutcome, InputAction, MouseButton } from "../../types.ts";
import { Args, sharedMemory } from "../ffi/wayland.ts";
import { type WaylandConnection, WaylandError } from "./connection.ts";
import { KEYBOARD, KEYBOARD_MANAGER, POINTER, POINTER_MANAGER } from "./protocols.ts";
import { characterKeysymText, Keymap, type KeysymText } from "./keymap.ts";
import { controlKeysymName, keysymName } from "../x11/keysyms.ts";
import { pause } from "../../../lib/support/cancel.ts";
import { InputActions, type InputDevice, settle } from "../common/input_actions.ts";
import type { Bounds } from "../../../lib/model/tree.ts";

/** evdev button codes. */
const BUTTONS: Record<MouseButton, number> = { left: 0x110, right: 0x111, middle: 0x112 };
const PRESSED = 1;
const RELEASED = 0;
const AXIS_VERTICAL = 0;
const AXIS_HORIZONTAL = 1;
const AXIS_SOURCE_WHEEL = 0;
/** What one wheel click scrolls, in wl_pointer axis units (libinput's 15 per detent). */
const WHEEL_STEP = 15;
const XKB_V1 = 1;
const KEY_GAP_MS = 4;

export class WaylandInput implements InputDevice {
  private readonly pointer: Deno.PointerObject;
  private readonly keyboard: Deno.PointerObject;
  private keymap = new Keymap();
  private readonly actions = new InputActions(this);
  private readonly started = performance.now();
  /** The modifiers held now (xkb's depressed mask). */
  private modifiers = 0;

  /** `layout`: the whole output layout, which absolute motions span. */
  constructor(private readonly c: WaylandConnection, private readonly layout: () => Bounds) {
    const p = c.protocols;
    const pointerManager = c.bind("zwlr_virtual_pointer_manager_v1", p.virtualPointerManager, 2);
    const keyboardManager = c.bind(
      "zwp_virtual_keyboard_manager_v1",
      p.virtualKeyboardManager,
      1,
    );
    const seat = c.bind("wl_seat", c.libs.core("wl_seat"), 1);
    if (pointerManager === null || keyboardManager === null || seat === null) {
      throw new WaylandError(
        "the compositor offers no virtual pointer or keyboard (wlr-virtual-pointer, " +
          "virtual-keyboard-unstable-v1): input needs a wlroots compositor",
      );
    }
    const pointerVersion = c.offered("zwlr_virtual_pointer_manager_v1", 2)!.version;
    this.pointer = c.request(
      pointerManager,
      POINTER_MANAGER.create,
      p.virtualPointer,
      pointerVersion,
      new Args(2).object(0, null).object(1, null),
    )!;
    this.keyboard = c.request(
      keyboardManager,
      KEYBOARD_MANAGER.create,
      p.virtualKeyboard,
      1,
      new Args(2).object(0, seat).object(1, null),
    )!;
    this.uploadKeymap();
    c.roundtrip();
  }

  /** Milliseconds since the devices were made, as event times. */
  private now(): number {
    return Math.floor(performance.now() - this.started) >>> 0;
  }

  private pointerRequest(opcode: number, args: Args): void {
    this.c.request(this.pointer, opcode, null, 2, args);
  }

  private frame(): void {
    this.pointerRequest(POINTER.frame, new Args(0));
    this.c.flush();
  }

  move(x: number, y: number): void {
    const area = this.layout();
    const px = Math.min(Math.max(x - area.x, 0), area.width - 1);
    const py = Math.min(Math.max(y - area.y, 0), area.height - 1);
    this.pointerRequest(
      POINTER.motionAbsolute,
      new Args(5).uint(0, this.now()).uint(1, px).uint(2, py).uint(3, area.width).uint(
        4,
        area.height,
      ),
    );
    this.frame();
  }

  button(button: MouseButton, down: boolean): Promise<void> {
    this.pointerRequest(
      POINTER.button,
      new Args(3).uint(0, this.now()).uint(1, BUTTONS[button]).uint(2, down ? PRESSED : RELEASED),
    );
    this.frame();
    return Promise.resolve();
  }

  scroll(clicks: number, horizontal: boolean): Promise<void> {
    const axis = horizontal ? AXIS_HORIZONTAL : AXIS_VERTICAL;
    // Wayland's axis grows down (and right): a positive click scrolls up (or right).
    const sign = horizontal ? 1 : -1;
    for (let i = 0; i < Math.abs(clicks); i++) {
      const step = Math.sign(clicks) * sign;
      this.pointerRequest(POINTER.axisSource, new Args(1).uint(0, AXIS_SOURCE_WHEEL));
      this.pointerRequest(
        POINTER.axisDiscrete,
        new Args(4).uint(0, this.now()).uint(1, axis).fixed(2, step * WHEEL_STEP).int(3, step),
      );
      this.frame();
    }
    return Promise.resolve();
  }

  /** Uploads the keymap (in a memfd, as the protocol takes it) and lets the compositor read it. */
  private uploadKeymap(): void {
    const libc = this.c.libs.libc;
    const text = new TextEncoder().encode(this.keymap.text());
    const size = text.length + 1; // with its NUL
    const { fd, memory } = sharedMemory(libc, "oso-keymap", size);
    try {
      const view = new Uint8Array(
        Deno.UnsafePointerView.getArrayBuffer(memory, size),
      );
      view.set(text);
      view[text.length] = 0;
      libc.munmap(memory, BigInt(size));
      this.c.request(
        this.keyboard,
        KEYBOARD.keymap,
        null,
        1,
        new Args(3).uint(0, XKB_V1).int(1, fd).uint(2, size),
      );
      this.c.roundtrip();
    } finally {
      libc.close(fd);
    }
  }

  /** Makes sure the keymap types each keysym (a new keymap when they would not fit). */
  private ensure(keysyms: KeysymText[]): void {
    let { changed, fits } = this.keymap.add(keysyms);
    if (!fits) {
      this.keymap = new Keymap();
      ({ changed, fits } = this.keymap.add(keysyms));
      if (!fits) throw new WaylandError("too many different characters for one keymap");
      changed = true;
    }
    if (changed) this.uploadKeymap();
  }

  private keysymOf(key: string): KeysymText {
    return keysymName(key) ?? controlKeysymName(key) ?? characterKeysymText(key);
  }

  private keyCode(code: number, down: boolean): void {
    this.c.request(
      this.keyboard,
      KEYBOARD.key,
      null,
      1,
      new Args(3).uint(0, this.now()).uint(1, code).uint(2, down ? PRESSED : RELEASED),
    );
    const mask = this.keymap.modifierMask(code);
    if (mask !== 0) {
      this.modifiers = down ? this.modifiers | mask : this.modifiers & ~mask;
      this.c.request(
        this.keyboard,
        KEYBOARD.modifiers,
        null,
        1,
        new Args(4).uint(0, this.modifiers).uint(1, 0).uint(2, 0).uint(3, 0),
      );
    }
    this.c.flush();
  }

  private codeOf(keysym: KeysymText): number {
    this.ensure([keysym]);
    return this.keymap.key(keysym)!;
  }

  chord(combo: string[]): Promise<void> {
    const keysyms = combo.map((k) => this.keysymOf(k));
    this.ensure(keysyms);
    const codes = keysyms.map((k) => this.keymap.key(k)!);
    const modifiers = codes.slice(0, -1);
    for (const m of modifiers) this.keyCode(m, true);
    try {
      const last = codes[codes.length - 1];
      this.keyCode(last, true);
      this.keyCode(last, false);
    } finally {
      for (const m of modifiers.reverse()) this.keyCode(m, false);
    }
    return Promise.resolve();
  }

  key(key: string, down: boolean): Promise<void> {
    this.keyCode(this.codeOf(this.keysymOf(key)), down);
    return Promise.resolve();
  }

  async type(text: string): Promise<void> {
    const chars = [...text];
    this.ensure(chars.map((c) => this.keysymOf(c)));
    for (const char of chars) {
      const code = this.keymap.key(this.keysymOf(char))!;
      this.keyCode(code, true);
      this.keyCode(code, false);
      await pause(KEY_GAP_MS);
    }
  }

  async perform(action: InputAction): Promise<ActionOutcome> {
    const outcome = await this.actions.send(action);
    this.c.roundtrip();
    await settle(action);
    return outcome;
  }

  /** Where the last action left the pointer (the compositor does not say). */
  get position(): { x: number; y: number } | null {
    return this.actions.pointer;
  }

  async close(): Promise<void> {
    await this.actions.release();
    this.c.destroy(this.pointer, POINTER.destroy, 2);
    this.c.destroy(this.keyboard, KEYBOARD.destroy, 1);
    this.c.flush();
  }
}
