// How simulated controls react to input, once for every simulated desktop:
// the mock's built-in windows (adapters/mock/interactive.ts) and scenarios
// (adapters/mock/scenario/effects.ts) keep their state in different shapes, so the
// rules are pure functions over a minimal view of a control and return what
// changes; each caller applies the changes to its own state.
//
// * a left click toggles check boxes, toggle buttons and switches;
// * it makes a radio button, list, tab or tree item the selected one among
//   its same-role siblings, and an item of a combo box becomes its value;
// * typing into a text control appends (or replaces, after ctrl+a);
//   ctrl+a then delete/backspace empties it, backspace alone drops the last
//   character.

import type { InputAction } from "../../types.ts";

export const TOGGLES: ReadonlySet<string> = new Set(["CheckBox", "ToggleButton", "Switch"]);
export const CHOICES: ReadonlySet<string> = new Set([
  "RadioButton",
  "ListItem",
  "TabItem",
  "TreeItem",
]);
export const TEXT_CONTROLS: ReadonlySet<string> = new Set(["Edit", "Document", "ComboBox"]);

/** A control as the rules see it; `ref` is the caller's handle on it. */
export interface Control<R> {
  ref: R;
  role: string;
  name: string;
  selected: boolean;
}

export interface ControlChange<R> {
  ref: R;
  selected?: boolean;
  value?: string;
}

/**
 * What a left click on `target` changes. `siblings` are its parent's
 * children (the target among them), `parent` its parent.
 */
export function leftClickChanges<R>(
  target: Control<R>,
  siblings: readonly Control<R>[],
  parent: Control<R> | null,
): ControlChange<R>[] {
  const changes: ControlChange<R>[] = [];
  if (TOGGLES.has(target.role)) changes.push({ ref: target.ref, selected: !target.selected });
  if (CHOICES.has(target.role)) {
    for (const sibling of siblings) {
      if (sibling.role === target.role) {
        changes.push({ ref: sibling.ref, selected: sibling.ref === target.ref });
      }
    }
    if (parent?.role === "ComboBox") changes.push({ ref: parent.ref, value: target.name });
  }
  return changes;
}

export interface TextEdit {
  /** The control's new value; undefined when it does not change. */
  value?: string;
  /** Whether the next text replaces the value (ctrl+a was the last key). */
  selectAll: boolean;
}

/**
 * What typing or a key combination does to a text control's value.
 * `current` is the focused control's value, or null when the focused
 * element is not a text control (only the ctrl+a state moves then).
 */
export function textEdit(
  current: string | null,
  action: InputAction,
  selectAll: boolean,
): TextEdit {
  if (action.kind === "text") {
    if (current === null) return { selectAll: false };
    return { value: (selectAll ? "" : current) + action.text, selectAll: false };
  }
  if (action.kind !== "keys") return { selectAll };
  const combo = action.combo.join("+");
  if (combo === "ctrl+a") return { selectAll: true };
  if (current === null) return { selectAll: false };
  if (selectAll && (combo === "delete" || combo === "backspace")) {
    return { value: "", selectAll: false };
  }
  if (combo === "backspace") return { value: [...current].slice(0, -1).join(""), selectAll: false };
  return { selectAll: false };
}
