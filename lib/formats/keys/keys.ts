// Key-combination parsing shared by every adapter: "ctrl+shift+n" → ["ctrl", "shift", "n"].
// Names are lower-cased and aliases folded to one canonical name so adapters
// only need one table.

import { own } from "../../model/own.ts";

const ALIASES: Record<string, string> = {
  control: "ctrl",
  ctl: "ctrl",
  option: "alt",
  opt: "alt",
  meta: "super",
  win: "super",
  windows: "super",
  cmd: "super",
  command: "super",
  return: "enter",
  esc: "escape",
  del: "delete",
  ins: "insert",
  bksp: "backspace",
  back: "backspace",
  pgup: "pageup",
  page_up: "pageup",
  prior: "pageup",
  pgdn: "pagedown",
  pgdown: "pagedown",
  page_down: "pagedown",
  next: "pagedown",
  spacebar: "space",
  arrowup: "up",
  arrowdown: "down",
  arrowleft: "left",
  arrowright: "right",
  apps: "menu",
  contextmenu: "menu",
  plus: "+",
  minus: "-",
  dash: "-",
  hyphen: "-",
  equal: "=",
  equals: "=",
  comma: ",",
  period: ".",
  dot: ".",
  slash: "/",
  backslash: "\\",
  semicolon: ";",
  colon: ":",
  quote: "'",
  apostrophe: "'",
  doublequote: '"',
  backquote: "`",
  backtick: "`",
  grave: "`",
  bracketleft: "[",
  leftbracket: "[",
  bracketright: "]",
  rightbracket: "]",
  braceleft: "{",
  braceright: "}",
  asterisk: "*",
  star: "*",
  underscore: "_",
  arrow_up: "up",
  arrow_down: "down",
  arrow_left: "left",
  arrow_right: "right",
};

export const MODIFIERS = new Set(["ctrl", "shift", "alt", "super"]);

export const NAMED_KEYS = new Set([
  "enter",
  "tab",
  "escape",
  "space",
  "backspace",
  "delete",
  "insert",
  "home",
  "end",
  "pageup",
  "pagedown",
  "up",
  "down",
  "left",
  "right",
  "menu",
  "capslock",
  "numlock",
  "scrolllock",
  "printscreen",
  "pause",
  ...Array.from({ length: 24 }, (_, i) => `f${i + 1}`),
]);

export class KeyComboError extends Error {}

/**
 * Parses a combination such as "ctrl+s", "alt+f4", "shift++" or "Enter".
 * Every part must be a modifier, a named key or a single character.
 */
export function parseKeyCombo(input: string): string[] {
  const text = input.trim();
  if (text === "") throw new KeyComboError("key combination is empty");
  // A literal "+" may be the last key ("ctrl++"), so split on "+" only between parts.
  const parts: string[] = [];
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "+" && current !== "") {
      parts.push(current);
      current = "";
    } else {
      current += ch;
    }
  }
  if (current !== "") parts.push(current);
  const keys = parts.map((p) => {
    const trimmed = p.trim();
    const lower = trimmed.toLowerCase();
    // "Page Up", "page_up" and "page-up" all mean pageup.
    const squeezed = lower.length > 1 ? lower.replace(/[\s_-]+/g, "") : lower;
    const name = own(ALIASES, lower) ?? own(ALIASES, squeezed) ?? squeezed;
    if (MODIFIERS.has(name) || NAMED_KEYS.has(name)) return name;
    if ([...trimmed].length === 1) return lower;
    if ([...name].length === 1) return name; // a punctuation alias such as "comma"
    throw new KeyComboError(`unknown key name '${trimmed}' in '${input}'`);
  });
  for (const k of keys.slice(0, -1)) {
    if (!MODIFIERS.has(k)) {
      throw new KeyComboError(`'${k}' is not a modifier; modifiers come first in '${input}'`);
    }
  }
  return keys;
}
