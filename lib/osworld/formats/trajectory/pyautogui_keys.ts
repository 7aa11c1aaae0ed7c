// Our key names (lib/formats/keys/keys.ts folds every alias to one canonical name)
// as pyautogui's KEYBOARD_KEYS spell them, and press_key as pyautogui code.

import { KeyComboError, parseKeyCombo } from "../../../formats/keys/keys.ts";
import { pythonString } from "./python_literal.ts";

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

/** `pyautogui.press('enter')` or `pyautogui.hotkey('ctrl', 's')`; null as pyautoguiKeys. */
export function keysCode(keys: string): string | null {
  const names = pyautoguiKeys(keys);
  if (names === null) return null;
  const literals = names.map(pythonString).join(", ");
  return names.length === 1 ? `pyautogui.press(${literals})` : `pyautogui.hotkey(${literals})`;
}
