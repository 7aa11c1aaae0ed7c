// Opt-in reactions of the mock desktop (config `mock_interactive: true`):
// clicks toggle check boxes, select tabs and items and move focus; typing
// edits the focused text element. The spec's default mock stays static;
// this mode lets agents and tests see `changed: true` without a scenario.

import type { InputAction } from "../types.ts";
import { assignIds, type Bounds, type Element, walk } from "../../lib/core/tree.ts";
import type { MockWindow } from "./desktop.ts";

const TOGGLES = new Set(["CheckBox", "ToggleButton", "Switch"]);
const SELECTS = new Set(["RadioButton", "TabItem", "ListItem", "TreeItem"]);
const EDITABLE = new Set(["Edit", "Document", "ComboBox"]);

interface Located {
  window: MockWindow;
  element: Element;
  parent: Element | null;
}

function inside(e: Element, x: number, y: number): boolean {
  const b = e.bounds;
  return x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
}

/** The deepest, last-drawn element under a point (later siblings are on top). */
function elementAt(root: Element, x: number, y: number): Located["element"] | null {
  if (!inside(root, x, y)) return null;
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
        if (n.id === action.elementId && inside(n, action.x, action.y)) element = n;
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

function click({ window, element, parent }: Located): void {
  if (element.expanded !== undefined && parent) toggleExpansion(window, element, parent);
  if (TOGGLES.has(element.role)) element.selected = !element.selected;
  if (SELECTS.has(element.role)) {
    for (const sibling of parent?.children ?? []) {
      if (sibling.role === element.role) sibling.selected = sibling === element;
    }
  }
  if (EDITABLE.has(element.role) || TOGGLES.has(element.role) || SELECTS.has(element.role)) {
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
    if (action.kind === "text") {
      if (target && EDITABLE.has(target.role)) {
        target.value = (this.selectAll ? "" : target.value ?? "") + action.text;
      }
      this.selectAll = false;
      return;
    }
    if (action.kind !== "keys") return;
    const combo = action.combo.join("+");
    if (combo === "ctrl+a") {
      this.selectAll = true;
      return;
    }
    if (target && EDITABLE.has(target.role)) {
      if (this.selectAll && (combo === "delete" || combo === "backspace")) target.value = "";
      else if (combo === "backspace") {
        target.value = [...(target.value ?? "")].slice(0, -1).join("");
      }
    }
    this.selectAll = false;
  }
}
