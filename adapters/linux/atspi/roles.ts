// AT-SPI role names ("push button") → the service's role names ("Button"), the
// same vocabulary the Windows adapter and the mock use, so one selector works
// everywhere. Unknown roles become the CamelCase of their AT-SPI name.

import { own } from "../../../lib/model/own.ts";
import { camelCase } from "../../../lib/model/role_names.ts";

const ROLE_NAMES: Record<string, string> = {
  "frame": "Window",
  "window": "Window",
  "dialog": "Dialog",
  "alert": "Dialog",
  "file chooser": "Dialog",
  "color chooser": "Dialog",
  "font chooser": "Dialog",
  "push button": "Button",
  "toggle button": "Button",
  "button": "Button",
  "check box": "CheckBox",
  "radio button": "RadioButton",
  "entry": "Edit",
  "password text": "Edit",
  "document frame": "Document",
  "document text": "Document",
  "document web": "Document",
  "label": "Text",
  "static": "Text",
  "paragraph": "Text",
  "caption": "Text",
  "heading": "Text",
  "menu bar": "MenuBar",
  "menu": "Menu",
  "popup menu": "Menu",
  "menu item": "MenuItem",
  "check menu item": "MenuItem",
  "radio menu item": "MenuItem",
  "tearoff menu item": "MenuItem",
  "combo box": "ComboBox",
  "list": "List",
  "list box": "List",
  "list item": "ListItem",
  "tree": "Tree",
  "tree table": "Tree",
  "tree item": "TreeItem",
  "table": "Table",
  "table cell": "Cell",
  "table column header": "HeaderItem",
  "table row header": "HeaderItem",
  "column header": "HeaderItem",
  "row header": "HeaderItem",
  "page tab list": "TabControl",
  "page tab": "TabItem",
  "scroll bar": "ScrollBar",
  "slider": "Slider",
  "spin button": "Spinner",
  "progress bar": "ProgressBar",
  "level bar": "ProgressBar",
  "tool bar": "ToolBar",
  "status bar": "StatusBar",
  "panel": "Pane",
  "filler": "Pane",
  "scroll pane": "Pane",
  "viewport": "Pane",
  "split pane": "Pane",
  "layered pane": "Pane",
  "root pane": "Pane",
  "glass pane": "Pane",
  "internal frame": "Pane",
  "option pane": "Pane",
  "desktop frame": "Pane",
  "section": "Group",
  "grouping": "Group",
  "form": "Group",
  "block quote": "Group",
  "image": "Image",
  "icon": "Image",
  "link": "Link",
  "separator": "Separator",
  "tool tip": "ToolTip",
  "header": "Header",
  "title bar": "TitleBar",
  "calendar": "Calendar",
};

/**
 * The service role for an AT-SPI role name. The "text" role covers entries,
 * editors and read-only text alike, so it needs the editable/multi-line states.
 */
export function serviceRole(atspiName: string, editable: boolean, multiLine: boolean): string {
  if (atspiName === "text") {
    if (!editable) return "Text";
    return multiLine ? "Document" : "Edit";
  }
  return own(ROLE_NAMES, atspiName) ?? camelCase(atspiName);
}

/** Roles whose CHECKED state means "selected" even when the toolkit omits CHECKABLE. */
const TOGGLE_ROLES = new Set([
  "check box",
  "radio button",
  "toggle button",
  "check menu item",
  "radio menu item",
  "switch",
]);

export function isToggleRole(atspiName: string): boolean {
  return TOGGLE_ROLES.has(atspiName);
}
