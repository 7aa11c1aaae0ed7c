// GTK reports an action's key binding as "mnemonic;sequence;accelerator"
// ("<Alt>f;;", ";;<Primary>s"). The service shows one shortcut, Windows style:
// the accelerator when there is one ("Ctrl+S"), else the mnemonic ("Alt+F").

import { own } from "../../../lib/model/own.ts";

const MODIFIER_NAMES: Record<string, string> = {
  primary: "Ctrl",
  control: "Ctrl",
  ctrl: "Ctrl",
  shift: "Shift",
  alt: "Alt",
  mod1: "Alt",
  super: "Super",
  meta: "Meta",
  hyper: "Hyper",
};

/** "<Primary><Shift>z" → "Ctrl+Shift+Z"; null when empty or unparsable. */
export function formatAccelerator(accelerator: string): string | null {
  const match = /^((?:<[^>]+>)*)(.*)$/.exec(accelerator.trim());
  if (match === null) return null;
  const key = match[2];
  if (key === "") return null;
  const modifiers = [...match[1].matchAll(/<([^>]+)>/g)].map((m) =>
    own(MODIFIER_NAMES, m[1].toLowerCase()) ?? m[1]
  );
  const keyName = key.length === 1 ? key.toUpperCase() : key[0].toUpperCase() + key.slice(1);
  return [...new Set(modifiers), keyName].join("+");
}

export function keyboardShortcut(binding: string): string | null {
  if (binding === "") return null;
  const [mnemonic = "", , accelerator = ""] = binding.split(";");
  return formatAccelerator(accelerator) ?? formatAccelerator(mnemonic);
}
