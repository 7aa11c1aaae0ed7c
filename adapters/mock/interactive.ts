// Opt-in reactions of the mock desktop (config `mock_interactive: true`):
// clicks toggle check boxes, select tabs and items and move focus; typing
// edits the focused text element. The spec's default mock stays static;
// this mode lets agents and tests see `changed: true` without a scenario.

import type { InputAction } from "../types.ts";
import { assignIds, type Bounds, containsPoint, type Element, walk } from "../../lib/model/tree.ts";
import {
  CHOICES,
  type Control,
  leftClickChanges,
  TEXT_CONTROLS,
  textEdit,
  TOGGLES,
} from "./scenario/controls.ts";
import type { MockWindow } from "./desktop.ts";

interface Located {
  window: MockWindow;
  element: Element;
  parent: Element | null;
}

/** The deepest, last-drawn element under a point (later siblings are on top). */
function elementAt(root: Element, x: number, y: number): Located["element"] | null {
  if (!containsPoint(root.bounds, x, y)) return null;
  for (let i = root.children.length - 1; i >= 0; i--) {
    const hit = elementAt(root.children[i], x, y);
    if (hit) return hit;
  }
  return root;
}

function parentOf(root: Element, target: Element): Element | null {
  let parent: Element | null = null;
  walk(root, (n) => {
    if (n.children.includes(target)) parent = n;
  });
  return parent;
}

function locate(topFirst: MockWindow[], action: InputAction & { kind: "click" }): Located | null {
  for (const window of topFirst) {
    let element: Element | null = null;
    if (action.elementId) {
      walk(window.tree, (n) => {
        if (n.id === action.elementId && containsPoint(n.bounds, action.x, action.y)) element = n;
      });
    }
    element ??= elementAt(window.tree, action.x, action.y);
    if (element) return { window, element, parent: parentOf(window.tree, element) };
  }
  return null;
}

function focusedElement(windows: MockWindow[]): Element | null {
  const window = windows.find((w) => w.focused);
  let found: Element | null = null;
  if (window) {
    walk(window.tree, (n) => {
      if (found === null && n.focused) found = n;
    });
  }
  return found;
}

const ROW_HEIGHT = 22;

/** Expands or collapses a tree item, inserting or removing its rows below it. */
function toggleExpansion(window: MockWindow, item: Element, parent: Element): void {
  const rows = window.expansions?.[item.name];
  if (!rows) return;
  const at = parent.children.indexOf(item) + 1;
  const shift = rows.length * ROW_HEIGHT * (item.expanded ? -1 : 1);
  const below = parent.children.slice(item.expanded ? at + rows.length : at);
  if (item.expanded) {
    parent.children.splice(at, rows.length);
  } else {
    rows.forEach((row, i) => (row.bounds.y = item.bounds.y + ROW_HEIGHT * (i + 1)));
    parent.children.splice(at, 0, ...rows);
  }
  for (const sibling of below) sibling.bounds.y += shift;
  item.expanded = !item.expanded;
  assignIds(window.tree);
}

function control(e: Element): Control<Element> {
  return { ref: e, role: e.role, name: e.name, selected: e.selected ?? false };
}

function click({ window, element, parent }: Located): void {
  if (element.expanded !== undefined && parent) toggleExpansion(window, element, parent);
  const siblings = (parent?.children ?? []).map(control);
  for (const change of leftClickChanges(control(element), siblings, parent && control(parent))) {
    if (change.selected !== undefined) change.ref.selected = change.selected;
    if (change.value !== undefined) change.ref.value = change.value;
  }
  const role = element.role;
  if (TEXT_CONTROLS.has(role) || TOGGLES.has(role) || CHOICES.has(role)) {
    walk(window.tree, (n) => (n.focused = n === element));
  }
}

export class MockInteractions {
  private selectAll = false;
  /** Bottom to top; the focused window starts on top and a clicked window rises. */
  private readonly stack: MockWindow[];

  constructor(private readonly windows: MockWindow[]) {
    this.stack = [...windows].sort((a, b) => Number(a.focused) - Number(b.focused));
  }

  /** Bounds of the windows above this one. */
  above(handle: string): Bounds[] {
    const at = this.stack.findIndex((w) => w.handle === handle);
    return at < 0 ? [] : this.stack.slice(at + 1).map((w) => ({ ...w.bounds }));
  }

  bottomToTop(): MockWindow[] {
    return [...this.stack];
  }

  apply(action: InputAction): void {
    if (action.kind === "click") {
      const hit = locate([...this.stack].reverse(), action);
      if (hit) {
        this.stack.splice(this.stack.indexOf(hit.window), 1);
        this.stack.push(hit.window);
        for (const w of this.windows) w.focused = w === hit.window;
      }
      if (hit && action.button === "left") click(hit);
      this.selectAll = false;
      return;
    }
    const target = focusedElement(this.windows);
    const editable = target !== null && TEXT_CONTROLS.has(target.role);
    const result = textEdit(editable ? target.value ?? "" : null, action, this.selectAll);
    if (editable && result.value !== undefined) target.value = result.value;
    this.selectAll = result.selectAll;
  }
}
