// Key names as lib/formats/keys/keys.ts canonicalises them → Windows virtual-key codes.

import { own } from "../../../lib/model/own.ts";

const VK_F1 = 0x70;

const NAMED_KEYS: Record<string, number> = {
  ctrl: 0x11, // VK_CONTROL
  shift: 0x10, // VK_SHIFT
  alt: 0x12, // VK_MENU
  super: 0x5b, // VK_LWIN
  enter: 0x0d,
  tab: 0x09,
  escape: 0x1b,
  space: 0x20,
  backspace: 0x08,
  delete: 0x2e,
  insert: 0x2d,
  home: 0x24,
  end: 0x23,
  pageup: 0x21, // VK_PRIOR
  pagedown: 0x22, // VK_NEXT
  up: 0x26,
  down: 0x28,
  left: 0x25,
  right: 0x27,
  menu: 0x5d, // VK_APPS
  capslock: 0x14,
  numlock: 0x90,
  scrolllock: 0x91,
  printscreen: 0x2c, // VK_SNAPSHOT
  pause: 0x13,
};

/**
 * The virtual key of a named key, a letter or a digit; null for any other
 * character, whose key depends on the keyboard layout (VkKeyScanW).
 */
export function virtualKey(key: string): number | null {
  const functionKey = /^f([1-9]|1\d|2[0-4])$/.exec(key);
  if (functionKey) return VK_F1 + Number(functionKey[1]) - 1;
  const named = own(NAMED_KEYS, key);
  if (named !== undefined) return named;
  // VK_A..VK_Z and VK_0..VK_9 equal the upper-case ASCII codes.
  if (/^[a-z0-9]$/i.test(key)) return key.toUpperCase().charCodeAt(0);
  return null;
}

/** Control characters typed as keys rather than as characters. */
const CONTROL_CHARACTERS: Record<string, number> = {
  "\n": NAMED_KEYS.enter,
  "\r": NAMED_KEYS.enter,
  "\t": NAMED_KEYS.tab,
  "\b": NAMED_KEYS.backspace,
};

export function controlCharacterKey(char: string): number | null {
  return own(CONTROL_CHARACTERS, char) ?? null;
}
