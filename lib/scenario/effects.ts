// What an action does to standard controls before any reaction is consulted
// ("after the action would have succeeded"), so a field typed into holds the
// text and a clicked check box is checked without a reaction for each:
//
// * a click on a node with an id makes it the target of later typing;
//   check boxes toggle; radio buttons, list/tab/tree items become the
//   selected one among their same-role siblings; an item of a combo box
//   becomes the combo box's value;
// * typing edits the target if it is a text control (appending, or
//   replacing after ctrl+a); ctrl+a then delete/backspace empties it,
//   backspace alone drops the last character.
//
// State lives in the ValueStore under (window uid, scenario id): nodes
// without an id show no change.

import type { InputAction } from "../../adapters/types.ts";
import type { ScenarioEvent } from "./events.ts";
import type { ValueStore } from "./values.ts";
import type { BuiltNode, Focus } from "./world.ts";

const TOGGLES = new Set(["CheckBox", "ToggleButton", "Switch"]);
const CHOICES = new Set(["RadioButton", "ListItem", "TabItem", "TreeItem"]);
const TEXT_CONTROLS = new Set(["Edit", "Document", "ComboBox"]);

export interface EditingState {
  store: ValueStore;
  focus: Focus | null;
  /** ctrl+a was the last thing pressed: the next text replaces, delete empties. */
  selectAll: boolean;
}

function setValue(state: EditingState, node: BuiltNode, value: string): void {
  state.store.patch(node.uid, node.def.id!, { value });
}

function click(state: EditingState, node: BuiltNode, left: boolean): void {
  const id = node.def.id;
  if (id === undefined) return;
  state.focus = { uid: node.uid, id };
  if (!left) return;
  if (TOGGLES.has(node.def.role)) {
    state.store.patch(node.uid, id, { selected: !(node.element.selected ?? false) });
  }
  if (CHOICES.has(node.def.role)) {
    for (const sibling of node.parent?.children ?? [node]) {
      if (sibling.def.role === node.def.role && sibling.def.id !== undefined) {
        state.store.patch(sibling.uid, sibling.def.id, { selected: sibling === node });
      }
    }
    const list = node.parent;
    if (list?.def.role === "ComboBox" && list.def.id !== undefined) {
      setValue(state, list, node.def.name);
    }
  }
}

function edit(state: EditingState, node: BuiltNode | null, action: InputAction): void {
  const editable = node !== null && node.def.id !== undefined && TEXT_CONTROLS.has(node.def.role);
  const current = editable ? node.element.value ?? "" : "";
  if (action.kind === "text") {
    if (editable) setValue(state, node, (state.selectAll ? "" : current) + action.text);
    state.selectAll = false;
    return;
  }
  if (action.kind !== "keys") return;
  const combo = action.combo.join("+");
  if (combo === "ctrl+a") {
    state.selectAll = true;
    return;
  }
  if (editable && (combo === "delete" || combo === "backspace") && state.selectAll) {
    setValue(state, node, "");
  } else if (editable && combo === "backspace") {
    setValue(state, node, [...current].slice(0, -1).join(""));
  }
  state.selectAll = false;
}

export function applyEffects(state: EditingState, event: ScenarioEvent, action: InputAction): void {
  if (action.kind === "click") {
    state.selectAll = false;
    if (event.target) click(state, event.target, action.button === "left");
    return;
  }
  edit(state, event.target, action);
}
