// MSAA roles (ROLE_SYSTEM_*, oleacc.h) → the role text Windows' English
// GetRoleText gives ("push button"), kept as platform_role, and the service's
// role names ("Button"), the vocabulary Linux and the mock use too. A table
// rather than GetRoleTextW: that text is localised (and wine's differs).

import { camelCase } from "../../../lib/model/role_names.ts";

export const ROLE_SYSTEM = {
  TITLEBAR: 0x01,
  MENUBAR: 0x02,
  SCROLLBAR: 0x03,
  GRIP: 0x04,
  SOUND: 0x05,
  CURSOR: 0x06,
  CARET: 0x07,
  ALERT: 0x08,
  WINDOW: 0x09,
  CLIENT: 0x0a,
  MENUPOPUP: 0x0b,
  MENUITEM: 0x0c,
  TOOLTIP: 0x0d,
  APPLICATION: 0x0e,
  DOCUMENT: 0x0f,
  PANE: 0x10,
  CHART: 0x11,
  DIALOG: 0x12,
  BORDER: 0x13,
  GROUPING: 0x14,
  SEPARATOR: 0x15,
  TOOLBAR: 0x16,
  STATUSBAR: 0x17,
  TABLE: 0x18,
  COLUMNHEADER: 0x19,
  ROWHEADER: 0x1a,
  COLUMN: 0x1b,
  ROW: 0x1c,
  CELL: 0x1d,
  LINK: 0x1e,
  HELPBALLOON: 0x1f,
  CHARACTER: 0x20,
  LIST: 0x21,
  LISTITEM: 0x22,
  OUTLINE: 0x23,
  OUTLINEITEM: 0x24,
  PAGETAB: 0x25,
  PROPERTYPAGE: 0x26,
  INDICATOR: 0x27,
  GRAPHIC: 0x28,
  STATICTEXT: 0x29,
  TEXT: 0x2a,
  PUSHBUTTON: 0x2b,
  CHECKBUTTON: 0x2c,
  RADIOBUTTON: 0x2d,
  COMBOBOX: 0x2e,
  DROPLIST: 0x2f,
  PROGRESSBAR: 0x30,
  DIAL: 0x31,
  HOTKEYFIELD: 0x32,
  SLIDER: 0x33,
  SPINBUTTON: 0x34,
  DIAGRAM: 0x35,
  ANIMATION: 0x36,
  EQUATION: 0x37,
  BUTTONDROPDOWN: 0x38,
  BUTTONMENU: 0x39,
  BUTTONDROPDOWNGRID: 0x3a,
  WHITESPACE: 0x3b,
  PAGETABLIST: 0x3c,
  CLOCK: 0x3d,
  SPLITBUTTON: 0x3e,
  IPADDRESS: 0x3f,
  OUTLINEBUTTON: 0x40,
} as const;

const R = ROLE_SYSTEM;

/** [role text, service role]; ROLE_SYSTEM_TEXT's service role depends on its states. */
const ROLES: ReadonlyMap<number, readonly [string, string]> = new Map([
  [R.TITLEBAR, ["title bar", "TitleBar"]],
  [R.MENUBAR, ["menu bar", "MenuBar"]],
  [R.SCROLLBAR, ["scroll bar", "ScrollBar"]],
  [R.GRIP, ["grip", "Grip"]],
  [R.SOUND, ["sound", "Sound"]],
  [R.CURSOR, ["cursor", "Cursor"]],
  [R.CARET, ["caret", "Caret"]],
  [R.ALERT, ["alert", "Dialog"]],
  [R.WINDOW, ["window", "Window"]],
  [R.CLIENT, ["client", "Pane"]],
  [R.MENUPOPUP, ["popup menu", "Menu"]],
  [R.MENUITEM, ["menu item", "MenuItem"]],
  [R.TOOLTIP, ["tool tip", "ToolTip"]],
  [R.APPLICATION, ["application", "Application"]],
  [R.DOCUMENT, ["document", "Document"]],
  [R.PANE, ["pane", "Pane"]],
  [R.CHART, ["chart", "Image"]],
  [R.DIALOG, ["dialog", "Dialog"]],
  [R.BORDER, ["border", "Border"]],
  [R.GROUPING, ["grouping", "Group"]],
  [R.SEPARATOR, ["separator", "Separator"]],
  [R.TOOLBAR, ["tool bar", "ToolBar"]],
  [R.STATUSBAR, ["status bar", "StatusBar"]],
  [R.TABLE, ["table", "Table"]],
  [R.COLUMNHEADER, ["column header", "HeaderItem"]],
  [R.ROWHEADER, ["row header", "HeaderItem"]],
  [R.COLUMN, ["column", "Column"]],
  [R.ROW, ["row", "Row"]],
  [R.CELL, ["cell", "Cell"]],
  [R.LINK, ["link", "Link"]],
  [R.HELPBALLOON, ["help balloon", "ToolTip"]],
  [R.CHARACTER, ["character", "Character"]],
  [R.LIST, ["list", "List"]],
  [R.LISTITEM, ["list item", "ListItem"]],
  [R.OUTLINE, ["outline", "Tree"]],
  [R.OUTLINEITEM, ["outline item", "TreeItem"]],
  [R.PAGETAB, ["page tab", "TabItem"]],
  [R.PROPERTYPAGE, ["property page", "Pane"]],
  [R.INDICATOR, ["indicator", "Indicator"]],
  [R.GRAPHIC, ["graphic", "Image"]],
  [R.STATICTEXT, ["text", "Text"]],
  [R.TEXT, ["editable text", "Edit"]],
  [R.PUSHBUTTON, ["push button", "Button"]],
  [R.CHECKBUTTON, ["check box", "CheckBox"]],
  [R.RADIOBUTTON, ["radio button", "RadioButton"]],
  [R.COMBOBOX, ["combo box", "ComboBox"]],
  [R.DROPLIST, ["drop down", "ComboBox"]],
  [R.PROGRESSBAR, ["progress bar", "ProgressBar"]],
  [R.DIAL, ["dial", "Slider"]],
  [R.HOTKEYFIELD, ["hot key field", "Edit"]],
  [R.SLIDER, ["slider", "Slider"]],
  [R.SPINBUTTON, ["spin box", "Spinner"]],
  [R.DIAGRAM, ["diagram", "Image"]],
  [R.ANIMATION, ["animation", "Image"]],
  [R.EQUATION, ["equation", "Text"]],
  [R.BUTTONDROPDOWN, ["drop down button", "Button"]],
  [R.BUTTONMENU, ["menu button", "Button"]],
  [R.BUTTONDROPDOWNGRID, ["grid drop down button", "Button"]],
  [R.WHITESPACE, ["white space", "Text"]],
  [R.PAGETABLIST, ["page tab list", "TabControl"]],
  [R.CLOCK, ["clock", "Text"]],
  [R.SPLITBUTTON, ["split button", "SplitButton"]],
  [R.IPADDRESS, ["IP address", "Edit"]],
  [R.OUTLINEBUTTON, ["outline button", "Button"]],
]);

/** A role: a ROLE_SYSTEM_* number, or the text of a custom (string) role. */
export type MsaaRole = number | string;

/** The role's text: the table's for ROLE_SYSTEM_*, a custom role's own, "unknown" otherwise. */
export function roleText(role: MsaaRole): string {
  if (typeof role === "string") return role;
  return ROLES.get(role)?.[0] ?? "unknown";
}

/** What the text role alone does not say. */
export interface TextTraits {
  /** The text can be changed (no STATE_SYSTEM_READONLY). */
  editable: boolean;
  /** Several lines (an Edit control with ES_MULTILINE). */
  multiLine: boolean;
}

/**
 * The service role. MSAA's "editable text" covers one-line fields, editors
 * and read-only text alike, like AT-SPI's "text" (adapters/linux/atspi/roles.ts).
 */
export function serviceRole(role: MsaaRole, text: TextTraits): string {
  if (role === R.TEXT) {
    if (!text.editable) return "Text";
    return text.multiLine ? "Document" : "Edit";
  }
  if (typeof role === "string") return camelCase(role);
  return ROLES.get(role)?.[1] ?? "Unknown";
}

/** Roles whose CHECKED state means "selected" (MSAA reports no "checkable" state). */
const TOGGLE_ROLES: ReadonlySet<MsaaRole> = new Set([R.CHECKBUTTON, R.RADIOBUTTON]);

export function isToggleRole(role: MsaaRole): boolean {
  return TOGGLE_ROLES.has(role);
}

/** Roles whose value is a number on a scale (value_now). */
const RANGE_ROLES: ReadonlySet<MsaaRole> = new Set([
  R.SCROLLBAR,
  R.PROGRESSBAR,
  R.SLIDER,
  R.SPINBUTTON,
  R.DIAL,
]);

export function isRangeRole(role: MsaaRole): boolean {
  return RANGE_ROLES.has(role);
}
