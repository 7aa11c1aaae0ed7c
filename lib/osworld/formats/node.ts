// How OSWorld's Linux (AT-SPI) accessibility XML sees one Element: its tag,
// name, true states, text and on-screen box, and the traversal limits of
// OSWorld's in-VM server. Shared by the XML renderer and the linearized table
// so the two always agree. Trees without platform fields (the mock's) get
// these derived from the normalised fields.

import { type Bounds, type Element, isEmptyBounds } from "../../model/tree.ts";

/** The server stops descending at this depth (the desktop is 0, applications 1). */
export const MAX_DEPTH = 50;
/** Children past this many are cut, as the server does. */
export const MAX_CHILDREN = 1024;

export const DESKTOP_TAG = "desktop-frame";

/** AT-SPI's role name for each normalised role (used when platform_role is absent). */
const ATSPI_ROLES: Readonly<Record<string, string>> = {
  Button: "push button",
  Edit: "entry",
  Text: "label",
  MenuItem: "menu item",
  Menu: "menu",
  MenuBar: "menu bar",
  Window: "frame",
  Dialog: "dialog",
  CheckBox: "check box",
  RadioButton: "radio button",
  ComboBox: "combo box",
  List: "list",
  ListItem: "list item",
  Tree: "tree",
  TreeItem: "tree item",
  Table: "table",
  Cell: "table cell",
  TabControl: "page tab list",
  TabItem: "page tab",
  ScrollBar: "scroll bar",
  Slider: "slider",
  Spinner: "spin button",
  ProgressBar: "progress bar",
  ToolBar: "tool bar",
  StatusBar: "status bar",
  Pane: "panel",
  Group: "grouping",
  Image: "image",
  Link: "link",
  Separator: "separator",
  ToolTip: "tool tip",
  Desktop: "desktop frame",
  Application: "application",
};

/** Roles whose `selected` is a check mark (AT-SPI's checked), not a selection. */
const CHECK_ROLES = new Set(["CheckBox", "RadioButton"]);

/** Roles whose fallback text is `value` (an entry's or text area's content). */
const TEXT_VALUE_ROLES = new Set(["Edit", "Document"]);

/** Roles that implement AT-SPI's Selection interface in GTK (fallback for `interfaces`). */
const SELECTION_ROLES = new Set([
  "TabControl",
  "List",
  "Tree",
  "Table",
  "ComboBox",
  "MenuBar",
  "Menu",
]);

/** "ScrollBar" → "scroll bar", "HTMLView" → "html view". */
function splitCamelCase(role: string): string {
  return role
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .toLowerCase();
}

function fallbackRole(el: Element): string {
  // A Document with content is a text area (GtkTextView's "text"); one without is a page.
  if (el.role === "Document") return el.value !== null ? "text" : "document frame";
  return ATSPI_ROLES[el.role] ?? splitCamelCase(el.role);
}

/**
 * An XML name from any string. ASCII only: non-ASCII name characters are valid
 * in XML 1.0 fifth edition but not in the older rules some parsers (expat,
 * which Python's ElementTree uses) follow. ":" is replaced too, since a
 * namespace-aware parser reads it as a prefix.
 */
export function xmlName(raw: string): string {
  const name = raw.replace(/[^A-Za-z0-9_.-]/g, "_");
  return /^[A-Za-z_]/.test(name) ? name : `_${name}`;
}

/** Characters XML 1.0 forbids: controls other than tab, LF and CR, lone surrogates, U+FFFE/U+FFFF. */
const FORBIDDEN = /[^\t\n\r\x20-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function xmlChars(text: string): string {
  return text.replace(FORBIDDEN, "");
}

/** The element's tag: its AT-SPI role name trimmed, spaces → "-", "unknown" when empty. */
export function tagOf(el: Element): string {
  const role = (el.platform_role ?? fallbackRole(el)).trim();
  return xmlName((role || "unknown").replaceAll(" ", "-"));
}

/** The states an AT-SPI adapter would report, from the normalised fields (CORE_STATES order). */
function derivedStates(el: Element): Record<string, boolean> {
  const onScreen = !isEmptyBounds(el.bounds);
  const checks = CHECK_ROLES.has(el.role) && el.selected !== undefined;
  const editable = el.role === "Edit" || (el.role === "Document" && el.value !== null);
  return {
    enabled: el.enabled,
    sensitive: el.enabled,
    showing: onScreen,
    visible: onScreen,
    focused: el.focused,
    editable,
    checkable: checks,
    checked: checks && el.selected === true,
    expandable: el.expanded !== undefined,
    expanded: el.expanded === true,
    selectable: !checks && el.selected !== undefined,
    selected: !checks && el.selected === true,
  };
}

/** Names of the states that are true, in the order of `states` (sanitised to XML names). */
export function trueStates(el: Element): string[] {
  const states = el.states ?? derivedStates(el);
  // A Set: two names may sanitise alike, and XML forbids a repeated attribute.
  return [...new Set(Object.keys(states).filter((k) => states[k] && k !== "").map(xmlName))];
}

/** The element's interfaces, or those its normalised role implies. */
export function interfacesOf(el: Element): string[] {
  if (el.interfaces) return el.interfaces;
  if (el.role === "Image") return ["image"];
  return SELECTION_ROLES.has(el.role) ? ["selection"] : [];
}

/**
 * The element's text content: the Text interface's, else an entry's value,
 * without the object replacement and replacement characters the server strips.
 */
export function textOf(el: Element): string {
  const text = el.text ?? (TEXT_VALUE_ROLES.has(el.role) ? el.value ?? "" : "");
  return xmlChars(text.replace(/[\uFFFC\uFFFD]/g, ""));
}

/**
 * The box the server reports (cp:screencoord and cp:size), or null when the
 * element is not both visible and showing: the server asks for extents only then.
 */
export function placementOf(el: Element, states: readonly string[]): Bounds | null {
  if (!states.includes("visible") || !states.includes("showing")) return null;
  // AT-SPI extents are integers; `+ 0` turns a rounded -0 into 0.
  const int = (n: number) => Math.round(n) + 0;
  const { x, y, width, height } = el.bounds;
  return { x: int(x), y: int(y), width: int(width), height: int(height) };
}

/** Two ints as Python prints a tuple: "(10, 20)". */
export function pythonPair(a: number, b: number): string {
  return `(${a}, ${b})`;
}

/**
 * The nodes rendered below the root: a desktop root's applications, or the
 * root itself under a synthetic desktop — either way at depth 1.
 */
export function topLevel(root: Element): Element[] {
  return tagOf(root) === DESKTOP_TAG ? root.children : [root];
}

/** The children rendered below a node at `depth`, within the server's limits. */
export function childrenOf(el: Element, depth: number): Element[] {
  return depth >= MAX_DEPTH ? [] : el.children.slice(0, MAX_CHILDREN);
}
