// What the walk learns about one element, whether MSAA said it or User32
// filled it in, and the Element it becomes (lib/model/tree.ts).

import type { Bounds, Element } from "../../../lib/model/tree.ts";
import {
  isRangeRole,
  isToggleRole,
  type MsaaRole,
  ROLE_SYSTEM,
  roleText,
  serviceRole,
} from "./roles.ts";
import { has, isEnabled, isExpandable, STATE_SYSTEM, stateRecord } from "./states.ts";

export interface Facts {
  role: MsaaRole;
  name: string;
  value: string | null;
  description: string | null;
  /** STATE_SYSTEM_* bits. */
  state: number;
  bounds: Bounds;
  defaultAction: string | null;
  keyboardShortcut: string | null;
  /** An Edit control with ES_MULTILINE. */
  multiLine: boolean;
  /** The foreground window. */
  active: boolean;
  /** A child window's control id (what UI Automation calls its AutomationId). */
  identifier?: string;
  attributes?: Record<string, string>;
}

export const NO_BOUNDS: Bounds = { x: 0, y: 0, width: 0, height: 0 };

/** A number on a range control's scale: "42", "-1.5", "50%". */
const NUMBER_VALUE = /^\s*(-?\d+(?:\.\d+)?)\s*%?\s*$/;

export function elementOf(facts: Facts): Element {
  const { role, state } = facts;
  const editable = role === ROLE_SYSTEM.TEXT && !has(state, STATE_SYSTEM.READONLY);
  const checkable = isToggleRole(role);
  const element: Element = {
    id: "",
    name: facts.name.trim(),
    role: serviceRole(role, { editable, multiLine: facts.multiLine }),
    value: facts.value,
    bounds: facts.bounds,
    enabled: isEnabled(state),
    focused: has(state, STATE_SYSTEM.FOCUSED),
    keyboard_shortcut: facts.keyboardShortcut || null,
    description: facts.description || null,
    children: [],
  };
  if (has(state, STATE_SYSTEM.SELECTABLE) || checkable) {
    element.selected = has(state, STATE_SYSTEM.SELECTED | STATE_SYSTEM.CHECKED);
  }
  if (isExpandable(state)) element.expanded = has(state, STATE_SYSTEM.EXPANDED);
  const number = facts.value === null ? null : NUMBER_VALUE.exec(facts.value);
  if (number !== null && isRangeRole(role)) element.value_now = Number(number[1]);
  if (facts.identifier !== undefined) element.identifier = facts.identifier;
  element.platform_role = roleText(role);
  element.states = stateRecord(state, {
    editable,
    checkable,
    multiLine: facts.multiLine,
    active: facts.active,
  });
  if (facts.attributes !== undefined) element.attributes = facts.attributes;
  if (facts.defaultAction) {
    element.actions = [{
      name: facts.defaultAction,
      description: "",
      key_binding: facts.keyboardShortcut ?? "",
    }];
  }
  return element;
}
