// The numbers of the keysyms agents press by name (X11's keysymdef.h), for
// the portal, which takes keysyms as numbers; characters are their Unicode
// keysyms (adapters/linux/x11/keysyms.ts).

import { own } from "../../../lib/model/own.ts";
import { characterKeysym, controlKeysymName, keysymName } from "../x11/keysyms.ts";

const NAMED: Record<string, number> = {
  Control_L: 0xffe3,
  Shift_L: 0xffe1,
  Alt_L: 0xffe9,
  Super_L: 0xffeb,
  Return: 0xff0d,
  Tab: 0xff09,
  Escape: 0xff1b,
  space: 0x20,
  BackSpace: 0xff08,
  Delete: 0xffff,
  Insert: 0xff63,
  Home: 0xff50,
  End: 0xff57,
  Prior: 0xff55,
  Next: 0xff56,
  Up: 0xff52,
  Down: 0xff54,
  Left: 0xff51,
  Right: 0xff53,
  Menu: 0xff67,
  Caps_Lock: 0xffe5,
  Num_Lock: 0xff7f,
  Scroll_Lock: 0xff14,
  Print: 0xff61,
  Pause: 0xff13,
};
/** F1 is 0xffbe; F1..F24 are consecutive. */
const F1 = 0xffbe;

/** The keysym number of a key name ("ctrl", "f5") or a character ("a", "€"). */
export function keysymValue(key: string): number {
  const name = keysymName(key) ?? controlKeysymName(key);
  if (name === null) return Number(characterKeysym(key));
  const f = /^F(\d+)$/.exec(name);
  if (f) return F1 + Number(f[1]) - 1;
  const value = own(NAMED, name);
  if (value === undefined) throw new Error(`no keysym number for ${name}`);
  return value;
}
