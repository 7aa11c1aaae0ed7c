// Key names as lib/formats/keys/keys.ts canonicalises them → X keysyms.

import { own } from "../../../lib/model/own.ts";

const NAMED_KEYSYMS: Record<string, string> = {
  ctrl: "Control_L",
  shift: "Shift_L",
  alt: "Alt_L",
  super: "Super_L",
  enter: "Return",
  tab: "Tab",
  escape: "Escape",
  space: "space",
  backspace: "BackSpace",
  delete: "Delete",
  insert: "Insert",
  home: "Home",
  end: "End",
  pageup: "Prior",
  pagedown: "Next",
  up: "Up",
  down: "Down",
  left: "Left",
  right: "Right",
  menu: "Menu",
  capslock: "Caps_Lock",
  numlock: "Num_Lock",
  scrolllock: "Scroll_Lock",
  printscreen: "Print",
  pause: "Pause",
};

/** The keysym name of a named key ("pageup" → "Prior", "f5" → "F5"); null for characters. */
export function keysymName(key: string): string | null {
  if (/^f([1-9]|1\d|2[0-4])$/.test(key)) return key.toUpperCase();
  return own(NAMED_KEYSYMS, key) ?? null;
}

/** Control characters typed as keys rather than as characters. */
const CONTROL_CHARACTERS: Record<string, string> = {
  "\n": "Return",
  "\r": "Return",
  "\t": "Tab",
  "\b": "BackSpace",
};

export function controlKeysymName(char: string): string | null {
  return own(CONTROL_CHARACTERS, char) ?? null;
}

/** The keysym of one Unicode character: Latin-1 keysyms equal the code point, others are 0x1000000 + it. */
export function characterKeysym(char: string): bigint {
  const code = char.codePointAt(0)!;
  if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return BigInt(code);
  return 0x1000000n + BigInt(code);
}
