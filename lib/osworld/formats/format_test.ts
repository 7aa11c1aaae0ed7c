// OSWorld's formats rendered from Element trees: the Linux accessibility XML
// (tags, attributes, text, escaping, limits) and the linearized table
// (filter, cells, token cut). Every XML output goes through a strict,
// namespace-aware parser, and the table is checked against OSWorld's own
// algorithm run on that parsed XML.

import { strict as assert } from "node:assert";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k_base from "js-tiktoken/ranks/cl100k_base";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";
import { type Element, element } from "../../model/tree.ts";
import { MAX_CHILDREN, MAX_DEPTH, tagOf, trueStates } from "./node.ts";
import { linearizedTable } from "./table.ts";
import { accessibilityXml, pythonFloat } from "./xml.ts";
import { osworldTable, parseXml, preorder, type XNode } from "../../../tests/helpers/xml.ts";
import { CUT_MARKER } from "../../formats/tokens/cut_table.ts";

const EMPTY = [0, 0, 0, 0];

/** A desktop root holding one application with `children`. */
function desktop(...children: Element[]): Element {
  const app = element("Application", "app", EMPTY, {
    platform_role: "application",
    states: {},
    attributes: { toolkit: "GTK" },
  }, children);
  return element("Desktop", "main", EMPTY, { platform_role: "desktop frame" }, [app]);
}

/** The XML node of the (only) control under desktop(...). */
function renderOne(el: Element): XNode {
  const root = parseXml(accessibilityXml(desktop(el)));
  return root.children[0].children[0];
}

// ---------------------------------------------------------------------------
// XML

Deno.test("the root declares OSWorld's namespaces and has no attributes; applications below it", () => {
  const xml = accessibilityXml(desktop());
  const base = "https://accessibility.ubuntu.example.org/ns";
  const declared = [
    ["st", "state"],
    ["attr", "attributes"],
    ["cp", "component"],
    ["doc", "document"],
    ["docattr", "document/attributes"],
    ["txt", "text"],
    ["val", "value"],
    ["act", "action"],
  ].map(([prefix, path]) => ` xmlns:${prefix}="${base}/${path}"`).join("");
  assert.ok(xml.startsWith(`<desktop-frame${declared}>`), xml);
  const root = parseXml(xml);
  assert.equal(root.tag, "desktop-frame");
  assert.deepEqual(root.attrs, {});
  assert.deepEqual(root.children.map((c) => [c.tag, c.attrs]), [
    ["application", { name: "app", "attr:toolkit": "GTK" }],
  ]);
});

Deno.test("a root that is not a desktop is rendered under one", () => {
  const root = parseXml(accessibilityXml(element("Window", "W", [0, 0, 10, 10])));
  assert.equal(root.tag, "desktop-frame");
  assert.deepEqual(root.children.map((c) => c.tag), ["frame"]);
});

const TAGS: Array<[string, Element, string]> = [
  [
    "platform role, spaces to dashes",
    element("X", "", EMPTY, { platform_role: "push button" }),
    "push-button",
  ],
  [
    "platform role trimmed",
    element("X", "", EMPTY, { platform_role: "  menu item " }),
    "menu-item",
  ],
  ["three words", element("X", "", EMPTY, { platform_role: "page tab list" }), "page-tab-list"],
  ["empty platform role", element("Button", "", EMPTY, { platform_role: "" }), "unknown"],
  ["blank platform role", element("Button", "", EMPTY, { platform_role: "  " }), "unknown"],
  ["invalid characters", element("X", "", EMPTY, { platform_role: "a:b/c\té" }), "a_b_c__"],
  ["leading digit", element("X", "", EMPTY, { platform_role: "3d view" }), "_3d-view"],
  [
    "platform role wins over role",
    element("Button", "", EMPTY, { platform_role: "toggle button" }),
    "toggle-button",
  ],
  ["Button", element("Button", "", EMPTY), "push-button"],
  ["Edit", element("Edit", "", EMPTY), "entry"],
  ["Document with content", element("Document", "", EMPTY, { value: "x" }), "text"],
  ["Document without", element("Document", "", EMPTY), "document-frame"],
  ["Text", element("Text", "", EMPTY), "label"],
  ["MenuItem", element("MenuItem", "", EMPTY), "menu-item"],
  ["MenuBar", element("MenuBar", "", EMPTY), "menu-bar"],
  ["Window", element("Window", "", EMPTY), "frame"],
  ["CheckBox", element("CheckBox", "", EMPTY), "check-box"],
  ["Cell", element("Cell", "", EMPTY), "table-cell"],
  ["TabControl", element("TabControl", "", EMPTY), "page-tab-list"],
  ["TabItem", element("TabItem", "", EMPTY), "page-tab"],
  ["Spinner", element("Spinner", "", EMPTY), "spin-button"],
  ["Pane", element("Pane", "", EMPTY), "panel"],
  ["Group", element("Group", "", EMPTY), "grouping"],
  ["ToolTip", element("ToolTip", "", EMPTY), "tool-tip"],
  ["Desktop", element("Desktop", "", EMPTY), "desktop-frame"],
  ["Application", element("Application", "", EMPTY), "application"],
  ["unknown role, one word", element("Navigation", "", EMPTY), "navigation"],
  ["unknown role, CamelCase", element("SplitButton", "", EMPTY), "split-button"],
  ["unknown role, acronym", element("HTMLView", "", EMPTY), "html-view"],
];

for (const [label, el, tag] of TAGS) {
  Deno.test(`tag: ${label} → ${tag}`, () => {
    assert.equal(tagOf(el), tag);
    // Desktop roots are the document element itself; check the others render.
    if (tag !== "desktop-frame") assert.equal(renderOne(el).tag, tag);
  });
}

const BOX = [10, 20, 30, 40];

const STATES: Array<[string, Element, string[]]> = [
  [
    "true platform states in their order; false ones left out",
    element("X", "", BOX, {
      states: {
        enabled: true,
        sensitive: true,
        showing: false,
        focusable: true,
        multi_line: true,
        has_tooltip: false,
      },
    }),
    ["enabled", "sensitive", "focusable", "multi_line"],
  ],
  ["platform state names sanitised", element("X", "", BOX, { states: { "odd name": true } }), [
    "odd_name",
  ]],
  ["derived: enabled, on screen", element("Button", "", BOX), [
    "enabled",
    "sensitive",
    "showing",
    "visible",
  ]],
  [
    "derived: disabled, empty bounds",
    element("Button", "", [10, 20, 0, 5], { enabled: false }),
    [],
  ],
  ["derived: focused", element("Button", "", EMPTY, { enabled: false, focused: true }), [
    "focused",
  ]],
  ["derived: editable entry", element("Edit", "", EMPTY, { enabled: false }), ["editable"]],
  ["derived: selected item", element("ListItem", "", EMPTY, { enabled: false, selected: true }), [
    "selectable",
    "selected",
  ]],
  ["derived: unselected item", element("TabItem", "", EMPTY, { enabled: false, selected: false }), [
    "selectable",
  ]],
  ["derived: checked box", element("CheckBox", "", EMPTY, { enabled: false, selected: true }), [
    "checkable",
    "checked",
  ]],
  ["derived: collapsed", element("TreeItem", "", EMPTY, { enabled: false, expanded: false }), [
    "expandable",
  ]],
  ["derived: expanded", element("TreeItem", "", EMPTY, { enabled: false, expanded: true }), [
    "expandable",
    "expanded",
  ]],
];

for (const [label, el, states] of STATES) {
  Deno.test(`states: ${label}`, () => {
    assert.deepEqual(trueStates(el), states);
    const attrs = Object.entries(renderOne(el).attrs).filter(([k]) => k.startsWith("st:"));
    assert.deepEqual(attrs, states.map((s) => [`st:${s}`, "true"]));
  });
}

Deno.test("attributes come in the server's order: name, st:, attr:, cp:, image, selection, val:, act:", () => {
  const el = element("X", "n", BOX, {
    platform_role: "slider",
    states: { enabled: true, showing: true, visible: true },
    attributes: { id: "s1" },
    interfaces: ["value", "selection", "image"],
    value_now: 3,
    actions: [{ name: "click", description: "", key_binding: "" }],
  });
  assert.deepEqual(Object.keys(renderOne(el).attrs), [
    "name",
    "st:enabled",
    "st:showing",
    "st:visible",
    "attr:id",
    "cp:screencoord",
    "cp:size",
    "image",
    "selection",
    "val:value",
    "act:click_desc",
    "act:click_kb",
  ]);
});

Deno.test("object attribute names are sanitised; a clash keeps the first place and the last value", () => {
  const el = element("X", "", EMPTY, {
    attributes: {
      toolkit: "GTK",
      "placeholder-text": "Search",
      "a b": "1",
      "ns:x": "2",
      "9lives": "3",
      "": "dropped",
      "a_b": "4",
    },
  });
  assert.deepEqual(Object.entries(renderOne(el).attrs).filter(([k]) => k.startsWith("attr:")), [
    ["attr:toolkit", "GTK"],
    ["attr:placeholder-text", "Search"],
    ["attr:a_b", "4"],
    ["attr:ns_x", "2"],
    ["attr:_9lives", "3"],
  ]);
});

const PLACEMENTS: Array<[string, Element, [string, string] | null]> = [
  ["visible and showing", element("X", "", BOX, { states: { showing: true, visible: true } }), [
    "(10, 20)",
    "(30, 40)",
  ]],
  ["showing only", element("X", "", BOX, { states: { showing: true, visible: false } }), null],
  ["visible only", element("X", "", BOX, { states: { visible: true } }), null],
  ["derived from non-empty bounds", element("Button", "", [-5, 3, 7, 8]), ["(-5, 3)", "(7, 8)"]],
  ["derived: empty bounds", element("Button", "", [5, 3, 0, 8]), null],
  ["fractions rounded to ints", element("Button", "", [1.4, -0.2, 2.6, 3]), ["(1, 0)", "(3, 3)"]],
];

for (const [label, el, expected] of PLACEMENTS) {
  Deno.test(`cp: attributes: ${label}`, () => {
    const { attrs } = renderOne(el);
    const got = "cp:screencoord" in attrs ? [attrs["cp:screencoord"], attrs["cp:size"]] : null;
    assert.deepEqual(got, expected);
  });
}

Deno.test("Python's float text", () => {
  const cases: Array<[number, string]> = [
    [40, "40.0"],
    [0, "0.0"],
    [-0, "-0.0"],
    [0.5, "0.5"],
    [-2.25, "-2.25"],
    [0.0001, "0.0001"],
    [0.00001, "1e-05"],
    [1.5e-7, "1.5e-07"],
    [1e15, "1000000000000000.0"],
    [1e16, "1e+16"],
    [1.2345e100, "1.2345e+100"],
    [0.1 + 0.2, "0.30000000000000004"],
    [Infinity, "inf"],
    [-Infinity, "-inf"],
    [NaN, "nan"],
  ];
  for (const [n, text] of cases) assert.equal(pythonFloat(n), text, String(n));
});

Deno.test("val: from the value fields, image/selection from interfaces (or the role)", () => {
  const el = element("ProgressBar", "", EMPTY, {
    value_now: 40,
    value_min: 0,
    value_max: 100,
    value_step: 0.5,
  });
  const vals = Object.entries(renderOne(el).attrs).filter(([k]) => k.startsWith("val:"));
  assert.deepEqual(vals, [
    ["val:value", "40.0"],
    ["val:min", "0.0"],
    ["val:max", "100.0"],
    ["val:step", "0.5"],
  ]);
  const flags = (el: Element) => ["image", "selection"].filter((k) => k in renderOne(el).attrs);
  assert.deepEqual(flags(element("X", "", EMPTY, { interfaces: ["image", "text"] })), ["image"]);
  assert.deepEqual(flags(element("X", "", EMPTY, { interfaces: ["selection"] })), ["selection"]);
  assert.deepEqual(flags(element("Image", "", EMPTY)), ["image"]);
  assert.deepEqual(flags(element("TabControl", "", EMPTY)), ["selection"]);
  assert.deepEqual(flags(element("Image", "", EMPTY, { interfaces: [] })), []);
  assert.deepEqual(flags(element("Button", "", EMPTY)), []);
});

Deno.test("act: attributes per action, names sanitised", () => {
  const el = element("X", "", EMPTY, {
    actions: [
      { name: "click", description: "Clicks", key_binding: "<Control>s" },
      { name: "open menu", description: "", key_binding: "" },
      { name: "1st:go", description: "d", key_binding: "k" },
    ],
  });
  assert.deepEqual(Object.entries(renderOne(el).attrs).filter(([k]) => k.startsWith("act:")), [
    ["act:click_desc", "Clicks"],
    ["act:click_kb", "<Control>s"],
    ["act:open-menu_desc", ""],
    ["act:open-menu_kb", ""],
    ["act:_1st_go_desc", "d"],
    ["act:_1st_go_kb", "k"],
  ]);
});

const TEXTS: Array<[string, Element, string]> = [
  ["text interface content", element("X", "", EMPTY, { text: "hello" }), "hello"],
  ["U+FFFC and U+FFFD removed", element("X", "", EMPTY, { text: "a\uFFFCb\uFFFDc" }), "abc"],
  ["entry falls back to value", element("Edit", "", EMPTY, { value: "typed" }), "typed"],
  ["document falls back to value", element("Document", "", EMPTY, { value: "body" }), "body"],
  ["text present wins over value", element("Edit", "", EMPTY, { value: "v", text: "" }), ""],
  ["a button's value is not text", element("Button", "", EMPTY, { value: "v" }), ""],
  [
    "markup characters",
    element("X", "", EMPTY, { text: `a < b && c > "d" 'e'` }),
    `a < b && c > "d" 'e'`,
  ],
  ["tab, newlines and CR kept", element("X", "", EMPTY, { text: "a\tb\nc\r\nd" }), "a\tb\nc\r\nd"],
  [
    "forbidden characters dropped, astral kept",
    element("X", "", EMPTY, {
      text: "a\u0000\u0008\u000B\u000C\u001Fb\uD800c\uDC00\uFFFE\uFFFF😀",
    }),
    "abc😀",
  ],
];

for (const [label, el, text] of TEXTS) {
  Deno.test(`text content: ${label}`, () => assert.equal(renderOne(el).text, text));
}

Deno.test("attribute values escape markup and keep tab/newline through a parse", () => {
  const name = `say "hi" & <bye>\t'x'\na\r\u0001\uD800`;
  const el = element("X", name, EMPTY, { attributes: { note: "1 > 0 & 2 < 3" } });
  const { attrs } = renderOne(el);
  assert.equal(attrs.name, `say "hi" & <bye>\t'x'\na\r`);
  assert.equal(attrs["attr:note"], "1 > 0 & 2 < 3");
});

Deno.test("at most 1024 children per node", () => {
  const kids = Array.from({ length: MAX_CHILDREN + 76 }, (_, i) => element("Button", `b${i}`, BOX));
  const app = parseXml(accessibilityXml(desktop(...kids))).children[0];
  assert.equal(app.children.length, MAX_CHILDREN);
  assert.equal(app.children.at(-1)?.attrs.name, `b${MAX_CHILDREN - 1}`);
});

Deno.test("no children below depth 50 (the desktop is 0, applications 1)", () => {
  let chain = element("Pane", "deepest", EMPTY);
  for (let i = 58; i >= 2; i--) chain = element("Pane", `d${i}`, EMPTY, {}, [chain]);
  let xn = parseXml(accessibilityXml(desktop(chain)));
  let depth = 0;
  while (xn.children.length > 0) [xn, depth] = [xn.children[0], depth + 1];
  assert.equal(depth, MAX_DEPTH);
  assert.equal(xn.attrs.name, `d${MAX_DEPTH}`);
});

// ---------------------------------------------------------------------------
// Table

const ON = { enabled: true, showing: true, visible: true };

/** A platform node with `patch` applied to a kept push button's fields. */
function node(patch: Partial<Element> = {}, states: Record<string, boolean> = ON): Element {
  return element("Button", "OK", BOX, { platform_role: "push button", states, ...patch });
}

const FILTER: Array<[string, Element, boolean]> = [
  ["(1) ends with button", node(), true],
  ["(1) starts with document", node({ platform_role: "document web" }), true],
  ["(1) ends with item", node({ platform_role: "menu item" }), true],
  ["(1) ends with menu", node({ platform_role: "menu" }), true],
  ["(1) ends with label", node({ platform_role: "label" }), true],
  ["(1) ends with heading", node({ platform_role: "heading" }), true],
  ["(1) ends with link", node({ platform_role: "link" }), true],
  ["(1) listed: entry", node({ platform_role: "entry" }), true],
  ["(1) listed: table-cell", node({ platform_role: "table cell" }), true],
  ["(1) listed: check-box", node({ platform_role: "check box" }), true],
  ["(1) listed: static", node({ platform_role: "static" }), true],
  ["(1) panel dropped", node({ platform_role: "panel" }), false],
  ["(1) menu-bar dropped", node({ platform_role: "menu bar" }), false],
  ["(1) page-tab dropped", node({ platform_role: "page tab" }), false],
  ["(1) frame dropped", node({ platform_role: "frame" }), false],
  ["(2) not showing", node({}, { ...ON, showing: false }), false],
  ["(2) not visible", node({}, { ...ON, visible: false }), false],
  ["(3) disabled but editable", node({}, { ...ON, enabled: false, editable: true }), true],
  ["(3) disabled but expandable", node({}, { ...ON, enabled: false, expandable: true }), true],
  ["(3) disabled but checkable", node({}, { ...ON, enabled: false, checkable: true }), true],
  ["(3) sensitive is not enough", node({}, { ...ON, enabled: false, sensitive: true }), false],
  ["(4) no name, no text", node({ name: "" }), false],
  ["(4) no name, text", node({ name: "", text: "t" }), true],
  ["(4) text only U+FFFC counts as none", node({ name: "", text: "\uFFFC" }), false],
  ["(4) x < 0", node({ bounds: { x: -1, y: 20, width: 30, height: 40 } }), false],
  ["(4) y < 0", node({ bounds: { x: 10, y: -1, width: 30, height: 40 } }), false],
  ["(4) width 0", node({ bounds: { x: 10, y: 20, width: 0, height: 40 } }), false],
  ["(4) height 0", node({ bounds: { x: 10, y: 20, width: 30, height: 0 } }), false],
  ["(4) at the origin", node({ bounds: { x: 0, y: 0, width: 1, height: 1 } }), true],
  ["fallback: enabled button", element("Button", "OK", BOX), true],
  ["fallback: disabled button", element("Button", "OK", BOX, { enabled: false }), false],
  ["fallback: pane", element("Pane", "P", BOX), false],
];

for (const [label, el, kept] of FILTER) {
  Deno.test(`table filter: ${label} → ${kept ? "kept" : "dropped"}`, () => {
    const tree = desktop(el);
    const result = linearizedTable(tree, 1_000_000);
    assert.equal(result.rows, kept ? 1 : 0);
    assert.equal(result.table, osworldTable(accessibilityXml(tree)));
  });
}

Deno.test("table rows: header first, quoting, empty class and description", () => {
  const tree = desktop(
    node({ name: "Save" }),
    node({ platform_role: "entry", name: "Q", text: 'say "hi"' }),
    node({
      platform_role: "label",
      name: "L",
      text: "plain",
      bounds: { x: 1, y: 2, width: 3, height: 4 },
    }),
  );
  const result = linearizedTable(tree, 1_000_000);
  assert.deepEqual(result.table.split("\n"), [
    "tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)",
    'push-button\tSave\t""\t\t\t(10, 20)\t(30, 40)',
    'entry\tQ\t"say ""hi"""\t\t\t(10, 20)\t(30, 40)',
    "label\tL\tplain\t\t\t(1, 2)\t(3, 4)",
  ]);
  assert.deepEqual([result.rows, result.cut], [3, false]);
});

Deno.test("the table follows the XML's limits", () => {
  const kids = Array.from({ length: MAX_CHILDREN + 10 }, (_, i) => node({ name: `b${i}` }));
  assert.equal(linearizedTable(desktop(...kids), 1_000_000).rows, MAX_CHILDREN);
  const deep = (levels: number): Element => {
    let el = node({ name: "leaf" });
    for (let i = 0; i < levels; i++) el = { ...node({ name: "n" }), children: [el] };
    return el;
  };
  // Under the desktop (0) and the application (1), `levels` wrappers put the leaf at 2 + levels.
  const leafKept = (levels: number) =>
    linearizedTable(desktop(deep(levels)), 1e9).table.includes("\tleaf\t");
  assert.equal(leafKept(MAX_DEPTH - 2), true);
  assert.equal(leafKept(MAX_DEPTH - 1), false);
});

const enc = new Tiktoken(cl100k_base);

function bigTree(rows: number, name: (i: number) => string): Element {
  return desktop(...Array.from({ length: rows }, (_, i) => node({ name: name(i) })));
}

Deno.test("an uncut table's token count is js-tiktoken's", () => {
  const result = linearizedTable(bigTree(300, (i) => `ボタン😀 "${i}" é`), 1_000_000);
  assert.equal(result.cut, false);
  assert.equal(result.tokens, enc.encode(result.table).length);
  const exact = linearizedTable(bigTree(300, (i) => `ボタン😀 "${i}" é`), result.tokens);
  assert.deepEqual(exact, result, "a budget of exactly the count does not cut");
});

const CUTS: Array<[string, (i: number) => string, number, number]> = [
  ["ASCII", (i) => `Button number ${i}`, 100, 100],
  ["ASCII, tiny budget", (i) => `Button ${i}`, 1, 1],
  ["nothing kept", (i) => `Button ${i}`, 0, 0],
  ["multi-byte names, cut between characters", (i) => `ボタン😀${i}é`, 52, 52],
  ["multi-byte names, cut inside one: one token back", (i) => `ボタン😀${i}é`, 51, 50],
  ["a cut far down the table", (i) => `Button ${i}`, 3000, 3000],
];

for (const [label, name, budget, kept] of CUTS) {
  Deno.test(`token cut: ${label} (budget ${budget})`, () => {
    const tree = bigTree(300, name);
    const full = linearizedTable(tree, 1e9).table;
    const result = linearizedTable(tree, budget);
    assert.deepEqual([result.cut, result.rows, result.tokens], [true, 300, kept]);
    assert.ok(result.table.endsWith(CUT_MARKER));
    const head = result.table.slice(0, -CUT_MARKER.length);
    assert.ok(full.startsWith(head), "the kept text is a prefix of the table");
    assert.ok(!head.includes("\uFFFD"), "no half character");
    assert.equal(head, enc.decode(enc.encode(full).slice(0, result.tokens)));
  });
}

Deno.test("special-token text is plain text; a bad budget is an error", () => {
  const result = linearizedTable(desktop(node({ name: "<|endoftext|>" })), 1e9);
  assert.equal(result.tokens, enc.encode(result.table, [], []).length);
  assert.throws(() => linearizedTable(desktop(), -1), RangeError);
  assert.throws(() => linearizedTable(desktop(), 1.5), RangeError);
});

// ---------------------------------------------------------------------------
// The mock desktop (no platform fields): everything derived.

function mockDesktop(): Element {
  const apps = defaultDesktop().map((w) => element("Application", w.process, EMPTY, {}, [w.tree]));
  return element("Desktop", "main", EMPTY, {}, apps);
}

Deno.test("the mock desktop renders to XML that parses, with the expected tags", () => {
  const xml = accessibilityXml(mockDesktop());
  const root = parseXml(xml);
  assert.deepEqual(root.children.map((c) => [c.tag, c.attrs.name]), [
    ["application", "notepad.exe"],
    ["application", "chrome.exe"],
    ["application", "code.exe"],
  ]);
  const tags = new Set(preorder(root).map((n) => n.tag));
  for (
    const tag of [
      "frame",
      "menu-bar",
      "menu-item",
      "text",
      "scroll-bar",
      "status-bar",
      "label",
      "progress-bar",
      "check-box",
      "page-tab-list",
      "page-tab",
      "push-button",
      "entry",
      "tool-bar",
      "document-frame",
      "link",
    ]
  ) assert.ok(tags.has(tag), `missing ${tag}`);
  const notepad = preorder(root).find((n) => n.tag === "text")!;
  assert.equal(notepad.attrs.name, "Text Editor");
  assert.match(notepad.text, /^Hello, world!\n/);
  const saving = preorder(root).find((n) => n.attrs.name === "Saving")!;
  assert.deepEqual([saving.attrs["val:value"], saving.attrs["val:max"]], ["40.0", "100.0"]);
});

Deno.test("the mock desktop's table matches OSWorld's linearization of its XML", () => {
  const tree = mockDesktop();
  const { table, rows, cut } = linearizedTable(tree, 1e9);
  assert.equal(table, osworldTable(accessibilityXml(tree)));
  assert.equal(cut, false);
  assert.ok(rows > 20, `${rows} rows`);
  const lines = table.split("\n");
  assert.ok(lines.includes('push-button\tBack\t""\t\t\t(8, 46)\t(32, 32)'));
  assert.ok(lines.some((l) => l.startsWith("check-box\tWord Wrap\t")));
  assert.ok(
    lines.some((l) => l.startsWith("entry\tAddress and search bar\thttps://github.com/\t")),
  );
  assert.ok(!lines.some((l) => l.includes("\tForward\t")), "a disabled button is dropped");
});
