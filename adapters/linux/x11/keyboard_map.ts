// The server's keyboard mapping, read once: which keycode (and shift level)
// types a keysym. Characters the layout lacks are typed by borrowing a spare
// keycode and mapping the keysym onto it. A keycode is only re-borrowed for
// another character after the clients have had time to see the change, so
// text like "Grüße ✓ 日本" never comes out with one character in another's place.

import type { XDisplay } from "./display.ts";

export interface KeyStroke {
  keycode: number;
  /** Whether Shift must be held (the keysym sits on the second level). */
  shifted: boolean;
}

/** How long clients (GTK reloads its XKB map) need to apply a mapping change. */
export const MAPPING_SETTLE_MS = 60;

export class KeyboardMap {
  private readonly strokes = new Map<bigint, KeyStroke>();
  private readonly spare: number[] = [];
  /** Borrowed keycodes by keysym, least recently used first. */
  private readonly borrowed = new Map<bigint, number>();
  private readonly keysymsPerKeycode: number;

  constructor(private readonly x: XDisplay) {
    const min = new Int32Array(1);
    const max = new Int32Array(1);
    x.x11.XDisplayKeycodes(x.display, min, max);
    const count = max[0] - min[0] + 1;
    const per = new Int32Array(1);
    const table = x.x11.XGetKeyboardMapping(x.display, min[0], count, per);
    this.keysymsPerKeycode = per[0];
    if (table === null) throw new Error("XGetKeyboardMapping failed");
    try {
      const view = new BigUint64Array(
        Deno.UnsafePointerView.getArrayBuffer(table, count * per[0] * 8),
      );
      for (let i = 0; i < count; i++) {
        const syms = view.subarray(i * per[0], (i + 1) * per[0]);
        const keycode = min[0] + i;
        if (syms.every((s) => s === 0n)) {
          this.spare.push(keycode);
          continue;
        }
        // The first two levels are unshifted and shifted; keep the first keycode found.
        for (const [level, sym] of [syms[0], syms[1]].entries()) {
          if (sym !== 0n && sym !== undefined && !this.strokes.has(sym)) {
            this.strokes.set(sym, { keycode, shifted: level === 1 });
          }
        }
      }
    } finally {
      x.x11.XFree(table);
    }
  }

  /** How many characters the layout lacks can be mapped at the same time. */
  get poolSize(): number {
    return this.spare.length + this.borrowed.size;
  }

  inLayout(keysym: bigint): boolean {
    return this.strokes.has(keysym);
  }

  /** The stroke for a keysym the layout already has, or a keycode borrowed earlier. */
  find(keysym: bigint): KeyStroke | null {
    const stroke = this.strokes.get(keysym);
    if (stroke) return stroke;
    const keycode = this.borrowed.get(keysym);
    if (keycode === undefined) return null;
    this.borrowed.delete(keysym); // re-insert: most recently used
    this.borrowed.set(keysym, keycode);
    return { keycode, shifted: false };
  }

  /**
   * Maps each keysym onto a spare keycode, reusing the least recently used
   * borrowed ones (never one of `keysyms` itself). Returns whether the server
   * mapping changed, i.e. whether the caller must wait MAPPING_SETTLE_MS.
   */
  borrow(keysyms: bigint[]): boolean {
    let changed = false;
    for (const keysym of keysyms) {
      if (this.find(keysym) !== null) continue;
      let keycode = this.spare.pop();
      if (keycode === undefined) {
        const victim = [...this.borrowed.keys()].find((k) => !keysyms.includes(k));
        if (victim === undefined) throw new Error("no spare keycode left to type this text");
        keycode = this.borrowed.get(victim)!;
        this.borrowed.delete(victim);
      }
      // Every level gets the keysym, so Shift or Caps Lock cannot change the character.
      const syms = new BigUint64Array(this.keysymsPerKeycode).fill(keysym);
      this.x.x11.XChangeKeyboardMapping(this.x.display, keycode, this.keysymsPerKeycode, syms, 1);
      this.borrowed.set(keysym, keycode);
      changed = true;
    }
    if (changed) this.x.x11.XSync(this.x.display, 0);
    return changed;
  }

  /** Gives the borrowed keycodes back (empty again), as the layout was. */
  restore(): void {
    const empty = new BigUint64Array(this.keysymsPerKeycode);
    for (const keycode of this.borrowed.values()) {
      this.x.x11.XChangeKeyboardMapping(this.x.display, keycode, this.keysymsPerKeycode, empty, 1);
      this.spare.push(keycode);
    }
    this.borrowed.clear();
    this.x.x11.XSync(this.x.display, 0);
  }
}
