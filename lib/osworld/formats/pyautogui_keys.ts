// The one map between pyautogui's key names and the service's canonical ones
// (lib/formats/keys/keys.ts), both ways: agents' pyautogui code is read with
// it, and traces are written back as pyautogui code with it.
//
// pyautogui knows sided modifiers, numpad names and a few spellings the service
// table does not; those are folded when reading, everything else goes through
// the service's own alias table. Media and IME keys have no service equivalent.
// Writing, three canonical names are spelt otherwise by pyautogui.

import { own } from "../../model/own.ts";
import { KeyComboError, parseKeyCombo } from "../../formats/keys/keys.ts";

const PYAUTOGUI_ONLY: Record<string, string> = {
  "\n": "enter",
  "\r": "enter",
  "\t": "tab",
  " ": "space",
  altleft: "alt",
  altright: "alt",
  optionleft: "alt",
  optionright: "alt",
  ctrlleft: "ctrl",
  ctrlright: "ctrl",
  shiftleft: "shift",
  shiftright: "shift",
  winleft: "super",
  winright: "super",
  print: "printscreen",
  prntscrn: "printscreen",
  prtsc: "printscreen",
  prtscr: "printscreen",
  add: "+",
  subtract: "-",
  multiply: "*",
  divide: "/",
  decimal: ".",
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`num${i}`, `${i}`])),
};

export type KeyMapping = { ok: true; key: string } | { ok: false; message: string };

/**
 * Maps one pyautogui key name to a canonical service key. Like pyautogui,
 * names longer than one character are case-insensitive; a single character
 * is kept as written so press('A') still means a capital A.
 */
export function mapPyautoguiKey(name: string): KeyMapping {
  if ([...name].length === 1) {
    return { ok: true, key: own(PYAUTOGUI_ONLY, name) ?? name };
  }
  const lower = name.toLowerCase();
  const folded = own(PYAUTOGUI_ONLY, lower);
  if (folded !== undefined) return { ok: true, key: folded };
  // The service parser splits on "+"; a pyautogui key is one name, never a combination.
  if (lower.includes("+")) return { ok: false, message: `unknown key name '${name}'` };
  try {
    const keys = parseKeyCombo(lower);
    if (keys.length === 1) return { ok: true, key: keys[0] };
  } catch (error) {
    if (!(error instanceof KeyComboError)) throw error;
  }
  return { ok: false, message: `unknown key name '${name}'` };
}

/** Canonical names pyautogui spells differently; the others are the same word. */
const RENAMED: Record<string, string> = {
  escape: "esc",
  super: "win",
  menu: "apps",
};

/** Printable ASCII: the single characters pyautogui has keys for. */
const PRINTABLE = /^[\x20-\x7e]$/;

/** One canonical key name as pyautogui's, or null when pyautogui has no such key. */
export function pyautoguiKeyName(key: string): string | null {
  if ([...key].length === 1) return PRINTABLE.test(key) ? key : null;
  return RENAMED[key] ?? key;
}

/**
 * "ctrl+s" → ["ctrl", "s"], "Return" → ["enter"]; null when our parser
 * refuses the combination or pyautogui has no key for a part of it.
 */
export function pyautoguiKeys(keys: string): string[] | null {
  let combo: string[];
  try {
    combo = parseKeyCombo(keys);
  } catch (e) {
    if (e instanceof KeyComboError) return null;
    throw e;
  }
  const names = combo.map(pyautoguiKeyName);
  return names.every((n): n is string => n !== null) ? names : null;
}
