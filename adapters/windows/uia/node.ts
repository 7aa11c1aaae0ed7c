// One element's facts as a node of the service's tree (ids are assigned once
// the walk is done).

import { CORE_STATES, type Element } from "../../../lib/model/tree.ts";
import { controlTypeName, serviceRole } from "./control_types.ts";
import type { UiaFacts } from "./facts.ts";
import { ExpandCollapseState, ToggleState } from "./properties.ts";

function expandable(facts: UiaFacts): boolean {
  return facts.expandCollapseState !== null &&
    facts.expandCollapseState !== ExpandCollapseState.LeafNode;
}

function expanded(facts: UiaFacts): boolean {
  return facts.expandCollapseState === ExpandCollapseState.Expanded ||
    facts.expandCollapseState === ExpandCollapseState.PartiallyExpanded;
}

/** The CORE_STATES, true or false, then the other states UIA reports as set. */
export function statesOf(facts: UiaFacts): Record<string, boolean> {
  const showing = !facts.offscreen;
  const core: Record<(typeof CORE_STATES)[number], boolean> = {
    enabled: facts.enabled,
    sensitive: facts.enabled,
    showing,
    visible: showing,
    focusable: facts.focusable,
    focused: facts.focused,
    editable: facts.value !== null && !facts.readOnly,
    checkable: facts.toggleState !== null,
    checked: facts.toggleState === ToggleState.On,
    expandable: expandable(facts),
    expanded: expanded(facts),
    selectable: facts.selected !== null,
    selected: facts.selected === true,
    // UIA does not say whether an edit takes several lines.
    multi_line: false,
    modal: facts.modal,
    // UIA has no "active window" property; the focus says where input goes.
    active: false,
  };
  const states: Record<string, boolean> = { ...core };
  if (facts.offscreen) states.offscreen = true;
  if (facts.readOnly) states.read_only = true;
  if (facts.toggleState === ToggleState.Indeterminate) states.indeterminate = true;
  return states;
}

export function elementFromFacts(facts: UiaFacts): Element {
  const [x = 0, y = 0, width = 0, height = 0] = facts.rectangle.map(Math.round);
  const node: Element = {
    id: "",
    name: facts.name,
    role: serviceRole(facts.controlType, facts.className, facts.modal),
    value: facts.value ?? (facts.range !== null ? String(facts.range.now) : null),
    bounds: { x, y, width, height },
    enabled: facts.enabled,
    focused: facts.focused,
    keyboard_shortcut: facts.acceleratorKey || facts.accessKey || null,
    description: facts.helpText || null,
    children: [],
    platform_role: controlTypeName(facts.controlType),
    states: statesOf(facts),
    interfaces: [...facts.patterns],
  };
  // A check box's state is its selection, as on Linux (CHECKED counts as selected).
  if (facts.selected !== null) node.selected = facts.selected;
  else if (facts.toggleState !== null) node.selected = facts.toggleState === ToggleState.On;
  if (expandable(facts)) node.expanded = expanded(facts);
  if (facts.range !== null) {
    node.value_now = facts.range.now;
    node.value_min = facts.range.min;
    node.value_max = facts.range.max;
  }
  if (facts.automationId !== "") node.identifier = facts.automationId;
  if (facts.className !== "") node.attributes = { class_name: facts.className };
  return node;
}

/**
 * The node of an element whose properties could not be read (it went away
 * or its application did not answer): in its place, children unread.
 */
export function unreadableNode(): Element {
  return {
    id: "",
    name: "",
    role: "Pane",
    value: null,
    bounds: { x: 0, y: 0, width: 0, height: 0 },
    enabled: false,
    focused: false,
    keyboard_shortcut: null,
    description: null,
    children: [],
    truncated: true,
  };
}
