// The UI Automation tree source's pure rules: control types → the service's
// role vocabulary (shared with the Linux adapter), and an element's facts →
// its node.

import assert from "node:assert/strict";
import { serviceRole as atspiServiceRole } from "../../linux/atspi/roles.ts";
import { controlTypeName, serviceRole } from "./control_types.ts";
import type { UiaFacts } from "./facts.ts";
import { elementFromFacts, statesOf } from "./node.ts";
import { CORE_STATES } from "../../../lib/model/tree.ts";

/** UIA_*ControlTypeId in wine's include/uiautomationclient.idl, from 50000 on. */
const HEADER_NAMES = [
  "Button",
  "Calendar",
  "CheckBox",
  "ComboBox",
  "Edit",
  "Hyperlink",
  "Image",
  "ListItem",
  "List",
  "Menu",
  "MenuBar",
  "MenuItem",
  "ProgressBar",
  "RadioButton",
  "ScrollBar",
  "Slider",
  "Spinner",
  "StatusBar",
  "Tab",
  "TabItem",
  "Text",
  "ToolBar",
  "ToolTip",
  "Tree",
  "TreeItem",
  "Custom",
  "Group",
  "Thumb",
  "DataGrid",
  "DataItem",
  "Document",
  "SplitButton",
  "Window",
  "Pane",
  "Header",
  "HeaderItem",
  "Table",
  "TitleBar",
  "Separator",
  "SemanticZoom",
  "AppBar",
];

/** Control types whose service role is not UIA's own name. */
const RENAMED: Record<string, string> = { Hyperlink: "Link", Tab: "TabControl" };

Deno.test("UIA control types: UIA's names as platform_role, the service's vocabulary as role", () => {
  HEADER_NAMES.forEach((name, i) => {
    const id = 50000 + i;
    assert.equal(controlTypeName(id), name, `${id}`);
    assert.equal(serviceRole(id, "", false), RENAMED[name] ?? name, `${id}`);
  });
  assert.equal(controlTypeName(50099), "ControlType 50099");
  assert.equal(serviceRole(50099, "", false), "Pane");
});

Deno.test("UIA windows are Dialogs when of the dialog class or modal", () => {
  assert.equal(serviceRole(50032, "Notepad", false), "Window");
  assert.equal(serviceRole(50032, "#32770", false), "Dialog");
  assert.equal(serviceRole(50032, "", true), "Dialog");
  assert.equal(serviceRole(50033, "#32770", true), "Pane", "only windows become dialogs");
});

Deno.test("UIA roles match the Linux adapter's for the same kind of widget", () => {
  const pairs: Array<[number, string]> = [
    [50000, "push button"],
    [50002, "check box"],
    [50003, "combo box"],
    [50004, "entry"],
    [50005, "link"],
    [50008, "list box"],
    [50007, "list item"],
    [50010, "menu bar"],
    [50011, "menu item"],
    [50016, "spin button"],
    [50018, "page tab list"],
    [50019, "page tab"],
    [50021, "tool bar"],
    [50026, "grouping"],
    [50032, "frame"],
    [50033, "panel"],
  ];
  for (const [id, atspiRole] of pairs) {
    assert.equal(serviceRole(id, "", false), atspiServiceRole(atspiRole, true, false), atspiRole);
  }
  assert.equal(serviceRole(50032, "#32770", false), atspiServiceRole("dialog", false, false));
});

function facts(extra: Partial<UiaFacts>): UiaFacts {
  return {
    controlType: 50000,
    name: "",
    rectangle: [],
    enabled: true,
    focused: false,
    focusable: false,
    offscreen: false,
    acceleratorKey: "",
    accessKey: "",
    helpText: "",
    automationId: "",
    className: "",
    patterns: new Set(),
    value: null,
    readOnly: false,
    range: null,
    selected: null,
    toggleState: null,
    expandCollapseState: null,
    modal: false,
    ...extra,
  };
}

Deno.test("UIA facts become a node: bounds rounded, value, shortcut, description", () => {
  const node = elementFromFacts(facts({
    controlType: 50004,
    name: "Name:",
    rectangle: [10.4, 20.6, 100.5, 24],
    acceleratorKey: "Ctrl+N",
    accessKey: "Alt+N",
    helpText: "Your name",
    automationId: "name",
    className: "Edit",
    patterns: new Set(["value"]),
    value: "Ada",
  }));
  assert.deepEqual(node, {
    id: "",
    name: "Name:",
    role: "Edit",
    value: "Ada",
    bounds: { x: 10, y: 21, width: 101, height: 24 },
    enabled: true,
    focused: false,
    keyboard_shortcut: "Ctrl+N",
    description: "Your name",
    children: [],
    platform_role: "Edit",
    states: statesOf(facts({ value: "Ada" })),
    interfaces: ["value"],
    identifier: "name",
    attributes: { class_name: "Edit" },
  });
  assert.equal(node.states!.editable, true);
  const bare = elementFromFacts(facts({ accessKey: "Alt+F" }));
  assert.deepEqual(bare.bounds, { x: 0, y: 0, width: 0, height: 0 });
  assert.equal(bare.keyboard_shortcut, "Alt+F");
  assert.equal(bare.value, null);
  for (const key of ["selected", "expanded", "identifier", "attributes", "value_now"]) {
    assert.equal(key in bare, false, key);
  }
});

Deno.test("UIA facts: toggles and selection items are selected; expand states; ranges", () => {
  const checkBox = elementFromFacts(facts({ controlType: 50002, toggleState: 1 }));
  assert.equal(checkBox.selected, true);
  assert.equal(checkBox.states!.checked, true);
  assert.equal(checkBox.states!.checkable, true);
  const mixed = elementFromFacts(facts({ controlType: 50002, toggleState: 2 }));
  assert.equal(mixed.selected, false);
  assert.equal(mixed.states!.indeterminate, true);
  const item = elementFromFacts(facts({ controlType: 50007, selected: true, toggleState: 0 }));
  assert.equal(item.selected, true, "SelectionItem wins over Toggle");
  assert.equal(elementFromFacts(facts({ expandCollapseState: 0 })).expanded, false);
  assert.equal(elementFromFacts(facts({ expandCollapseState: 2 })).expanded, true);
  assert.equal("expanded" in elementFromFacts(facts({ expandCollapseState: 3 })), false);
  const slider = elementFromFacts(facts({
    controlType: 50015,
    range: { now: 30, min: 0, max: 100 },
    readOnly: true,
  }));
  assert.deepEqual(
    [slider.value, slider.value_now, slider.value_min, slider.value_max],
    ["30", 30, 0, 100],
  );
  assert.equal(slider.states!.read_only, true);
});

Deno.test("UIA states list every core state, then the set extras", () => {
  const states = statesOf(facts({ offscreen: true, enabled: false, modal: true }));
  assert.deepEqual(Object.keys(states), [...CORE_STATES, "offscreen"]);
  assert.equal(states.showing, false);
  assert.equal(states.visible, false);
  assert.equal(states.enabled, false);
  assert.equal(states.sensitive, false);
  assert.equal(states.modal, true);
});
