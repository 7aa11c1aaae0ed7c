// Arguments the coordinate and element verbs share: the window an input is
// aimed at, key combinations, how long a hover rests.

import { z } from "zod";
import { autoActivate, CONFIRM_TOKEN, windowArgsFor } from "./args.ts";

/**
 * The window a coordinate verb is meant for: brought to the front first when
 * the input would land elsewhere, and compared before and after.
 */
export const verbWindowArgs = {
  ...windowArgsFor(
    "The window the input is meant for: when another window is at the point (or has the " +
      "keyboard focus, for keys and text) it is brought to the front first; its tree is " +
      "compared before and after",
    "Without a window argument, or when index or title finds none, the input lands wherever " +
      "the pointer or the keyboard focus is, and the focused window is compared.",
  ),
  auto_activate: autoActivate,
  confirm_token: CONFIRM_TOKEN,
};

/** A key combination, as press_key and key_into_element take it. */
export const KEYS = z.string().min(1).max(200).describe(
  "A key or a combination, modifiers (ctrl, shift, alt, super) first, joined by '+': 'enter', " +
    "'ctrl+s', 'alt+f4', 'ctrl+shift+n', 'f5', 'pagedown'; a single character types that " +
    "key. Case-insensitive; an unknown key name is a BadRequest error. 1-200 characters.",
);

export const HOVER_MS = z.number().int().min(0).max(10_000).default(250).describe(
  "Milliseconds to wait after moving the pointer, 0 to 10000 (default 250), so tooltips and " +
    "hover menus can appear.",
);
