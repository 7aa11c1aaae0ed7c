// The MSAA tree source's pure rules: roles, states, how facts become an
// Element, and the roles of standard control classes (adapters/windows/msaa).

import assert from "node:assert/strict";
import { CORE_STATES } from "../../../lib/model/tree.ts";
import { elementOf, type Facts, NO_BOUNDS } from "./facts.ts";
import { isRangeRole, ROLE_SYSTEM, roleText, serviceRole } from "./roles.ts";
import { STATE_SYSTEM, stateRecord } from "./states.ts";
import { classRole } from "./win32_controls.ts";

const R = ROLE_SYSTEM;
const S = STATE_SYSTEM;
const PLAIN = { editable: false, multiLine: false };

Deno.test("MSAA roles: role text and the service's role", () => {
  const table: Array<[number, string, string]> = [
    [R.WINDOW, "window", "Window"],
    [R.DIALOG, "dialog", "Dialog"],
    [R.ALERT, "alert", "Dialog"],
    [R.CLIENT, "client", "Pane"],
    [R.PANE, "pane", "Pane"],
    [R.PUSHBUTTON, "push button", "Button"],
    [R.CHECKBUTTON, "check box", "CheckBox"],
    [R.RADIOBUTTON, "radio button", "RadioButton"],
    [R.STATICTEXT, "text", "Text"],
    [R.MENUBAR, "menu bar", "MenuBar"],
    [R.MENUPOPUP, "popup menu", "Menu"],
    [R.MENUITEM, "menu item", "MenuItem"],
    [R.COMBOBOX, "combo box", "ComboBox"],
    [R.DROPLIST, "drop down", "ComboBox"],
    [R.LIST, "list", "List"],
    [R.LISTITEM, "list item", "ListItem"],
    [R.OUTLINE, "outline", "Tree"],
    [R.OUTLINEITEM, "outline item", "TreeItem"],
    [R.TABLE, "table", "Table"],
    [R.CELL, "cell", "Cell"],
    [R.COLUMNHEADER, "column header", "HeaderItem"],
    [R.ROWHEADER, "row header", "HeaderItem"],
    [R.PAGETABLIST, "page tab list", "TabControl"],
    [R.PAGETAB, "page tab", "TabItem"],
    [R.SCROLLBAR, "scroll bar", "ScrollBar"],
    [R.SLIDER, "slider", "Slider"],
    [R.SPINBUTTON, "spin box", "Spinner"],
    [R.PROGRESSBAR, "progress bar", "ProgressBar"],
    [R.TOOLBAR, "tool bar", "ToolBar"],
    [R.STATUSBAR, "status bar", "StatusBar"],
    [R.GROUPING, "grouping", "Group"],
    [R.GRAPHIC, "graphic", "Image"],
    [R.LINK, "link", "Link"],
    [R.SEPARATOR, "separator", "Separator"],
    [R.TOOLTIP, "tool tip", "ToolTip"],
    [R.TITLEBAR, "title bar", "TitleBar"],
    [R.GRIP, "grip", "Grip"],
    [R.DOCUMENT, "document", "Document"],
    [R.SPLITBUTTON, "split button", "SplitButton"],
    [R.BUTTONMENU, "menu button", "Button"],
  ];
  for (const [role, text, service] of table) {
    assert.deepEqual([roleText(role), serviceRole(role, PLAIN)], [text, service], text);
  }
  for (const [name, role] of Object.entries(ROLE_SYSTEM)) {
    assert.deepEqual(
      roleText(role) !== "unknown" && serviceRole(role, PLAIN) !== "Unknown",
      true,
      name,
    );
  }
  assert.deepEqual([roleText(0x99), serviceRole(0x99, PLAIN)], ["unknown", "Unknown"]);
  // Custom roles are strings.
  assert.deepEqual([roleText("ribbon tab"), serviceRole("ribbon tab", PLAIN)], [
    "ribbon tab",
    "RibbonTab",
  ]);
});

Deno.test("MSAA roles: editable text is Edit, Document or Text by its states", () => {
  assert.deepEqual(roleText(R.TEXT), "editable text");
  assert.deepEqual(serviceRole(R.TEXT, { editable: true, multiLine: false }), "Edit");
  assert.deepEqual(serviceRole(R.TEXT, { editable: true, multiLine: true }), "Document");
  assert.deepEqual(serviceRole(R.TEXT, { editable: false, multiLine: true }), "Text");
  assert.deepEqual([R.SLIDER, R.PROGRESSBAR, R.LIST].map(isRangeRole), [true, true, false]);
});

Deno.test("MSAA states: every core state, then the others that are set", () => {
  const traits = { editable: false, checkable: false, multiLine: false, active: false };
  const none = stateRecord(0, traits);
  assert.deepEqual(Object.keys(none), [...CORE_STATES]);
  assert.deepEqual([none.enabled, none.sensitive, none.visible, none.showing], [
    true,
    true,
    true,
    true,
  ]);
  const table: Array<[number, Partial<Record<string, boolean>>]> = [
    [S.UNAVAILABLE, { enabled: false, sensitive: false }],
    [S.INVISIBLE, { visible: false, showing: false }],
    [S.OFFSCREEN, { visible: true, showing: false, offscreen: true }],
    [S.FOCUSABLE | S.FOCUSED, { focusable: true, focused: true }],
    [S.CHECKED, { checkable: true, checked: true }],
    [S.MIXED, { checkable: true, checked: false, mixed: true }],
    [S.EXPANDED, { expandable: true, expanded: true }],
    [S.COLLAPSED, { expandable: true, expanded: false, collapsed: true }],
    [S.SELECTABLE | S.SELECTED, { selectable: true, selected: true }],
    [S.READONLY | S.PRESSED | S.DEFAULT, { read_only: true, pressed: true, default: true }],
    [S.PROTECTED | S.HASPOPUP | S.MULTISELECTABLE, {
      protected: true,
      has_popup: true,
      multi_selectable: true,
    }],
    [S.BUSY | S.LINKED | S.TRAVERSED, { busy: true, linked: true, traversed: true }],
  ];
  for (const [bits, expected] of table) {
    const states = stateRecord(bits, traits);
    for (const [name, value] of Object.entries(expected)) {
      assert.deepEqual(states[name], value, `${bits.toString(16)}: ${name}`);
    }
    assert.deepEqual(Object.keys(states).slice(0, CORE_STATES.length), [...CORE_STATES]);
  }
  const told = stateRecord(0, { editable: true, checkable: true, multiLine: true, active: true });
  assert.deepEqual([told.editable, told.checkable, told.multi_line, told.active], [
    true,
    true,
    true,
    true,
  ]);
});

function facts(role: number, more: Partial<Facts> = {}): Facts {
  return {
    role,
    name: "",
    value: null,
    description: null,
    state: 0,
    bounds: NO_BOUNDS,
    defaultAction: null,
    keyboardShortcut: null,
    multiLine: false,
    active: false,
    ...more,
  };
}

Deno.test("MSAA facts become an Element", () => {
  const check = elementOf(facts(R.CHECKBUTTON, {
    name: " Remember me ",
    state: S.CHECKED | S.FOCUSABLE,
    defaultAction: "Uncheck",
    keyboardShortcut: "Alt+R",
    description: "",
    identifier: "102",
    attributes: { class: "Button" },
  }));
  assert.deepEqual(check.name, "Remember me");
  assert.deepEqual([check.role, check.platform_role, check.selected], [
    "CheckBox",
    "check box",
    true,
  ]);
  assert.deepEqual([check.keyboard_shortcut, check.description, check.identifier], [
    "Alt+R",
    null,
    "102",
  ]);
  assert.deepEqual(check.actions, [{ name: "Uncheck", description: "", key_binding: "Alt+R" }]);
  assert.deepEqual(check.states?.checkable, true);
  assert.deepEqual(check.attributes, { class: "Button" });
  const unchecked = elementOf(facts(R.CHECKBUTTON));
  assert.deepEqual([unchecked.selected, unchecked.states?.checkable], [false, true]);

  const button = elementOf(facts(R.PUSHBUTTON, { state: S.UNAVAILABLE }));
  assert.deepEqual([button.enabled, "selected" in button, "expanded" in button], [
    false,
    false,
    false,
  ]);
  assert.deepEqual(button.actions, undefined);

  const item = elementOf(facts(R.LISTITEM, { state: S.SELECTABLE | S.SELECTED | S.FOCUSED }));
  assert.deepEqual([item.selected, item.focused], [true, true]);
  const combo = elementOf(facts(R.COMBOBOX, { state: S.COLLAPSED, value: "Small" }));
  assert.deepEqual([combo.expanded, combo.value], [false, "Small"]);

  const slider = elementOf(facts(R.SLIDER, { value: "40" }));
  assert.deepEqual([slider.value, slider.value_now], ["40", 40]);
  assert.deepEqual(elementOf(facts(R.PROGRESSBAR, { value: "50%" })).value_now, 50);
  assert.deepEqual("value_now" in elementOf(facts(R.SLIDER, { value: "high" })), false);
  assert.deepEqual("value_now" in elementOf(facts(R.TEXT, { value: "12" })), false);

  const editor = elementOf(facts(R.TEXT, { multiLine: true, value: "" }));
  assert.deepEqual([editor.role, editor.states?.editable, editor.states?.multi_line], [
    "Document",
    true,
    true,
  ]);
  const readOnly = elementOf(facts(R.TEXT, { state: S.READONLY }));
  assert.deepEqual([readOnly.role, readOnly.states?.editable], ["Text", false]);
  assert.deepEqual(elementOf(facts(R.WINDOW, { active: true })).states?.active, true);
});

Deno.test("standard control classes: the roles Windows' oleacc gives them", () => {
  const role = (base: string, style = 0, name = base) => classRole({ name, base, style });
  const table: Array<[number | null, number | null]> = [
    [role("Button", 0x0), R.PUSHBUTTON],
    [role("Button", 0x1), R.PUSHBUTTON],
    [role("Button", 0x50010003), R.CHECKBUTTON],
    [role("Button", 0x5), R.CHECKBUTTON],
    [role("Button", 0x9), R.RADIOBUTTON],
    [role("Button", 0x7), R.GROUPING],
    [role("Button", 0xc), R.SPLITBUTTON],
    [role("Static", 0x50010000), R.STATICTEXT],
    [role("Static", 0xe), R.GRAPHIC],
    [role("Static", 0x10), R.SEPARATOR],
    [role("Edit"), R.TEXT],
    [role("RichEdit20W"), R.TEXT],
    [role("ListBox"), R.LIST],
    [role("ComboLBox"), R.LIST],
    [role("ComboBox"), R.COMBOBOX],
    [role("msctls_statusbar32"), R.STATUSBAR],
    [role("SysTreeView32"), R.OUTLINE],
    [role("#32770"), R.DIALOG],
    [role("Button", 0x0, "TButton"), R.PUSHBUTTON],
    [role("OsoControls"), null],
  ];
  table.forEach(([actual, expected], i) => assert.deepEqual(actual, expected, `row ${i}`));
});
