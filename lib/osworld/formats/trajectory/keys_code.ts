// press_key as pyautogui code.

import { pyautoguiKeys } from "../pyautogui_keys.ts";
import { pythonString } from "./python_literal.ts";

/** `pyautogui.press('enter')` or `pyautogui.hotkey('ctrl', 's')`; null as pyautoguiKeys. */
export function keysCode(keys: string): string | null {
  const names = pyautoguiKeys(keys);
  if (names === null) return null;
  const literals = names.map(pythonString).join(", ");
  return names.length === 1 ? `pyautogui.press(${literals})` : `pyautogui.hotkey(${literals})`;
}
