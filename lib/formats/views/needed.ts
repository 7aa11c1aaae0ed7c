// What an agent needs from a window: its controls (an interactive role,
// enabled or editable, named or holding text) that are on screen. Views are
// measured by how many of them they show (bench/views.ts), and they keep
// these first when a token budget cuts.

import { type Bounds, type Element, shownText } from "../../model/tree.ts";

/** Roles a person clicks, types into, toggles, picks or drags. */
const INTERACTIVE_ROLES: ReadonlySet<string> = new Set([
  "Button",
  "SplitButton",
  "ToggleButton",
  "CheckBox",
  "RadioButton",
  "Switch",
  "Edit",
  "Document",
  "ComboBox",
  "Menu",
  "MenuItem",
  "ListItem",
  "TabItem",
  "TreeItem",
  "Cell",
  "DataItem",
  "HeaderItem",
  "Link",
  "Hyperlink",
  "Slider",
  "Spinner",
  "ScrollBar",
  "Calendar",
]);

export function isInteractiveRole(role: string): boolean {
  return INTERACTIVE_ROLES.has(role);
}

/** The text an element holds besides its name: its value, else its Text content. */
export function heldText(el: Element): string {
  return shownText(el.value ?? el.text);
}

/** Whether `el` has an area and some of it lies inside `area` (the window). */
export function isOnScreen(el: Element, area: Bounds): boolean {
  const b = el.bounds;
  return b.width > 0 && b.height > 0 && b.x < area.x + area.width && b.y < area.y + area.height &&
    b.x + b.width > area.x && b.y + b.height > area.y;
}

/**
 * Whether a toolkit gave the element no extents at all (-1, -1, -1, -1): GTK
 * answers so for a notebook page whose tab strip is hidden (a text editor
 * with one document), whose content is on screen all the same.
 */
export function extentsUnknown(el: Element): boolean {
  const b = el.bounds;
  return b.x === -1 && b.y === -1 && b.width === -1 && b.height === -1;
}

/**
 * Whether an element's children are hidden with it: a container without an
 * area. Toolkits keep the items of a collapsed bar at their own sizes
 * (LibreOffice's unused VCL menu bar has height 0 and eleven 19 px menus).
 * A container without extents says nothing: its children's own bounds do.
 * Nor does a page tab: its extents are its tab's, and a notebook that hides
 * its tab strip gives the tab none (GTK 3: -1) or no area (GTK 2, GIMP's
 * docks) while the page under it is on screen.
 */
export function hidesChildren(el: Element): boolean {
  return el.role !== "TabItem" && !extentsUnknown(el) &&
    (el.bounds.width <= 0 || el.bounds.height <= 0);
}

/** A control an agent needs (see the file comment), inside `area`. */
export function isNeeded(el: Element, area: Bounds): boolean {
  return isInteractiveRole(el.role) && (el.enabled || el.states?.editable === true) &&
    (el.name.trim() !== "" || heldText(el) !== "") && isOnScreen(el, area);
}

/** Every needed control of the tree, in pre-order, leaving out those a collapsed container hides. */
export function neededControls(root: Element, area: Bounds): Element[] {
  const found: Element[] = [];
  const visit = (el: Element) => {
    if (isNeeded(el, area)) found.push(el);
    if (el === root || !hidesChildren(el)) el.children.forEach(visit);
  };
  visit(root);
  return found;
}
