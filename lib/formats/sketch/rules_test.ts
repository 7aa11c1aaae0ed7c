// Table-driven tests of the sketch's parts and of its rules: labels are never
// overwritten, sibling boxes keep each other's labels, unnamed layout
// containers are not drawn, a key occurs once as a word inside its element,
// the focus mark does not split a label.

import assert from "node:assert/strict";
import { isOccludedBySibling } from "./annotate.ts";
import { Canvas } from "./canvas.ts";
import { type CellRect, GridGeometry, referenceRect } from "./geometry.ts";
import { chooseKeys, type KeyCell, symbolPool } from "./keys.ts";
import {
  boxTitle,
  compactLabel,
  inlineLabels,
  progressBar,
  shortened,
  sliderBar,
} from "./labels.ts";
import { matchCells } from "./matching.ts";
import { findSpot, rowsFromMiddle } from "./place.ts";
import { parseFractionText, rangeFraction, roundHalfEven } from "./range.ts";
import {
  needsOcrName,
  ocrCandidates,
  type OcrLine,
  renderSketch,
  type SketchOptions,
  type SketchResult,
} from "./render.ts";
import { isGroupingRole, landmarkLabel, normaliseRole } from "./roles.ts";
import { assignIds, type Bounds, type Element, element } from "../../model/tree.ts";
import {
  gridToScreen,
  legendPoint,
  occurrences,
  readSketch,
} from "../../../bench/measure/sketch.ts";

const node = element;

function options(gridWidth: number, gridHeight: number, overrides: Partial<SketchOptions> = {}) {
  return {
    ref: null,
    gridWidth,
    gridHeight,
    unicodeBox: true,
    roleGlyphs: true,
    occlusionPrune: true,
    tabIndexBadges: true,
    landmarkHeaders: true,
    ...overrides,
  };
}

function bounds(x: number, y: number, width: number, height: number): Bounds {
  return { x, y, width, height };
}

function rect(left: number, top: number, right: number, bottom: number): CellRect {
  return { left, top, right, bottom };
}

function gridRows(sketch: string): string[] {
  return sketch.split("\n\n  LEGEND")[0].split("\n");
}

// ─── Parts ──────────────────────────────────────────────────────────────────

Deno.test("an element's cells are those whose centre lies inside it", () => {
  // 10 columns of 10 px from x = 100; 5 rows of 20 px from y = 50.
  const geometry = new GridGeometry(bounds(100, 50, 100, 100), 10, 5);
  const cases: Array<[string, Bounds, CellRect | null]> = [
    ["the whole reference", bounds(100, 50, 100, 100), rect(0, 0, 9, 4)],
    ["one cell, centre inside", bounds(104, 59, 2, 2), rect(0, 0, 0, 0)],
    ["between two centres", bounds(106, 50, 8, 20), null],
    ["right edge excluded", bounds(100, 50, 5, 20), null],
    ["left edge included", bounds(105, 50, 1, 11), rect(0, 0, 0, 0)],
    ["partly off the window", bounds(180, 130, 100, 100), rect(8, 4, 9, 4)],
    ["off the window", bounds(300, 50, 10, 10), null],
    ["no area", bounds(100, 50, 0, 20), null],
  ];
  for (const [label, b, expected] of cases) {
    assert.deepEqual(geometry.clickCells(b), expected, label);
  }
});

Deno.test("an element too thin for a cell centre may still own a cell edge", () => {
  const geometry = new GridGeometry(bounds(0, 0, 100, 100), 10, 10);
  const cases: Array<[string, Bounds, CellRect | null]> = [
    ["a 4 px bar across the edge at x = 30", bounds(28, 0, 4, 100), rect(2, 0, 3, 9)],
    ["a 4 px bar between edges", bounds(32, 0, 4, 100), null],
    ["a bar between row centres", bounds(28, 6, 4, 8), null],
  ];
  for (const [label, b, expected] of cases) {
    assert.deepEqual(geometry.straddlingCells(b), expected, label);
  }
  assert.ok(geometry.middleInside(bounds(28, 0, 4, 100), 0, 2, 2), "two cells from column 2");
});

Deno.test("an element too short for a row centre overlaps cells all the same", () => {
  const geometry = new GridGeometry(bounds(0, 0, 100, 100), 10, 10);
  const cases: Array<[string, Bounds, CellRect | null]> = [
    ["a bar between row centres", bounds(28, 6, 40, 8), rect(2, 0, 6, 1)],
    ["inside one cell", bounds(41, 41, 3, 3), rect(4, 4, 4, 4)],
    ["partly off the grid", bounds(-20, 95, 40, 30), rect(0, 9, 1, 9)],
    ["off the grid", bounds(100, 0, 10, 10), null],
    ["no area", bounds(10, 10, 0, 5), null],
  ];
  for (const [label, b, expected] of cases) {
    assert.deepEqual(geometry.overlappedCells(b), expected, label);
  }
});

Deno.test("reference rectangle: window, else root, never empty", () => {
  const root = bounds(10, 20, 300, 200);
  const cases: Array<[Bounds | null, Bounds, Bounds]> = [
    [bounds(0, 0, 800, 600), root, bounds(0, 0, 800, 600)],
    [null, root, root],
    [bounds(5, 5, 0, 0), root, root],
    [null, bounds(10, 20, 0, 50), bounds(10, 20, 1, 50)],
  ];
  for (const [windowBounds, rootBounds, expected] of cases) {
    assert.deepEqual(referenceRect(windowBounds, rootBounds), expected);
  }
});

Deno.test("key cells: a maximum matching that never drops an earlier request", () => {
  const cases: Array<[string, number[][], Record<number, number>]> = [
    ["disjoint", [[1], [2]], { 0: 1, 1: 2 }],
    ["the second moves the first", [[1, 2], [1]], { 0: 2, 1: 1 }],
    ["too few cells: the later one goes", [[1], [1]], { 0: 1 }],
    ["preferred first", [[5, 6, 7]], { 0: 5 }],
    ["a chain of moves", [[1, 2], [2, 3], [1]], { 0: 2, 1: 3, 2: 1 }],
  ];
  for (const [label, cells, expected] of cases) {
    const got = matchCells(cells.map((c, item) => ({ item, cells: c })));
    assert.deepEqual(Object.fromEntries(got), expected, label);
  }
});

Deno.test("key characters: letters alone, symbols side by side, nothing already shown", () => {
  const cell = (row: number, column: number, width: 1 | 2 = 1): KeyCell => ({
    item: 0,
    row,
    column,
    width,
  });
  const cases: Array<[string, string[], KeyCell[], boolean, Array<string | null>]> = [
    ["lone keys take letters", [], [cell(0, 0), cell(0, 5)], true, ["A", "B"]],
    ["touching keys take symbols", [], [cell(0, 0), cell(0, 1), cell(0, 3)], true, [
      "ⓐ",
      "ⓑ",
      "A",
    ]],
    ["a letter shown alone is skipped", ["A b"], [cell(1, 0)], true, ["B"]],
    ["a letter inside a word is not", ["Apple"], [cell(1, 0)], true, ["A"]],
    ["a symbol shown anywhere is skipped", ["xⓐ"], [cell(1, 0), cell(1, 1)], true, ["ⓑ", "ⓒ"]],
    ["a thin element's key is a letter and a digit", [], [cell(0, 0, 2)], true, ["A1"]],
    ["ASCII symbols", [], [cell(0, 0), cell(0, 1)], false, ["$", "%"]],
  ];
  for (const [label, rows, cells, unicode, expected] of cases) {
    const canvas = new Canvas(8, 2);
    rows.forEach((text, r) => canvas.writeText(r, 2, Array.from(text), -1));
    for (const { row, column, width } of cells) {
      for (let c = column; c < column + width; c++) canvas.putKey(row, c, 0);
    }
    assert.deepEqual(chooseKeys(canvas, cells, symbolPool(unicode)), expected, label);
  }
});

Deno.test("key characters: symbols for a run; too few, letters and symbols alternate", () => {
  const canvas = new Canvas(10, 1);
  const run = (length: number) =>
    Array.from({ length }, (_, column): KeyCell => ({ item: column, row: 0, column, width: 1 }));
  for (let column = 0; column < 7; column++) canvas.putKey(0, column, column);
  const cases: Array<[number, string[], Array<string | null>]> = [
    [2, ["$", "%"], ["$", "%"]],
    [3, ["$", "%"], ["A", "$", "B"]],
    [7, ["$", "%"], ["A", "$", "B", "%", "C", null, "D"]],
    [3, [], ["A", null, "B"]],
  ];
  for (const [length, symbols, keys] of cases) {
    assert.deepEqual(chooseKeys(canvas, run(length), symbols), keys, `${length} cells`);
  }
});

Deno.test("inline labels, richest first", () => {
  const text = (el: Element, glyphs = true, width = 20) =>
    inlineLabels(el, glyphs, width).map((l) => l.text.join(""));
  const cases: Array<[Element, boolean, string[]]> = [
    [node("CheckBox", " Wrap ", [0, 0, 1, 1], { selected: true }), true, ["[x] Wrap", "Wrap"]],
    [node("CheckBox", "Wrap", [0, 0, 1, 1], { selected: true }), false, ["Wrap"]],
    [node("RadioButton", "Yes", [0, 0, 1, 1]), true, ["( ) Yes", "Yes"]],
    [node("Button", "OK", [0, 0, 1, 1]), true, ["[OK]", "OK"]],
    [node("Edit", "User", [0, 0, 1, 1], { value: "" }), true, ["User: ___", "User"]],
    [node("Edit", "User", [0, 0, 1, 1], { value: "bob" }), true, ["User: bob", "User"]],
    [node("ComboBox", "Size", [0, 0, 1, 1], { value: "12" }), true, ["Size: 12 ▾", "Size"]],
    [node("Text", "Zoom", [0, 0, 1, 1], { value: "100%" }), true, ["Zoom: 100%", "Zoom"]],
    [node("Edit", "", [0, 0, 1, 1], { value: "draft" }), true, ["draft"]],
    [node("Image", "", [0, 0, 1, 1]), true, []],
    [node("Slider", "", [0, 0, 30, 5], { value: "50" }), true, ["├──────●──────┤ 50%", "50"]],
    [node("Slider", "", [0, 0, 5, 30], { value: "50" }), true, ["50"]],
    [node("Edit", "Two\nlines", [0, 0, 1, 1]), false, ["Two lines"]],
  ];
  for (const [el, glyphs, expected] of cases) {
    assert.deepEqual(text(el, glyphs), expected, `${el.role} ${el.name}`);
  }
  const [decorated] = inlineLabels(node("CheckBox", "Wrap", [0, 0, 1, 1]), true, 20);
  assert.deepEqual([decorated.nameAt, decorated.nameLength], [4, 4], "where the name sits");
});

Deno.test("box titles and cuts", () => {
  const titles: Array<[Element, boolean, string | null]> = [
    [node("ToolBar", "Standard", [0, 0, 1, 1]), true, ' Toolbar "Standard" '],
    [node("ToolBar", "Standard", [0, 0, 1, 1]), false, " Standard "],
    [node("MenuBar", "", [0, 0, 1, 1]), true, " MenuBar "],
    [node("List", "", [0, 0, 1, 1]), true, null],
  ];
  for (const [el, landmarks, expected] of titles) {
    assert.equal(boxTitle(el, landmarks)?.text.join("") ?? null, expected, el.role);
  }
  const cuts: Array<[string, number, string | null]> = [
    ["Default Paragraph Style", 8, "Default…"],
    ["Default Paragraph Style", 9, "Default…"], // no blank before the ellipsis
    ["Status", 6, "Sta…"],
    ["Menu", 4, null], // three or more must go
    ["Sidebar", 4, "Sid…"],
    ["Tabs!", 3, null], // three or more must stay
    ["Properties", 7, "Proper…"],
  ];
  for (const [text, width, expected] of cuts) {
    assert.equal(
      shortened(Array.from(text), width)?.join("") ?? null,
      expected,
      `${text}/${width}`,
    );
  }
});

Deno.test("compact legend labels", () => {
  const cases: Array<[Element, number | null, string]> = [
    [node("Button", "Login", [0, 0, 1, 1]), null, 'Button "Login"'],
    [node("Button", "Login", [0, 0, 1, 1]), 3, 'Button "Login" ⇥3'],
    [
      node("Edit", "", [0, 0, 1, 1], { value: "123456789012345678901" }),
      null,
      "Edit [12345678901234567…]",
    ],
    [
      node("Window", "A window title that is too long", [0, 0, 1, 1]),
      null,
      'Window "A window title that is too …"',
    ],
    [
      node("Button", "Save", [0, 0, 1, 1], {
        focused: true,
        enabled: false,
        keyboard_shortcut: "Ctrl+S",
      }),
      null,
      'Button "Save" ● ✗ ⌨Ctrl+S',
    ],
    [node("TabItem", "One", [0, 0, 1, 1], { selected: true }), null, 'TabItem "One" selected'],
    [
      node("CheckBox", "Bold", [0, 0, 1, 1], { states: { checked: true } }),
      null,
      'CheckBox "Bold" checked',
    ],
  ];
  for (const [el, tab, label] of cases) assert.equal(compactLabel(el, tab), label);
});

Deno.test("bars round half to even", () => {
  const cases: Array<[number, number]> = [[0.5, 0], [1.5, 2], [2.5, 2], [8.6, 9], [37.5, 38]];
  for (const [x, rounded] of cases) assert.equal(roundHalfEven(x), rounded, String(x));
  const bars: Array<[string, string]> = [
    [progressBar(0.5, 10), "▓▓░░░ 50%"],
    [progressBar(0.375, 9), "▓▓░░ 38%"],
    [sliderBar(0.5, 10), "├─●─┤ 50%"],
    [sliderBar(1, 11), "├────● 100%"],
  ];
  for (const [bar, expected] of bars) assert.equal(bar, expected);
});

Deno.test("fraction of a range control", () => {
  const texts: Array<[string, number | null]> = [
    ["40%", 0.4],
    ["150%", 1],
    ["3 of 4", 0.75],
    ["3 of 0", null],
    ["0.5", 0.5],
    ["50", 0.5],
    ["101", null],
    ["abc", null],
  ];
  for (const [text, fraction] of texts) assert.equal(parseFractionText(text), fraction, text);
  const slider = (extra: Partial<Element>) => node("Slider", "", [0, 0, 1, 1], extra);
  assert.equal(rangeFraction(slider({ value_now: 3, value_min: 2, value_max: 6 })), 0.25);
  assert.equal(rangeFraction(slider({ value: null })), null);
});

Deno.test("role vocabulary", () => {
  const cases: Array<[string, string]> = [
    ["AXCheckBox", "checkbox"],
    ["check_box", "checkbox"],
    ["  Menu Item ", "menuitem"],
    ["Axis", "axis"],
    ["", ""],
  ];
  for (const [role, normalised] of cases) assert.equal(normaliseRole(role), normalised, role);
  assert.equal(landmarkLabel(normaliseRole("AlertDialog")), "Dialog");
  assert.equal(landmarkLabel(normaliseRole("Application")), null);
  assert.ok(isGroupingRole(normaliseRole("Navigation")));
  assert.ok(!isGroupingRole(normaliseRole("Pane")));
});

Deno.test("a text goes where it fits, flanked by blanks, its name's middle inside", () => {
  const geometry = new GridGeometry(bounds(0, 0, 100, 10), 10, 1);
  const label = { text: Array.from("OK"), nameAt: 0, nameLength: 2 };
  const request = (b: Bounds, r: CellRect, aim: number) => ({
    label,
    bounds: b,
    rect: r,
    rows: [0],
    aim,
    mayUse: () => true,
  });
  const canvas = new Canvas(10, 1);
  canvas.writeText(0, 0, Array.from("ab"), 1);
  const cases: Array<[string, Bounds, CellRect, number, number | null]> = [
    ["at the aim", bounds(40, 0, 30, 10), rect(4, 0, 6, 0), 4, 4],
    ["not against another text", bounds(20, 0, 30, 10), rect(2, 0, 4, 0), 2, 3],
    ["spills when the middle stays inside", bounds(85, 0, 10, 10), rect(8, 0, 8, 0), 8, 8],
    ["nowhere", bounds(0, 0, 20, 10), rect(0, 0, 1, 0), 0, null],
  ];
  for (const [what, b, r, aim, column] of cases) {
    assert.equal(findSpot(canvas, geometry, request(b, r, aim))?.column ?? null, column, what);
  }
  assert.deepEqual(rowsFromMiddle(2, 6), [4, 3, 5, 2, 6]);
});

Deno.test("frames never go over a text or a key; they may run through the blank beside a text", () => {
  const canvas = new Canvas(7, 1);
  canvas.writeText(0, 2, ["x"], 0);
  canvas.putKey(0, 5, 1);
  canvas.setKeyChar(0, 5, "K");
  for (let c = 0; c < 7; c++) canvas.putBorder(0, c, "─");
  assert.equal(canvas.toText(), "──x──K─");
  assert.ok(!canvas.fitsText(0, 3, 1), "nothing is written next to a text");
});

Deno.test("occlusion: one later sibling that is a surface must cover the whole element", () => {
  const target = bounds(10, 10, 20, 20);
  const cases: Array<[string, Bounds, Array<[string, Bounds]>, boolean]> = [
    ["a later window covers it", target, [["Window", bounds(0, 0, 100, 100)]], true],
    ["an empty unnamed pane is no surface", target, [["Pane", bounds(0, 0, 100, 100)]], false],
    ["partial overlap", target, [["Window", bounds(15, 0, 100, 100)]], false],
    [
      "a navigation bar groups, it does not cover",
      target,
      [["Navigation", bounds(0, 0, 100, 100)]],
      false,
    ],
    ["no area", bounds(10, 10, 0, 20), [["Window", bounds(0, 0, 100, 100)]], false],
  ];
  for (const [label, own, later, occluded] of cases) {
    const siblings = [["Link", own] as [string, Bounds], ...later].map(([role, b]) =>
      node(role, "", [b.x, b.y, b.width, b.height])
    );
    assert.equal(isOccludedBySibling(siblings, 0), occluded, label);
  }
  // An unnamed pane that lays other things out covers only where they are (Chromium's caption
  // buttons come before the pane holding the rest of the window, and are drawn over it).
  const held: Array<[string, Element, boolean]> = [
    ["what it holds lies elsewhere", node("ToolBar", "", [0, 50, 100, 40]), false],
    ["what it holds covers the element", node("Document", "Page", [0, 0, 100, 100]), true],
    [
      "a pane inside holds what covers it",
      node("Pane", "", [0, 0, 100, 100], {}, [node("Image", "Photo", [5, 5, 50, 50])]),
      true,
    ],
  ];
  for (const [label, child, occluded] of held) {
    const siblings = [
      node("Button", "Minimize", [10, 10, 20, 20]),
      node("Pane", "", [0, 0, 100, 100], {}, [child]),
    ];
    assert.equal(isOccludedBySibling(siblings, 0), occluded, label);
  }
  const named = [
    node("Button", "Minimize", [10, 10, 20, 20]),
    node("Pane", "Dialog", [0, 0, 100, 100], {}, [node("ToolBar", "", [0, 50, 100, 40])]),
  ];
  assert.equal(isOccludedBySibling(named, 0), true, "a named pane is a surface of its own");
});

// ─── Rules, on rendered sketches ────────────────────────────────────────────

/** Each legend key: once on the grid as a word, its middle inside the element it stands for. */
function assertKeysClickable(result: SketchResult, root: Element, geometry: GridGeometrySpec) {
  const { rows, legend } = readSketch(result.sketch);
  const byId = new Map<string, Element>();
  const walk = (el: Element) => {
    byId.set(el.id, el);
    el.children.forEach(walk);
  };
  walk(root);
  for (const record of result.elements) {
    if (record.legend_key === "") continue;
    assert.ok(legend.has(record.legend_key), `${record.legend_key} in the legend`);
    const found = occurrences(rows, record.legend_key, true);
    assert.equal(found.length, 1, `${record.legend_key} once on the grid`);
    const [r, c] = found[0];
    const { x, y } = legendPoint(legend.get(record.legend_key)!) ??
      gridToScreen(r + 0.5, c + Array.from(record.legend_key).length / 2, geometry);
    const b = byId.get(record.id)!.bounds;
    assert.ok(x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height, record.id);
  }
}

interface GridGeometrySpec {
  ref: Bounds;
  gridWidth: number;
  gridHeight: number;
}

Deno.test("rule 1: a label is whole on the grid or not there; keys and badges go beside it", () => {
  // Buttons whose names repeat the window's: each gets a key beside its label.
  const root = assignIds(node("Window", "Save Open", [0, 0, 300, 60], {}, [
    node("Button", "Save", [0, 20, 100, 20]),
    node("Button", "Open", [100, 20, 100, 20], { focused: true }),
    node("Button", "Close", [200, 20, 40, 20]),
  ]));
  const result = renderSketch(root, options(30, 6));
  const grid = gridRows(result.sketch).join("\n");
  for (const name of ["Save", "Open"]) {
    assert.ok(grid.includes(`[${name}]`) || grid.includes(` ${name}`), `${name} whole:\n${grid}`);
  }
  assert.ok(grid.includes("●[Open]"), "the focus mark before the label, not on it");
  assert.ok(!/\[\w*[^\w\]\s]\w*\]/u.test(grid), `no glyph inside a label:\n${grid}`);
  assertKeysClickable(result, root, { ref: root.bounds, gridWidth: 30, gridHeight: 6 });
});

Deno.test("rule 2: sibling boxes keep each other's titles", () => {
  const root = assignIds(node("Window", "W", [0, 0, 400, 200], {}, [
    node("Group", "Left group", [0, 20, 210, 160], {}, [node("Button", "One", [20, 60, 80, 20])]),
    node("Group", "Right group", [200, 20, 200, 160], {}, [
      node("Button", "Two", [220, 60, 80, 20]),
    ]),
  ]));
  const grid = gridRows(renderSketch(root, options(40, 10)).sketch).join("\n");
  for (const text of ["Left group", "Right group", "[One]", "[Two]"]) {
    assert.ok(grid.includes(text), `${text}:\n${grid}`);
  }
});

Deno.test("rule 3: unnamed layout containers, empty and off-window elements are not drawn", () => {
  const root = assignIds(node("Window", "W", [0, 0, 200, 100], {}, [
    node("Pane", "", [0, 0, 200, 100], {}, [
      node("Group", "", [10, 10, 180, 80], {}, [node("Button", "Go", [20, 20, 60, 20])]),
      node("Button", "Hidden", [0, 0, 0, 0]),
      node("Button", "Away", [500, 500, 40, 20]),
    ]),
  ]));
  const { sketch, elements } = renderSketch(root, options(20, 10));
  const drawn = elements.filter((e) => e.bounds_grid !== undefined).map((e) => e.id);
  assert.deepEqual(drawn, ["root", "root.0.0.0"]);
  assert.equal(gridRows(sketch).filter((row) => row.includes("┌")).length, 1, sketch);
});

Deno.test("rule 4: keys occur once, as words, on a cell of their element", () => {
  const letters = ["A", "B", "C", "D", "E", "F", "G", "H"];
  const root = assignIds(node("Window", "A B C", [0, 0, 160, 40], {}, [
    node(
      "ToolBar",
      "",
      [0, 20, 160, 20],
      {},
      letters.map((name, i) => node("Button", `Tool ${name}`, [i * 20, 20, 20, 20])),
    ),
    node("ScrollBar", "", [149, 0, 2, 20]),
  ]));
  const result = renderSketch(root, options(16, 4));
  const keys = result.elements.filter((e) => e.legend_key !== "").map((e) => e.legend_key);
  assert.equal(keys.length, 9, result.sketch);
  assert.ok(!keys.includes("A") && !keys.includes("B"), "letters shown as words are skipped");
  assert.match(result.elements.at(-1)!.legend_key, /^[A-Z][1-9]$/, "the thin bar's key is two");
  assertKeysClickable(result, root, { ref: root.bounds, gridWidth: 16, gridHeight: 4 });
  const legend = result.legend.find(([key]) => key === result.elements[2].legend_key)![1];
  assert.equal(legend, 'Button "Tool A" ⇥1');
});

Deno.test("a control too short for any row gets a key and the point to click in the legend", () => {
  // Rows of 20 px with centres at 10, 30, 50…: a 12-pixel button from y = 12 holds none.
  const root = assignIds(node("Window", "Short", [0, 0, 200, 100], {}, [
    node("Button", "Send", [40, 12, 60, 12]),
    node("Button", "Tall", [40, 40, 60, 40]),
  ]));
  const geometry = { ref: root.bounds, gridWidth: 20, gridHeight: 5 };
  const result = renderSketch(root, options(20, 5));
  const send = result.elements.find((e) => e.name === "Send")!;
  assert.notEqual(send.legend_key, "", result.sketch);
  const line = result.legend.find(([key]) => key === send.legend_key)![1];
  assert.equal(line, 'Button "Send" ⇥1 @70,18', "the button's centre, after its badges");
  const tall = result.elements.find((e) => e.name === "Tall")!;
  const tallLine = result.legend.find(([key]) => key === tall.legend_key)?.[1] ?? "";
  assert.ok(!tallLine.includes("@"), "a control a row crosses is clicked from the grid");
  assertKeysClickable(result, root, geometry);
});

Deno.test("a control reported twice at one place gets one key for both", () => {
  const menu = (y: number, height: number) =>
    node("MenuBar", "", [0, y, 200, height], {}, [node("Menu", "File", [0, y, 20, height])]);
  const root = assignIds(node("Window", "W", [0, 0, 200, 40], {}, [menu(0, 20), menu(0, 15)]));
  const { elements, legend } = renderSketch(root, options(20, 4));
  const keys = elements.filter((e) => e.role === "Menu").map((e) => e.legend_key);
  assert.equal(keys[0], keys[1]);
  assert.equal(legend.filter(([key]) => key === keys[0]).length, 1);
});

Deno.test("rule 5 and the options: focus mark, role glyphs, tab positions, landmark titles", () => {
  const root = assignIds(node("Window", "W", [0, 0, 300, 100], {}, [
    node("ToolBar", "Main", [0, 0, 300, 100], {}, [
      node("CheckBox", "Wrap", [20, 40, 100, 20], { selected: true, focused: true }),
      node("Button", "x", [200, 40, 10, 20]),
    ]),
  ]));
  const cases: Array<[string, Partial<SketchOptions>, string[], string[]]> = [
    ["everything on", {}, ['Toolbar "Main"', "●[x] Wrap", "⇥2"], []],
    ["no role glyphs", { roleGlyphs: false }, ["●Wrap"], ["[x]"]],
    ["no tab positions", { tabIndexBadges: false }, ['Button "x"'], ["⇥"]],
    ["no landmark headers", { landmarkHeaders: false }, ["─ Main ─"], ["Toolbar"]],
  ];
  for (const [label, overrides, present, absent] of cases) {
    const { sketch } = renderSketch(root, options(30, 10, overrides));
    for (const text of present) assert.ok(sketch.includes(text), `${label}: ${text}\n${sketch}`);
    for (const text of absent) assert.ok(!sketch.includes(text), `${label}: no ${text}\n${sketch}`);
  }
});

Deno.test("occlusion pruning: what a later pane covers is not drawn", () => {
  const root = assignIds(node("Window", "W", [0, 0, 200, 100], {}, [
    node("Button", "Under", [10, 10, 80, 20]),
    node("Pane", "Sheet", [0, 0, 200, 100]),
  ]));
  for (const [prune, shown] of [[true, false], [false, true]] as const) {
    const { sketch, elements } = renderSketch(root, options(20, 10, { occlusionPrune: prune }));
    assert.equal(sketch.includes("Under"), shown, sketch);
    assert.equal(elements[1].occluded, prune);
  }
});

Deno.test("legend lines never break or carry control characters", () => {
  const root = assignIds(node("Pane", "", [0, 0, 40, 10], {}, [
    node("Edit", "", [1, 1, 3, 1], { value: "a\r\nb\tc\x07d" }),
  ]));
  const cases: Array<[boolean, string]> = [[true, "Edit [a⏎b cd] ⇥1"], [
    false,
    "Edit [a\\nb cd] #1",
  ]];
  for (const [unicodeBox, label] of cases) {
    const { sketch, legend } = renderSketch(root, options(40, 10, { unicodeBox }));
    assert.deepEqual(legend[0][1], label);
    const controls = Array.from(sketch).filter((ch) => ch !== "\n" && /\p{Cc}/u.test(ch));
    assert.deepEqual(controls, [], "no control characters");
  }
});

Deno.test("ASCII mode transliterates content one code point to one", () => {
  const root = assignIds(node("Window", "Café — “Menü” × ½", [0, 0, 40, 6]));
  const { sketch } = renderSketch(root, options(40, 6, { unicodeBox: false }));
  assert.ok(sketch.includes('Cafe - "Menu" x ?'), sketch);
});

Deno.test("OCR: names for unnamed graphics, lines only where the grid is blank", () => {
  const root = assignIds(node("Window", "W", [0, 0, 100, 50], {}, [
    node("Image", "", [10, 10, 40, 10]),
    node("Button", "", [60, 10, 30, 10]),
  ]));
  const names = new Map([["root.0", "Logo"], ["root.1", "ignored"]]);
  const lines: OcrLine[] = [
    { text: "Hello there", confidence: 90, left: 10, top: 30, width: 60, height: 10 },
    { text: "W", confidence: 99, left: 0, top: 0, width: 10, height: 10 },
  ];
  const { sketch, elements } = renderSketch(root, options(20, 10, { ocr: { names, lines } }));
  assert.deepEqual(elements.map((e) => e.ocr_text), [undefined, "Logo", undefined]);
  assert.ok(sketch.includes("Logo"), sketch);
  assert.ok(sketch.includes("Hello there"), sketch);
  assert.ok(gridRows(sketch)[0].startsWith("┌─ W ─"), "the title keeps its cells");
  assert.deepEqual(ocrCandidates(root, true).map((e) => e.id), ["root.0"]);
  const candidates: Array<[Element, boolean]> = [
    [node("Image", "", [0, 0, 1, 1]), true],
    [node("Image", "", [0, 0, 1, 1], { value: "x" }), false],
    [node("Button", "", [0, 0, 1, 1]), false],
  ];
  for (const [el, needed] of candidates) assert.equal(needsOcrName(el), needed, el.role);
});

Deno.test("structured records: one per element, the key and the cells of what is drawn", () => {
  const root = assignIds(node("Window", "Acme Login", [100, 100, 800, 600], {}, [
    node("Edit", "Username", [200, 200, 240, 24], { value: "", identifier: "user" }),
    node("Slider", "Volume", [200, 300, 40, 24], {
      value_now: 3,
      value_min: 0,
      value_max: 10,
      keyboard_shortcut: "Alt+V",
      selected: true,
    }),
  ]));
  const { elements } = renderSketch(root, options(110, 38, { ref: bounds(100, 100, 800, 600) }));
  assert.deepEqual(elements, [
    {
      id: "root",
      role: "Window",
      name: "Acme Login",
      value: null,
      bounds_screen: bounds(100, 100, 800, 600),
      state: { focused: false, enabled: true, selected: false, expanded: false },
      legend_key: "",
      tab_index: null,
      occluded: false,
      bounds_grid: [0, 0, 109, 37],
    },
    {
      id: "root.0",
      role: "Edit",
      name: "Username",
      value: "",
      bounds_screen: bounds(200, 200, 240, 24),
      state: { focused: false, enabled: true, selected: false, expanded: false },
      legend_key: "",
      tab_index: 1,
      occluded: false,
      bounds_grid: [14, 6, 46, 7],
      identifier: "user",
    },
    {
      id: "root.1",
      role: "Slider",
      name: "Volume",
      value: null,
      bounds_screen: bounds(200, 300, 40, 24),
      state: { focused: false, enabled: true, selected: true, expanded: false },
      legend_key: "A",
      tab_index: 2,
      occluded: false,
      bounds_grid: [14, 13, 18, 13],
      value_now: 3,
      value_min: 0,
      value_max: 10,
      keyboard_shortcut: "Alt+V",
    },
  ]);
});

Deno.test("rendering errors become a bracketed message", () => {
  const root = assignIds(node("Window", "W", [0, 0, 10, 10]));
  for (const [gridWidth, gridHeight] of [[0, 10], [10, -1], [2.5, 10]]) {
    const result = renderSketch(root, options(gridWidth, gridHeight));
    assert.match(result.sketch, /^\[ASCII render error: grid size must be positive integers/);
    assert.deepEqual([result.legend, result.elements], [[], []]);
  }
});

Deno.test("a control holding only a control of its role is one item: the inner's name, one key", () => {
  // GTK 4's menu button: an outer button named after its class around a
  // toggle button named by its label, on cells too narrow for either label.
  const menuButton = (x: number) =>
    node("Button", "GtkMenuButton", [x, 8, 42, 20], {}, [
      node("Button", "Basic", [x + 4, 10, 34, 16], {}, [
        node("Label", "Basic", [x + 4, 10, 24, 16]),
      ]),
    ]);
  const root = assignIds(node("Window", "Wide", [0, 0, 400, 40], {}, [menuButton(180)]));
  const geometry = { ref: root.bounds, gridWidth: 20, gridHeight: 2 };
  const result = renderSketch(root, options(20, 2));
  const buttons = result.elements.filter((e) => e.role === "Button");
  assert.equal(buttons.length, 2);
  assert.notEqual(buttons[0].legend_key, "", result.sketch);
  assert.equal(buttons[0].legend_key, buttons[1].legend_key, "one key for both");
  const line = result.legend.find(([key]) => key === buttons[0].legend_key)![1];
  assert.match(line, /^Button "Basic"/);
  assertKeysClickable(result, root, geometry);
});
