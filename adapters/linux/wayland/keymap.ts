// The virtual keyboard's layout, made here: one keysym per keycode, no levels
// (so "A" is a key of its own and needs no Shift), the modifier keys mapped to
// their modifiers, and characters added on demand (as wtype does). Pure: the
// keymap's text, and which keycode types a keysym.

/** Keysyms are written as names (Return, Control_L) or numbers (0x61, 0x10020ac). */
export type KeysymText = string;

/** The first keycode xkb uses (evdev key = keycode - 8). */
const MIN_KEYCODE = 9;
const MAX_KEYCODE = 255;
export const CAPACITY = MAX_KEYCODE - MIN_KEYCODE + 1;

const MODIFIERS: Record<string, string> = {
  Shift_L: "Shift",
  Control_L: "Control",
  Alt_L: "Mod1",
  Super_L: "Mod4",
};

/** xkb's real modifiers in their fixed order: a modifier's mask bit is its index. */
const REAL_MODIFIERS = ["Shift", "Lock", "Control", "Mod1", "Mod2", "Mod3", "Mod4", "Mod5"];

/**
 * The keys every keymap starts with: modifiers, the named keys agents press and
 * printable ASCII, so that typing plain text never changes the keymap (a new
 * keymap reaches the focused application while keys are on their way).
 */
export const BASE_KEYSYMS: KeysymText[] = [
  ...Object.keys(MODIFIERS),
  "Return",
  "Tab",
  "Escape",
  "BackSpace",
  "Delete",
  "Insert",
  "Home",
  "End",
  "Prior",
  "Next",
  "Up",
  "Down",
  "Left",
  "Right",
  "space",
  ...Array.from({ length: 12 }, (_, i) => `F${i + 1}`),
  ...Array.from({ length: 0x7e - 0x21 + 1 }, (_, i) => `0x${(0x21 + i).toString(16)}`),
];

export class Keymap {
  private readonly keysyms: KeysymText[];

  constructor(base: KeysymText[] = BASE_KEYSYMS) {
    this.keysyms = [...base];
  }

  /** The evdev key code that types `keysym`, or null when the keymap lacks it. */
  key(keysym: KeysymText): number | null {
    const i = this.keysyms.indexOf(keysym);
    return i < 0 ? null : MIN_KEYCODE + i - 8;
  }

  /**
   * Adds the keysyms the keymap lacks; false when they do not fit (the
   * caller starts a fresh keymap for them).
   */
  add(keysyms: KeysymText[]): { changed: boolean; fits: boolean } {
    const missing = [...new Set(keysyms)].filter((k) => !this.keysyms.includes(k));
    if (this.keysyms.length + missing.length > CAPACITY) return { changed: false, fits: false };
    this.keysyms.push(...missing);
    return { changed: missing.length > 0, fits: true };
  }

  /**
   * The modifier mask a key sets while held (0: not a modifier). wlroots does
   * not derive modifiers from a virtual keyboard's keys: the client says them.
   */
  modifierMask(key: number): number {
    const keysym = this.keysyms[key + 8 - MIN_KEYCODE];
    const modifier = keysym === undefined ? undefined : MODIFIERS[keysym];
    return modifier === undefined ? 0 : 1 << REAL_MODIFIERS.indexOf(modifier);
  }

  get size(): number {
    return this.keysyms.length;
  }

  /** The keymap in xkb's text format (what the virtual keyboard uploads). */
  text(): string {
    const max = MIN_KEYCODE + this.keysyms.length - 1;
    const codes = this.keysyms.map((_, i) => `<K${i + MIN_KEYCODE}> = ${i + MIN_KEYCODE};`);
    const symbols = this.keysyms.map((k, i) => `key <K${i + MIN_KEYCODE}> { [ ${k} ] };`);
    const modifierMaps = this.keysyms.flatMap((k, i) =>
      MODIFIERS[k] ? [`modifier_map ${MODIFIERS[k]} { <K${i + MIN_KEYCODE}> };`] : []
    );
    return [
      "xkb_keymap {",
      `xkb_keycodes "oso" { minimum = ${MIN_KEYCODE}; maximum = ${Math.max(max, MIN_KEYCODE)};`,
      ...codes,
      "};",
      'xkb_types "oso" { include "complete" };',
      'xkb_compatibility "oso" { include "complete" };',
      'xkb_symbols "oso" {',
      ...symbols,
      ...modifierMaps,
      "};",
      "};",
      "",
    ].join("\n");
  }
}

/** A character's keysym as xkb writes it: its legacy keysym for Latin-1, else 0x1000000 + code point. */
export function characterKeysymText(char: string): KeysymText {
  const code = char.codePointAt(0)!;
  const keysym = (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)
    ? code
    : 0x1000000 + code;
  return `0x${keysym.toString(16)}`;
}
