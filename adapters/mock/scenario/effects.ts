// What an action does to standard controls before any reaction is consulted
// ("after the action would have succeeded"), so a field typed into holds the
// text and a clicked check box is checked without a reaction for each. The
// rules are adapters/mock/scenario/controls.ts; here a click on a node with an id also
// makes it the target of later typing, and state lives in the ValueStore
// under (window uid, scenario id): nodes without an id show no change.

import type { InputAction } from "../../types.ts";
import { type Control, leftClickChanges, TEXT_CONTROLS, textEdit } from "./controls.ts";
import type { ScenarioEvent } from "./events.ts";
import type { ValueStore } from "../../../lib/formats/scenario/values.ts";
import type { BuiltNode, Focus } from "./world.ts";

export interface EditingState {
  store: ValueStore;
  focus: Focus | null;
  /** ctrl+a was the last thing pressed: the next text replaces, delete empties. */
  selectAll: boolean;
}

/** A node with an id as a control; nodes without one hold no state. */
function control(node: BuiltNode): Control<BuiltNode> | null {
  if (node.def.id === undefined) return null;
  return {
    ref: node,
    role: node.def.role,
    name: node.def.name,
    selected: node.element.selected ?? false,
  };
}

function click(state: EditingState, node: BuiltNode, left: boolean): void {
  const target = control(node);
  if (target === null) return;
  state.focus = { uid: node.uid, id: node.def.id! };
  if (!left) return;
  const siblings = (node.parent?.children ?? [node]).map(control).filter((c) => c !== null);
  const parent = node.parent ? control(node.parent) : null;
  for (const change of leftClickChanges(target, siblings, parent)) {
    const { ref, ...fields } = change;
    state.store.patch(ref.uid, ref.def.id!, fields);
  }
}

function edit(state: EditingState, node: BuiltNode | null, action: InputAction): void {
  const editable = node !== null && node.def.id !== undefined && TEXT_CONTROLS.has(node.def.role);
  const result = textEdit(editable ? node.element.value ?? "" : null, action, state.selectAll);
  if (editable && result.value !== undefined) {
    state.store.patch(node.uid, node.def.id!, { value: result.value });
  }
  state.selectAll = result.selectAll;
}

export function applyEffects(state: EditingState, event: ScenarioEvent, action: InputAction): void {
  if (action.kind === "click") {
    state.selectAll = false;
    if (event.target) click(state, event.target, action.button === "left");
    return;
  }
  edit(state, event.target, action);
}
