// Element operations through UI Automation's control patterns: SetFocus,
// Invoke/Toggle/ExpandCollapse/SelectionItem (default action), Value or
// RangeValue (set_value), SelectionItem on an option (select) and ScrollItem.
// An element without the pattern answers `unsupported`, and the service
// falls back to clicking or typing at its coordinates.

import { type ActionOutcome, type ElementOperation, WindowGoneError } from "../../types.ts";
import { allocBstr, freeBstr } from "../com/bstr.ts";
import { comCheck, release } from "../com/vtable.ts";
import type { UiaClient } from "./automation.ts";
import { COMBO_BOX_CONTROL_TYPE, LIST_CONTROL_TYPE } from "./control_types.ts";
import { PropertyReader, readFacts } from "./facts.ts";
import { elementFromFacts } from "./node.ts";
import { ElementSlot, Patterns } from "./interfaces.ts";
import { callPattern } from "./patterns.ts";
import { ExpandCollapseState, Property } from "./properties.ts";
import { childPath, type Element, pathRead } from "../../../lib/model/tree.ts";

type SelectOperation = Extract<ElementOperation, { kind: "select" }>;

function unsupported(what: string): ActionOutcome {
  return { ok: false, unsupported: true, error: `the element has no UIA ${what}` };
}

function live(element: Deno.PointerObject): PropertyReader {
  return new PropertyReader(element, "current");
}

/** The element's children (references the caller releases), as a capture lists them. */
function childrenOf(client: UiaClient, parent: Deno.PointerObject): Deno.PointerObject[] {
  const list = client.children(parent, false);
  const children: Deno.PointerObject[] = [];
  try {
    for (let i = 0; i < list.length; i++) children.push(list.element(i));
    return children;
  } catch (e) {
    children.forEach(release);
    throw e;
  } finally {
    list.release();
  }
}

/**
 * Follows a positional id ("root.3.2") from the window, showing `passing`
 * each element on the way (the target too); a reference, or null when gone.
 */
function resolve(
  client: UiaClient,
  hwnd: bigint,
  handle: string,
  elementId: string,
  passing?: (element: Deno.PointerObject) => void,
): Deno.PointerObject | null {
  const path = childPath(elementId);
  if (path === null) return null;
  let current = client.elementFromHandle(hwnd, handle, false);
  for (const index of path) {
    let next: Deno.PointerObject | null = null;
    try {
      passing?.(current);
      const list = client.children(current, false);
      try {
        if (index < list.length) next = list.element(index);
      } finally {
        list.release();
      }
    } finally {
      release(current);
    }
    if (next === null) return null;
    current = next;
  }
  try {
    passing?.(current);
  } catch (e) {
    release(current);
    throw e;
  }
  return current;
}

function focus(element: Deno.PointerObject): ActionOutcome {
  if (!live(element).bool(Property.IsKeyboardFocusable)) {
    return { ok: false, unsupported: true, error: "the element cannot take the keyboard focus" };
  }
  comCheck("IUIAutomationElement.SetFocus", element, ElementSlot.SetFocus, []);
  return { ok: true, note: "UIA SetFocus" };
}

/** What a click would do: Invoke, else Toggle, else ExpandCollapse, else SelectionItem.Select. */
function defaultAction(element: Deno.PointerObject): ActionOutcome {
  const { invoke, toggle, expandCollapse, selectionItem } = Patterns;
  if (callPattern(element, invoke, "Invoke", invoke.slots.Invoke)) {
    return { ok: true, note: "UIA Invoke pattern" };
  }
  if (callPattern(element, toggle, "Toggle", toggle.slots.Toggle)) {
    return { ok: true, note: "UIA Toggle pattern" };
  }
  const state = live(element).number(Property.ExpandCollapseState);
  if (state !== null && state !== ExpandCollapseState.LeafNode) {
    const method = state === ExpandCollapseState.Collapsed ? "Expand" : "Collapse";
    if (callPattern(element, expandCollapse, method, expandCollapse.slots[method])) {
      return { ok: true, note: `UIA ExpandCollapse pattern: ${method}` };
    }
  }
  if (callPattern(element, selectionItem, "Select", selectionItem.slots.Select)) {
    return { ok: true, note: "UIA SelectionItem pattern: Select" };
  }
  return unsupported("Invoke, Toggle, ExpandCollapse or SelectionItem pattern");
}

/** Sets the Value pattern's text (read back), else a RangeValue's number. */
function setValue(element: Deno.PointerObject, value: string): ActionOutcome {
  const bstr = allocBstr(value);
  let set: boolean;
  try {
    set = callPattern(element, Patterns.value, "SetValue", Patterns.value.slots.SetValue, [
      "pointer",
    ], bstr);
  } finally {
    freeBstr(bstr);
  }
  if (set) {
    let now: string;
    try {
      now = live(element).string(Property.ValueValue);
    } catch {
      return { ok: true, note: "UIA Value pattern (the value cannot be read back)" };
    }
    return now === value ? { ok: true, note: "UIA Value pattern" } : {
      ok: false,
      error: `the element's value is '${now}' after setting it`,
      details: { value: now },
    };
  }
  if (!live(element).bool(Property.IsRangeValuePatternAvailable)) {
    return unsupported("Value or RangeValue pattern");
  }
  const number = Number(value);
  if (value.trim() === "" || !Number.isFinite(number)) {
    return { ok: false, error: `'${value}' is not a number for this range control` };
  }
  const { rangeValue } = Patterns;
  return callPattern(element, rangeValue, "SetValue", rangeValue.slots.SetValue, ["f64"], number)
    ? { ok: true, note: "UIA RangeValue pattern" }
    : unsupported("Value or RangeValue pattern");
}

/** A selection's options: its children, or those of its inner list (a combo box's). */
function optionsOf(client: UiaClient, element: Deno.PointerObject): Deno.PointerObject[] {
  const children = childrenOf(client, element);
  let handedOut = false;
  try {
    const list = children.find((child) =>
      live(child).number(Property.ControlType) === LIST_CONTROL_TYPE
    );
    if (list !== undefined) return childrenOf(client, list);
    handedOut = true;
    return children;
  } finally {
    if (!handedOut) children.forEach(release);
  }
}

function selectAmong(
  options: Deno.PointerObject[],
  op: SelectOperation,
): ActionOutcome {
  const names = options.map((option) => live(option).string(Property.Name));
  const index = op.optionName !== undefined ? names.indexOf(op.optionName) : op.optionIndex ?? -1;
  if (index < 0 || index >= options.length) {
    return {
      ok: false,
      code: "ElementNotFound",
      error: `no option ${op.optionName !== undefined ? `'${op.optionName}'` : `#${index}`}` +
        ` among ${JSON.stringify(names)}`,
    };
  }
  const { selectionItem } = Patterns;
  if (!callPattern(options[index], selectionItem, "Select", selectionItem.slots.Select)) {
    return unsupported(`SelectionItem pattern on the option '${names[index]}'`);
  }
  return { ok: true, note: `UIA SelectionItem pattern: '${names[index]}'` };
}

/** Selects an option of a list or combo box (opened first when it lists options only when open). */
function select(
  client: UiaClient,
  element: Deno.PointerObject,
  op: SelectOperation,
): ActionOutcome {
  const reader = live(element);
  if (!reader.bool(Property.IsSelectionPatternAvailable)) return unsupported("Selection pattern");
  const { expandCollapse } = Patterns;
  const opened = reader.number(Property.ControlType) === COMBO_BOX_CONTROL_TYPE &&
    reader.number(Property.ExpandCollapseState) === ExpandCollapseState.Collapsed &&
    callPattern(element, expandCollapse, "Expand", expandCollapse.slots.Expand);
  try {
    const options = optionsOf(client, element);
    try {
      return selectAmong(options, op);
    } finally {
      options.forEach(release);
    }
  } finally {
    if (opened) callPattern(element, expandCollapse, "Collapse", expandCollapse.slots.Collapse);
  }
}

function scrollIntoView(element: Deno.PointerObject): ActionOutcome {
  const { scrollItem } = Patterns;
  return callPattern(element, scrollItem, "ScrollIntoView", scrollItem.slots.ScrollIntoView)
    ? { ok: true, note: "UIA ScrollItem pattern" }
    : unsupported("ScrollItem pattern");
}

/** The element at `elementId` and its ancestors, read again (TreeSource.readPath). */
export function readElementPath(
  client: UiaClient,
  hwnd: bigint,
  handle: string,
  elementId: string,
): Element[] | null {
  const read: Element[] = [];
  const element = resolve(
    client,
    hwnd,
    handle,
    elementId,
    (passed) => read.push(elementFromFacts(readFacts(passed, "current"))),
  );
  if (element === null) return null;
  release(element);
  return pathRead(read, elementId);
}

/**
 * Performs `op` on the element at `elementId`. Throws WindowGoneError when
 * the window is gone; other failures are outcomes.
 */
export function performOperation(
  client: UiaClient,
  hwnd: bigint,
  handle: string,
  elementId: string,
  op: ElementOperation,
): ActionOutcome {
  let element: Deno.PointerObject | null;
  try {
    element = resolve(client, hwnd, handle, elementId);
  } catch (e) {
    if (e instanceof WindowGoneError) throw e;
    return { ok: false, error: `UI Automation: ${(e as Error).message}` };
  }
  if (element === null) {
    return { ok: false, code: "ElementNotFound", error: `element ${elementId} no longer exists` };
  }
  try {
    switch (op.kind) {
      case "focus":
        return focus(element);
      case "default_action":
        return defaultAction(element);
      case "set_value":
        return setValue(element, op.value);
      case "select":
        return select(client, element, op);
      case "scroll_into_view":
        return scrollIntoView(element);
    }
  } catch (e) {
    return { ok: false, error: `UI Automation: ${(e as Error).message}` };
  } finally {
    release(element);
  }
}
