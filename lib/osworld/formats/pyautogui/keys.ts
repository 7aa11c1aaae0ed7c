// pyautogui key names → the service's canonical key names (lib/formats/keys/keys.ts).
// pyautogui knows sided modifiers, numpad names and a few spellings the service
// table does not; those are folded here, everything else goes through the
// service's own alias table. Media and IME keys have no service equivalent.

import { own } from "../../../model/own.ts";
import { KeyComboError, parseKeyCombo } from "../../../formats/keys/keys.ts";

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
