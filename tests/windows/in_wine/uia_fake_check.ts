// The UI Automation tree source against fake UIA objects (fake_uia.ts),
// under wine's deno.exe: wine 8.0 registers no CUIAutomation, so the real
// code runs on fakes with real BSTRs, VARIANTs and SAFEARRAYs (oleaut32).
// Run by tests/windows/uia_fake_test.ts through runInWine.

import assert from "node:assert/strict";
import { assignIds, type Element, element, walk } from "../../../lib/model/tree.ts";
import { type CaptureLimits, WindowGoneError } from "../../../adapters/types.ts";
import { guidText } from "../../../adapters/windows/com/guid.ts";
import {
  AutomationSlot,
  CacheRequestSlot,
  ElementArraySlot,
  ElementSlot,
  IID_IUIAutomation,
  type PatternKey,
  Patterns,
} from "../../../adapters/windows/uia/interfaces.ts";
import { openUiaSource, uiaSourceFrom } from "../../../adapters/windows/uia/index.ts";
import type { TreeSource } from "../../../adapters/windows/tree_source/tree_source.ts";
import { FakeSpec, FakeUia, type InterfaceName, INTERFACES, slotOf } from "./fake_uia.ts";

const NOTEPAD_HWND = 0x10010n;
const OPTIONS_HWND = 0x20020n;
const GONE_HWND = 0x30030n;

const WINDOW = 50032;
const NOTEPAD: FakeSpec = {
  type: WINDOW,
  name: "Untitled - Notepad",
  rect: [100, 100, 640, 480],
  className: "Notepad",
  modal: false,
  children: [
    {
      type: 50010,
      name: "Application",
      rect: [108, 131, 624, 20],
      automationId: "MenuBar",
      children: [
        { type: 50011, name: "File", rect: [108, 131, 36, 20], accessKey: "Alt+F", expand: 0 },
        { type: 50011, name: "Edit", rect: [144, 131, 36, 20], accessKey: "Alt+E", expand: 0 },
        { type: 50011, name: "Help", rect: [180, 131, 40, 20], accessKey: "Alt+H", expand: 0 },
      ],
    },
    {
      type: 50004,
      name: "Text Editor",
      rect: [108, 151, 624, 400],
      automationId: "15",
      className: "Edit",
      value: "Hello, wine",
      focusable: true,
      focused: true,
    },
    {
      type: 50017,
      name: "Status Bar",
      rect: [108, 551, 624, 22],
      automationId: "1025",
      className: "msctls_statusbar32",
      children: [{ type: 50020, name: "Ln 1, Col 12", rect: [500.4, 553.6, 120, 18] }],
    },
  ],
};

const listItem = (name: string, top: number, selected: boolean): FakeSpec => ({
  type: 50007,
  name,
  rect: [218, top, 136, 18],
  selected,
  scrollItem: true,
});

const comboItem = (name: string, top: number, selected: boolean): FakeSpec => ({
  type: 50007,
  name,
  rect: [370, top, 130, 20],
  selected,
});

const OPTIONS: FakeSpec = {
  type: WINDOW,
  name: "Options",
  rect: [200, 150, 320, 260],
  className: "#32770",
  modal: true,
  children: [
    {
      type: 50000,
      name: "OK",
      rect: [400, 370, 100, 28],
      automationId: "1",
      className: "Button",
      invoke: true,
      focusable: true,
      accessKey: "Alt+O",
      help: "Saves the options",
    },
    {
      type: 50002,
      name: "Word wrap",
      rect: [216, 180, 120, 20],
      automationId: "1001",
      toggle: 1,
      focusable: true,
    },
    {
      type: 50008,
      name: "Colours",
      rect: [216, 210, 140, 80],
      automationId: "1002",
      selection: true,
      children: [
        listItem("Red", 212, false),
        listItem("Green", 230, true),
        listItem("Blue", 248, false),
      ],
    },
    {
      type: 50003,
      name: "Size",
      rect: [370, 210, 130, 24],
      automationId: "1003",
      selection: true,
      expand: 0,
      value: "Medium",
      readOnly: true,
      children: [{
        type: 50008,
        name: "Sizes",
        rect: [370, 234, 130, 60],
        selection: true,
        children: [
          comboItem("Small", 234, false),
          comboItem("Medium", 254, true),
          comboItem("Large", 274, false),
        ],
      }],
    },
    {
      type: 50015,
      name: "Volume",
      rect: [216, 300, 200, 30],
      automationId: "1004",
      range: { value: 30, min: 0, max: 100 },
      focusable: true,
    },
    { type: 50020, name: "Restart needed", rect: [0, 0, 0, 0], disabled: true, offscreen: true },
  ],
};

const WINDOWS = { [String(NOTEPAD_HWND)]: NOTEPAD, [String(OPTIONS_HWND)]: OPTIONS };

/** A fresh fake (its specs copied: operations change them). */
function fakeUia(options: ConstructorParameters<typeof FakeUia>[1] = {}): FakeUia {
  return new FakeUia(structuredClone(WINDOWS), options);
}

const ALL: CaptureLimits = { maxDepth: 50, maxNodes: 10_000, timeoutMs: 60_000 };

/** An expected node: the defaults of a node UIA reports nothing special of. */
function node(
  platformRole: string,
  role: string,
  name: string,
  rect: number[],
  extra: Partial<Element> = {},
  children: Element[] = [],
): Element {
  return element(
    role,
    name,
    rect,
    { platform_role: platformRole, interfaces: [], ...extra },
    children,
  );
}

const menuItem = (name: string, x: number, width: number, key: string) =>
  node("MenuItem", "MenuItem", name, [x, 131, width, 20], {
    keyboard_shortcut: key,
    expanded: false,
    interfaces: ["expand_collapse"],
  });

const EXPECTED_NOTEPAD = assignIds(
  node("Window", "Window", "Untitled - Notepad", [100, 100, 640, 480], {
    interfaces: ["window"],
    attributes: { class_name: "Notepad" },
  }, [
    node("MenuBar", "MenuBar", "Application", [108, 131, 624, 20], { identifier: "MenuBar" }, [
      menuItem("File", 108, 36, "Alt+F"),
      menuItem("Edit", 144, 36, "Alt+E"),
      menuItem("Help", 180, 40, "Alt+H"),
    ]),
    node("Edit", "Edit", "Text Editor", [108, 151, 624, 400], {
      value: "Hello, wine",
      focused: true,
      identifier: "15",
      attributes: { class_name: "Edit" },
      interfaces: ["value"],
    }),
    node("StatusBar", "StatusBar", "Status Bar", [108, 551, 624, 22], {
      identifier: "1025",
      attributes: { class_name: "msctls_statusbar32" },
    }, [node("Text", "Text", "Ln 1, Col 12", [500, 554, 120, 18])]),
  ]),
);

const expectedItem = (name: string, top: number, selected: boolean, scrolls: boolean) =>
  node("ListItem", "ListItem", name, [
    scrolls ? 218 : 370,
    top,
    scrolls ? 136 : 130,
    scrolls ? 18 : 20,
  ], {
    selected,
    interfaces: scrolls ? ["selection_item", "scroll_item"] : ["selection_item"],
  });

const EXPECTED_OPTIONS = assignIds(
  node("Window", "Dialog", "Options", [200, 150, 320, 260], {
    interfaces: ["window"],
    attributes: { class_name: "#32770" },
  }, [
    node("Button", "Button", "OK", [400, 370, 100, 28], {
      keyboard_shortcut: "Alt+O",
      description: "Saves the options",
      identifier: "1",
      attributes: { class_name: "Button" },
      interfaces: ["invoke"],
    }),
    node("CheckBox", "CheckBox", "Word wrap", [216, 180, 120, 20], {
      selected: true,
      identifier: "1001",
      interfaces: ["toggle"],
    }),
    node("List", "List", "Colours", [216, 210, 140, 80], {
      identifier: "1002",
      interfaces: ["selection"],
    }, [
      expectedItem("Red", 212, false, true),
      expectedItem("Green", 230, true, true),
      expectedItem("Blue", 248, false, true),
    ]),
    node("ComboBox", "ComboBox", "Size", [370, 210, 130, 24], {
      value: "Medium",
      expanded: false,
      identifier: "1003",
      interfaces: ["value", "selection", "expand_collapse"],
    }, [
      node("List", "List", "Sizes", [370, 234, 130, 60], { interfaces: ["selection"] }, [
        expectedItem("Small", 234, false, false),
        expectedItem("Medium", 254, true, false),
        expectedItem("Large", 274, false, false),
      ]),
    ]),
    node("Slider", "Slider", "Volume", [216, 300, 200, 30], {
      value: "30",
      value_now: 30,
      value_min: 0,
      value_max: 100,
      identifier: "1004",
      interfaces: ["range_value"],
    }),
    node("Text", "Text", "Restart needed", [0, 0, 0, 0], { enabled: false }),
  ]),
);

/** The tree without `states` (checked node by node where they matter). */
function withoutStates(root: Element): Element {
  const copy = structuredClone(root);
  walk(copy, (n) => delete n.states);
  return copy;
}

function byName(root: Element, name: string): Element {
  let found: Element | null = null;
  walk(root, (n) => {
    if (found === null && n.name === name) found = n;
  });
  if (found === null) throw new Error(`no node ${name}`);
  return found;
}

/** Nothing reached a trap, no method got wrong arguments or a wrong slot. */
function assertClean(fake: FakeUia): void {
  assert.deepEqual(fake.traps, [], "trap slots were called");
  assert.deepEqual(fake.mismatches, [], "the fake saw wrong slots or arguments");
}

/**
 * What an open source holds: a reference on the automation object, its
 * cache request and its true condition (also held by the request's filter).
 */
const HELD_BY_AN_OPEN_SOURCE = [
  "the automation object: 1 references beyond the fake's own",
  "a true condition: still alive with 2 references",
  "a cache request: still alive with 1 references",
];

function assertReferencesBack(fake: FakeUia, when: string, held = HELD_BY_AN_OPEN_SOURCE): void {
  assert.deepEqual(fake.referenceProblems(), held, `reference counts ${when}`);
}

/** Runs `body` with a source over a fresh fake; checks it is clean and balanced after close. */
function withSource(
  body: (source: TreeSource, fake: FakeUia) => void,
  fake: FakeUia = fakeUia(),
): void {
  try {
    const source = uiaSourceFrom(fake.automation.pointer);
    try {
      body(source, fake);
    } finally {
      source.close();
    }
    assertClean(fake);
    assertReferencesBack(fake, "after close", []);
  } finally {
    fake.dispose();
  }
}

Deno.test("UIA slots and IIDs agree with the fake's transcription of uiautomationclient.idl", () => {
  // Slots a first reading of the header reported, checked against the transcription.
  assert.equal(slotOf("IUIAutomation", "GetRootElement"), 5);
  assert.equal(slotOf("IUIAutomation", "ElementFromHandle"), 6);
  assert.equal(slotOf("IUIAutomationElement", "FindAll"), 6);
  assert.equal(slotOf("IUIAutomationElement", "get_CurrentName"), 23);
  assert.equal(slotOf("IUIAutomationElement", "get_CurrentBoundingRectangle"), 43);
  assert.equal(slotOf("IUIAutomationElementArray", "get_Length"), 3);
  assert.equal(slotOf("IUIAutomationElementArray", "GetElement"), 4);
  const tables: Array<[InterfaceName, Record<string, number>]> = [
    ["IUIAutomation", AutomationSlot],
    ["IUIAutomationElement", ElementSlot],
    ["IUIAutomationElementArray", ElementArraySlot],
    ["IUIAutomationCacheRequest", CacheRequestSlot],
  ];
  const patternInterfaces: Record<PatternKey, InterfaceName> = {
    invoke: "IUIAutomationInvokePattern",
    value: "IUIAutomationValuePattern",
    rangeValue: "IUIAutomationRangeValuePattern",
    expandCollapse: "IUIAutomationExpandCollapsePattern",
    selectionItem: "IUIAutomationSelectionItemPattern",
    toggle: "IUIAutomationTogglePattern",
    scrollItem: "IUIAutomationScrollItemPattern",
  };
  for (
    const [key, kind] of Object.entries(patternInterfaces) as Array<[PatternKey, InterfaceName]>
  ) {
    tables.push([kind, Patterns[key].slots]);
    assert.equal(guidText(Patterns[key].iid), INTERFACES[kind].iid, `${kind} IID`);
  }
  for (const [kind, slots] of tables) {
    for (const [method, slot] of Object.entries(slots)) {
      assert.equal(slot, slotOf(kind, method), `${kind}.${method}`);
    }
  }
  assert.equal(guidText(IID_IUIAutomation), INTERFACES.IUIAutomation.iid);
});

Deno.test("UIA capture through the cache: the expected trees, one FindAllBuildCache per node", () => {
  withSource((source, fake) => {
    const startCalls = fake.totalCalls();
    const notepad = source.capture(NOTEPAD_HWND, "notepad", ALL);
    const options = source.capture(OPTIONS_HWND, "options", ALL);
    assert.deepEqual(withoutStates(notepad.root), EXPECTED_NOTEPAD);
    assert.deepEqual(withoutStates(options.root), EXPECTED_OPTIONS);
    assert.equal(notepad.nodeCount, 8);
    assert.equal(options.nodeCount, 14);
    assert.equal(notepad.cutShort, null);
    assert.equal(options.cutShort, null);
    assertClean(fake);

    const nodes = notepad.nodeCount + options.nodeCount;
    assert.equal(fake.callCount("ElementFromHandleBuildCache"), 2);
    assert.equal(fake.callCount("FindAllBuildCache"), nodes, "one per node walked (its children)");
    assert.equal(fake.callCount("FindAll"), 0);
    assert.equal(fake.callCount("GetCurrentPropertyValue"), 0, "no live reads on the cached path");
    assert.equal(fake.callCount("GetCurrentPatternAs"), 0);
    console.log(
      `FIGURE cached capture: ${
        ((fake.totalCalls() - startCalls) / nodes).toFixed(1)
      } calls a node` +
        ` (${
          (fake.callCount("GetCachedPropertyValue") / nodes).toFixed(1)
        } cached property reads),` +
        ` ${(fake.roundTrips() / nodes).toFixed(2)} round trips a node`,
    );

    const states = (name: string) => byName(options.root, name).states!;
    assert.deepEqual(states("Word wrap"), {
      enabled: true,
      sensitive: true,
      showing: true,
      visible: true,
      focusable: true,
      focused: false,
      editable: false,
      checkable: true,
      checked: true,
      expandable: false,
      expanded: false,
      selectable: false,
      selected: false,
      multi_line: false,
      modal: false,
      active: false,
    });
    assert.equal(states("Options").modal, true);
    assert.equal(states("Green").selectable, true);
    assert.equal(states("Green").selected, true);
    assert.equal(states("Size").expandable, true);
    assert.equal(states("Size").read_only, true);
    assert.equal(states("Size").editable, false);
    assert.equal(states("Restart needed").showing, false);
    assert.equal(states("Restart needed").offscreen, true);
    assert.equal(states("Restart needed").enabled, false);
    const editor = byName(notepad.root, "Text Editor").states!;
    assert.equal(editor.editable, true);
    assert.equal(editor.focused, true);
    assertReferencesBack(fake, "after the captures");
  });
});

Deno.test("UIA capture reads live, level by level, when FindAllBuildCache fails", () => {
  withSource((source, fake) => {
    fake.failFindAllBuildCache = true;
    const options = source.capture(OPTIONS_HWND, "options", ALL);
    assert.deepEqual(withoutStates(options.root), EXPECTED_OPTIONS);
    assert.equal(options.cutShort, null);
    const nodes = options.nodeCount;
    assert.equal(fake.callCount("FindAll"), nodes);
    // The root came cached with ElementFromHandleBuildCache; every other node is read live.
    assert.equal(fake.liveReadsOf.has("Options"), false);
    assert.equal(fake.liveReadsOf.size, nodes - 1);
    console.log(
      `FIGURE live capture: ${(fake.totalCalls() / nodes).toFixed(1)} calls a node,` +
        ` ${(fake.roundTrips() / nodes).toFixed(2)} round trips a node` +
        ` (${
          (fake.callCount("GetCurrentPropertyValue") / (nodes - 1)).toFixed(1)
        } live reads a node)`,
    );
  });
});

Deno.test("UIA capture reads one node live when its cached reads fail", () => {
  withSource((source, fake) => {
    fake.failCachedReadsOf.add("Word wrap");
    const options = source.capture(OPTIONS_HWND, "options", ALL);
    assert.deepEqual(withoutStates(options.root), EXPECTED_OPTIONS);
    assert.deepEqual([...fake.liveReadsOf.keys()], ["Word wrap"]);
    assert.equal(fake.callCount("FindAll"), 0);
  });
});

Deno.test("UIA capture limits: depth, nodes, time, an application that does not answer", () => {
  withSource((source, fake) => {
    const depth = source.capture(OPTIONS_HWND, "options", { ...ALL, maxDepth: 1 });
    assert.equal(depth.cutShort, "depth");
    assert.equal(depth.nodeCount, 7);
    const colours = byName(depth.root, "Colours");
    assert.deepEqual([colours.truncated, colours.child_count, colours.children], [true, 3, []]);
    assert.equal(byName(depth.root, "Size").child_count, 1);
    assert.equal(byName(depth.root, "OK").truncated, undefined);

    const nodes = source.capture(OPTIONS_HWND, "options", { ...ALL, maxNodes: 5 });
    assert.equal(nodes.cutShort, "nodes");
    assert.equal(nodes.nodeCount, 5);
    assert.deepEqual(
      [...collectNames(nodes.root)],
      ["Options", "OK", "Word wrap", "Colours", "Red"],
    );

    // Each FindAll takes 50 ms: the first answers well inside 120 ms even on a loaded wine
    // (5 of 12 ms once left no room for the overhead: F16 saw only the root), the whole walk not.
    fake.findAllDelayMs = 50;
    const time = source.capture(OPTIONS_HWND, "options", { ...ALL, timeoutMs: 120 });
    fake.findAllDelayMs = 0;
    assert.equal(time.cutShort, "time");
    assert.ok(time.nodeCount > 1 && time.nodeCount < 14, `${time.nodeCount} nodes`);

    fake.unresponsive.add("Colours");
    const silent = source.capture(OPTIONS_HWND, "options", ALL);
    fake.unresponsive.clear();
    assert.equal(silent.cutShort, "unresponsive");
    const unanswered = byName(silent.root, "Colours");
    assert.deepEqual([unanswered.truncated, unanswered.child_count], [true, undefined]);
    assert.equal(silent.nodeCount, 4, "nothing more is asked of the application");

    assert.throws(() => source.capture(GONE_HWND, "gone", ALL), WindowGoneError);
    assertReferencesBack(fake, "after the limited captures");
  });
});

function collectNames(root: Element): string[] {
  const names: string[] = [];
  walk(root, (n) => names.push(n.name));
  return names;
}

Deno.test("UIA operations call the right patterns; missing ones are unsupported", () => {
  withSource((source, fake) => {
    const on = (hwnd: bigint, id: string, op: Parameters<TreeSource["operate"]>[3]) => {
      fake.actions.length = 0;
      const outcome = source.operate(hwnd, "window", id, op);
      return { outcome, actions: [...fake.actions] };
    };
    const action = { kind: "default_action" } as const;

    assert.deepEqual(on(OPTIONS_HWND, "root.0", action), {
      outcome: { ok: true, note: "UIA Invoke pattern" },
      actions: ["Invoke 'OK'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.1", action), {
      outcome: { ok: true, note: "UIA Toggle pattern" },
      actions: ["Toggle 'Word wrap'"],
    });
    const toggled = source.capture(OPTIONS_HWND, "options", ALL);
    assert.equal(byName(toggled.root, "Word wrap").selected, false);
    assert.deepEqual(on(OPTIONS_HWND, "root.3", action), {
      outcome: { ok: true, note: "UIA ExpandCollapse pattern: Expand" },
      actions: ["Expand 'Size'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.3", action).actions, ["Collapse 'Size'"]);
    assert.deepEqual(on(OPTIONS_HWND, "root.2.0", action), {
      outcome: { ok: true, note: "UIA SelectionItem pattern: Select" },
      actions: ["Select 'Red'"],
    });
    assert.equal(fake.elementNamed("Green").selected, false);
    assert.deepEqual(on(OPTIONS_HWND, "root.5", action), {
      outcome: {
        ok: false,
        unsupported: true,
        error: "the element has no UIA Invoke, Toggle, ExpandCollapse or SelectionItem pattern",
      },
      actions: [],
    });

    const text = "é ✓ 𝄞";
    assert.deepEqual(on(NOTEPAD_HWND, "root.1", { kind: "set_value", value: text }), {
      outcome: { ok: true, note: "UIA Value pattern" },
      actions: [`SetValue ${JSON.stringify(text)} 'Text Editor'`],
    });
    assert.equal(fake.elementNamed("Text Editor").value, text);
    assert.deepEqual(on(OPTIONS_HWND, "root.4", { kind: "set_value", value: "55" }), {
      outcome: { ok: true, note: "UIA RangeValue pattern" },
      actions: ["SetValue 55 'Volume'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.4", { kind: "set_value", value: "loud" }).outcome, {
      ok: false,
      error: "'loud' is not a number for this range control",
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.0", { kind: "set_value", value: "x" }).outcome, {
      ok: false,
      unsupported: true,
      error: "the element has no UIA Value or RangeValue pattern",
    });

    assert.deepEqual(on(OPTIONS_HWND, "root.2", { kind: "select", optionName: "Blue" }), {
      outcome: { ok: true, note: "UIA SelectionItem pattern: 'Blue'" },
      actions: ["Select 'Blue'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.3", { kind: "select", optionIndex: 2 }), {
      outcome: { ok: true, note: "UIA SelectionItem pattern: 'Large'" },
      actions: ["Expand 'Size'", "Select 'Large'", "Collapse 'Size'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.2", { kind: "select", optionName: "Purple" }).outcome, {
      ok: false,
      code: "ElementNotFound",
      error: `no option 'Purple' among ["Red","Green","Blue"]`,
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.0", { kind: "select", optionIndex: 0 }).outcome, {
      ok: false,
      unsupported: true,
      error: "the element has no UIA Selection pattern",
    });

    assert.deepEqual(on(OPTIONS_HWND, "root.2.1", { kind: "scroll_into_view" }), {
      outcome: { ok: true, note: "UIA ScrollItem pattern" },
      actions: ["ScrollIntoView 'Green'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.0", { kind: "scroll_into_view" }).outcome, {
      ok: false,
      unsupported: true,
      error: "the element has no UIA ScrollItem pattern",
    });

    assert.deepEqual(on(NOTEPAD_HWND, "root.1", { kind: "focus" }), {
      outcome: { ok: true, note: "UIA SetFocus" },
      actions: ["SetFocus 'Text Editor'"],
    });
    assert.deepEqual(on(OPTIONS_HWND, "root.5", { kind: "focus" }).outcome, {
      ok: false,
      unsupported: true,
      error: "the element cannot take the keyboard focus",
    });

    for (const id of ["root.9", "root.2.7", "root.x", "bogus"]) {
      assert.deepEqual(on(OPTIONS_HWND, id, action).outcome, {
        ok: false,
        code: "ElementNotFound",
        error: `element ${id} no longer exists`,
      });
    }
    assert.throws(() => source.operate(GONE_HWND, "gone", "root.0", action), WindowGoneError);
    assertReferencesBack(fake, "after the operations");
  });
});

Deno.test("openUiaSource under wine says why UI Automation is unavailable", () => {
  assert.throws(() => openUiaSource(), {
    message: "CoCreateInstance(CUIAutomation) failed: REGDB_E_CLASSNOTREG (0x80040154)",
  });
});

Deno.test("the fake notices a vtable whose methods are swapped", () => {
  // Cached and live reads swapped: the tree still comes out, but through the wrong slots.
  const swappedReads = fakeUia({ swap: { kind: "IUIAutomationElement", slots: [10, 12] } });
  try {
    const source = uiaSourceFrom(swappedReads.automation.pointer);
    source.capture(OPTIONS_HWND, "options", ALL);
    source.close();
    assert.ok(
      swappedReads.mismatches.includes(
        "IUIAutomationElement.GetCurrentPropertyValue (slot 10) reached through slot 12",
      ),
      swappedReads.mismatches.slice(0, 3).join("\n"),
    );
    assert.throws(() => assertClean(swappedReads), /wrong slots or arguments/);
  } finally {
    swappedReads.dispose();
  }

  // CreateCacheRequest and CreateTrueCondition swapped: the condition gets AddProperty.
  const swappedFactories = fakeUia({ swap: { kind: "IUIAutomation", slots: [20, 21] } });
  try {
    assert.throws(
      () => uiaSourceFrom(swappedFactories.automation.pointer),
      /AddProperty\(30001\) failed: E_NOTIMPL/,
    );
    assert.deepEqual(swappedFactories.traps, [
      "slot 3 (past the end) of IUIAutomationCondition called",
    ]);
    assert.ok(
      swappedFactories.mismatches.includes(
        "IUIAutomation.CreateCacheRequest (slot 20) reached through slot 21",
      ),
    );
    assertReferencesBack(swappedFactories, "after the failed open", []);
  } finally {
    swappedFactories.dispose();
  }
});

Deno.test("1,000 captures through the fake: references balanced, memory flat", () => {
  withSource((source, fake) => {
    const captures = 1_000;
    for (let i = 0; i < 50; i++) source.capture(OPTIONS_HWND, "options", ALL);
    const rssBefore = Deno.memoryUsage().rss;
    let nodes = 0;
    const started = performance.now();
    for (let i = 0; i < captures; i++) {
      nodes += source.capture(OPTIONS_HWND, "options", ALL).nodeCount;
    }
    const elapsed = performance.now() - started;
    const rssAfter = Deno.memoryUsage().rss;
    assertReferencesBack(fake, "after 1,000 captures");
    const growthMb = (rssAfter - rssBefore) / 2 ** 20;
    console.log(
      `FIGURE ${captures} cached captures: ${nodes} nodes, ` +
        `${(elapsed * 1000 / nodes).toFixed(1)} µs a node, rss ${
          (rssBefore / 2 ** 20).toFixed(1)
        } → ` +
        `${(rssAfter / 2 ** 20).toFixed(1)} MB (${growthMb >= 0 ? "+" : ""}${
          growthMb.toFixed(1)
        } MB)`,
    );
    fake.failFindAllBuildCache = true;
    const liveStarted = performance.now();
    let liveNodes = 0;
    for (let i = 0; i < 200; i++) {
      liveNodes += source.capture(OPTIONS_HWND, "options", ALL).nodeCount;
    }
    console.log(
      `FIGURE 200 live captures: ${
        ((performance.now() - liveStarted) * 1000 / liveNodes).toFixed(1)
      }` +
        " µs a node",
    );
    assert.ok(growthMb < 24, `rss grew ${growthMb.toFixed(1)} MB over ${captures} captures`);
  });
});
