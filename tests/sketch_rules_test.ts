// Table-driven tests of the sketch rules (spec/ascii-sketch.md §2–§9, conflicts.md Q1–Q3).

import assert from "node:assert/strict";
import { isOccludedBySibling, legendKey } from "../lib/sketch/annotate.ts";
import { coordinateMap, referenceRect } from "../lib/sketch/grid.ts";
import {
  compactLabel,
  glyphRow,
  interiorLines,
  progressBar,
  sliderBar,
} from "../lib/sketch/labels.ts";
import { parseFractionText, rangeFraction, roundHalfEven } from "../lib/sketch/range.ts";
import {
  needsOcrName,
  ocrCandidates,
  type OcrLine,
  renderSketch,
  type SketchOptions,
} from "../lib/sketch/render.ts";
import { landmarkLabel, normaliseRole } from "../lib/sketch/roles.ts";
import { assignIds, type Bounds, type Element, element } from "../lib/core/tree.ts";

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

Deno.test("coordinate mapping truncates, then clamps to the grid", () => {
  const map = coordinateMap(bounds(100, 100, 800, 600), 110, 38);
  const columns: Array<[number, number]> = [
    [100, 0],
    [200, 13], // 100·110/800 = 13.75
    [340, 33],
    [899, 109],
    [900, 109], // 110 clamps to gw − 1
    [5000, 109],
    [99, 0], // −0.1375 truncates toward zero
    [0, 0], // −13.75 clamps
  ];
  for (const [px, column] of columns) assert.equal(map.column(px), column, `x=${px}`);
  const rows: Array<[number, number]> = [[100, 0], [240, 8], [264, 10], [700, 37], [-50, 0]];
  for (const [py, row] of rows) assert.equal(map.row(py), row, `y=${py}`);
});

Deno.test("coordinate mapping treats a zero extent as one pixel", () => {
  const map = coordinateMap(bounds(10, 20, 0, 0), 40, 12);
  assert.deepEqual([map.column(10), map.column(11), map.row(20), map.row(21)], [0, 39, 0, 11]);
});

Deno.test("reference rectangle: window, else root, never empty", () => {
  const root = bounds(10, 20, 300, 200);
  const cases: Array<[Bounds | null, Bounds, Bounds]> = [
    [bounds(0, 0, 800, 600), root, bounds(0, 0, 800, 600)],
    [null, root, root],
    [bounds(5, 5, 0, 0), root, root],
    [bounds(5, 5, 100, -1), root, root],
    [null, bounds(10, 20, 0, 50), bounds(10, 20, 1, 50)],
    [bounds(5, 5, 0, 10), bounds(10, 20, -4, 0), bounds(10, 20, 1, 1)],
  ];
  for (const [windowBounds, rootBounds, expected] of cases) {
    assert.deepEqual(referenceRect(windowBounds, rootBounds), expected);
  }
});

Deno.test("legend keys: A…Z, then A1…Z1, A2…", () => {
  const cases: Array<[number, string]> = [
    [0, "A"],
    [1, "B"],
    [25, "Z"],
    [26, "A1"],
    [27, "B1"],
    [51, "Z1"],
    [52, "A2"],
    [701, "Z26"],
    [702, "A27"],
  ];
  for (const [n, key] of cases) assert.equal(legendKey(n), key, `key(${n})`);
});

Deno.test("role normalisation changes case and separators only (Q1)", () => {
  const cases: Array<[string, string]> = [
    ["AXCheckBox", "checkbox"],
    ["AXButton", "button"],
    ["check_box", "checkbox"],
    ["ToolBar", "toolbar"],
    ["AlertDialog", "alertdialog"],
    ["Application", "application"],
    ["Axis", "axis"],
    ["Xylophone", "xylophone"],
    ["AX", "ax"],
    ["radio-button", "radiobutton"],
    ["  Menu Item ", "menuitem"],
    ["", ""],
  ];
  for (const [role, normalised] of cases) assert.equal(normaliseRole(role), normalised, role);
  assert.equal(landmarkLabel(normaliseRole("AlertDialog")), "Dialog");
  assert.equal(landmarkLabel(normaliseRole("Application")), null);
});

Deno.test("fraction of a range control (§5.4)", () => {
  const texts: Array<[string, number | null]> = [
    ["40%", 0.4],
    [" 40 % ", 0.4],
    ["150%", 1],
    ["-5%", 0],
    ["x%", null],
    ["3 of 4", 0.75],
    ["5 of 4", 1],
    ["3 of 0", null],
    ["a of 4", null],
    ["0.5", 0.5],
    ["1", 1],
    ["50", 0.5],
    ["100", 1],
    ["101", null],
    ["-1", null],
    ["1e1", 0.1],
    ["abc", null],
    ["", null],
    ["   ", null],
  ];
  for (const [text, fraction] of texts) assert.equal(parseFractionText(text), fraction, text);

  const elements: Array<[Partial<Element>, number | null]> = [
    [{ value_now: 40, value_min: 0, value_max: 100 }, 0.4],
    [{ value_now: 150, value_min: 0, value_max: 100 }, 1],
    [{ value_now: 3, value_min: 2, value_max: 6, value: "90%" }, 0.25],
    [{ value_now: 5, value_min: 10, value_max: 10, value: "25%" }, 0.25],
    [{ value_now: 5, value_max: 10, value: "0.5" }, 0.5],
    [{ value: null }, null],
  ];
  for (const [extra, fraction] of elements) {
    assert.equal(rangeFraction(node("Slider", "", [0, 0, 1, 1], extra)), fraction);
  }
});

Deno.test("round half to even, as the bars use it", () => {
  const cases: Array<[number, number]> = [
    [0.5, 0],
    [1.5, 2],
    [2.5, 2],
    [3.5, 4],
    [8.4, 8],
    [8.6, 9],
    [12.5, 12],
    [37.5, 38],
    [7, 7],
  ];
  for (const [x, rounded] of cases) assert.equal(roundHalfEven(x), rounded, String(x));

  const bars: Array<[string, string]> = [
    [progressBar(0.5, 10), "▓▓░░░ 50%"], // 2.5 filled → 2
    [progressBar(0.125, 9), "░░░░ 12%"], // 0.5 → 0; 12.5 % → 12
    [progressBar(0.375, 9), "▓▓░░ 38%"], // 1.5 → 2; 37.5 % → 38
    [progressBar(0.4, 26), "▓▓▓▓▓▓▓▓░░░░░░░░░░░░░ 40%"],
    [sliderBar(0.5, 11), "├─●─┤ 50%"],
    [sliderBar(0.125, 11), "●───┤ 12%"], // thumb 0.5 → 0
    [sliderBar(0.375, 11), "├─●─┤ 38%"], // thumb 1.5 → 2
    [sliderBar(1, 12), "├────● 100%"],
  ];
  for (const [bar, expected] of bars) assert.equal(bar, expected);
});

Deno.test("role glyph rows (§5.1)", () => {
  const cases: Array<[Partial<Element> & { role: string; name?: string }, number, string | null]> =
    [
      [{ role: "CheckBox", name: " Word Wrap ", selected: true }, 20, "[x] Word Wrap"],
      [{ role: "AXCheckBox", name: "Bold" }, 20, "[ ] Bold"],
      [{ role: "switch", selected: true }, 20, "[x]"],
      [{ role: "RadioButton", name: "Yes", selected: true }, 20, "(•) Yes"],
      [{ role: "radio" }, 20, "( )"],
      [{ role: "ComboBox", name: "Size", value: "12" }, 20, "▶ Size [12]"],
      [{ role: "ComboBox", name: "Size", value: "", expanded: true }, 20, "▼ Size"],
      [{ role: "combo_box", value: "A" }, 20, "▶ [A]"],
      [{ role: "MenuItem", name: "File", expanded: true }, 20, "▸ File"],
      [{ role: "MenuItem", name: "File" }, 20, "File"],
      [{ role: "MenuItem", name: "  " }, 20, null],
      [{ role: "Slider", value: "50" }, 11, "├─●─┤ 50%"],
      [{ role: "ScrollBar" }, 11, null],
      [{ role: "ProgressBar", value: "3 of 4" }, 9, "▓▓▓░ 75%"],
      [{ role: "CheckBox", name: "Word Wrap", selected: true }, 6, "[x] Wo"],
      [{ role: "Button", name: "OK" }, 20, null],
    ];
  for (const [{ role, name = "", ...extra }, width, row] of cases) {
    assert.equal(glyphRow(node(role, name, [0, 0, 1, 1], extra), width), row, `${role} ${name}`);
  }
});

Deno.test("interior label lines (§5.2)", () => {
  const multiLine = "Hello, world!\nThis is a test document.\n";
  const cases: Array<[Element, number, number, boolean, string[]]> = [
    [node("Window", "Acme Login", [0, 0, 1, 1]), 108, 35, true, ["Window", '"Acme Login"']],
    [node("Edit", "Username", [0, 0, 1, 1], { value: "" }), 32, 1, true, ["Edit"]],
    [node("Edit", "Username", [0, 0, 1, 1]), 8, 2, true, ["Edit", '"Userna…']],
    [
      node("Document", "Text", [0, 0, 1, 1], { value: multiLine, focused: true }),
      13,
      5,
      true,
      ["Document ●", '"Text"', "Hello, world!", "This is a", "test"],
    ],
    [
      node("Button", "Save", [0, 0, 1, 1], { enabled: false, keyboard_shortcut: "Ctrl+S" }),
      20,
      1,
      true,
      ["Button ✗ ⌨Ctrl+S"],
    ],
    [
      node("Button", "Save", [0, 0, 1, 1], { focused: true, keyboard_shortcut: "Ctrl+S" }),
      10,
      1,
      true,
      ["Button"],
    ],
    [node("ProgressIndicator", "", [0, 0, 1, 1]), 5, 3, true, ["Progr"]],
    [node("Edit", "Line\nbreak", [0, 0, 1, 1]), 20, 2, true, ["Edit", '"Line break"']],
    [node("CheckBox", "Wrap", [0, 0, 1, 1], { selected: true }), 10, 3, false, [
      "CheckBox",
      '"Wrap"',
    ]],
    [
      node("CheckBox", "Wrap", [0, 0, 1, 1], { description: "Wraps long lines at the edge" }),
      10,
      3,
      true,
      ["[ ] Wrap", "Wraps long", "lines at"],
    ],
    [
      node("CheckBox", "Wrap", [0, 0, 1, 1], { description: "Wraps long lines" }),
      10,
      2,
      true,
      ["[ ] Wrap"],
    ],
  ];
  for (const [el, width, rows, roleGlyphs, lines] of cases) {
    assert.deepEqual(interiorLines(el, width, rows, roleGlyphs), lines, `${el.role} ${el.name}`);
  }
});

Deno.test("compact legend labels (§5.3)", () => {
  const longName = "A window title that is too long"; // 31 code points
  const cases: Array<[Element, string]> = [
    [node("Edit", "Username", [0, 0, 1, 1], { value: "" }), 'Edit "Username" []'],
    [node("Button", "Login", [0, 0, 1, 1]), 'Button "Login"'],
    [node("Pane", "", [0, 0, 1, 1]), "Pane"],
    [node("Window", longName, [0, 0, 1, 1]), 'Window "A window title that is too …"'],
    [node("Window", longName.slice(1), [0, 0, 1, 1]), `Window "${longName.slice(1)}"`],
    [node("Window", "😀".repeat(31), [0, 0, 1, 1]), `Window "${"😀".repeat(27)}…"`],
    [
      node("Edit", "", [0, 0, 1, 1], { value: "123456789012345678901" }),
      "Edit [12345678901234567…]",
    ],
    [
      node("Edit", "", [0, 0, 1, 1], { value: "12345678901234567890" }),
      "Edit [12345678901234567890]",
    ],
    [node("Slider", "Volume", [0, 0, 1, 1], { value: "50" }), 'Slider "Volume"'],
    [node("scroll_bar", "", [0, 0, 1, 1], { value: "10" }), "scroll_bar"],
    [node("ProgressBar", "", [0, 0, 1, 1], { value: "40%" }), "ProgressBar"],
    [
      node("Document", "Text Editor", [0, 0, 1, 1], {
        value: "Hello, world!\nThis is a test document.",
        focused: true,
      }),
      'Document "Text Editor" [Hello, world!\nThi…] ●',
    ],
    [
      node("Button", "Save", [0, 0, 1, 1], {
        focused: true,
        enabled: false,
        keyboard_shortcut: "Ctrl+S",
      }),
      'Button "Save" ● ✗ ⌨Ctrl+S',
    ],
  ];
  for (const [el, label] of cases) assert.equal(compactLabel(el), label);
});

Deno.test("legend lines never break or carry control characters (Q3)", () => {
  const root = assignIds(node("Pane", "", [0, 0, 40, 10], {}, [
    node("Edit", "Two\nlines", [1, 1, 30, 5], { value: "a\r\nb\tc\x07d\re" }),
  ]));
  const cases: Array<[boolean, string]> = [
    [true, 'Edit "Two⏎lines" [a⏎b cd⏎e]'],
    [false, 'Edit "Two\\nlines" [a\\nb cd\\ne]'],
  ];
  for (const [unicodeBox, label] of cases) {
    const { sketch, legend } = renderSketch(root, options(40, 10, { unicodeBox }));
    assert.deepEqual(legend[1], ["B", label]);
    assert.ok(sketch.endsWith(`\n     B  ${label}`));
    const controls = Array.from(sketch).filter((ch) => ch !== "\n" && /\p{Cc}/u.test(ch));
    assert.deepEqual(controls, [], "no control characters");
    assert.ok(sketch.includes('"Two lines"'), "interior label flattens the name");
  }
});

Deno.test("ASCII mode transliterates content one code point to one", () => {
  const root = assignIds(node("Window", "Café — “Menü” × ½", [0, 0, 40, 6]));
  const { sketch } = renderSketch(root, options(40, 6, { unicodeBox: false }));
  assert.ok(sketch.includes('|"Cafe - "Menu" x ?"'), sketch);
  assert.ok(sketch.endsWith('     A  Window "Cafe - "Menu" x ?"'));
});

Deno.test("occlusion: one later sibling must cover the whole element", () => {
  const target = bounds(10, 10, 20, 20);
  const cases: Array<[string, Bounds, Bounds[], boolean]> = [
    ["later sibling covers it", target, [bounds(0, 0, 100, 100)], true],
    ["same bounds", target, [bounds(10, 10, 20, 20)], true],
    ["partial overlap", target, [bounds(15, 0, 100, 100)], false],
    ["two siblings together", target, [bounds(0, 0, 20, 100), bounds(20, 0, 20, 100)], false],
    ["no area", bounds(10, 10, 0, 20), [bounds(0, 0, 100, 100)], false],
  ];
  for (const [label, own, later, occluded] of cases) {
    const siblings = [own, ...later].map((b) => node("Pane", "", [b.x, b.y, b.width, b.height]));
    assert.equal(isOccludedBySibling(siblings, 0), occluded, label);
  }
  const earlier = [bounds(0, 0, 100, 100), target].map((b) =>
    node("Pane", "", [b.x, b.y, b.width, b.height])
  );
  assert.equal(isOccludedBySibling(earlier, 1), false, "an earlier sibling does not occlude");
});

Deno.test("an occluded element keeps its key, loses its tab index, box and legend entry", () => {
  const root = assignIds(node("Window", "W", [0, 0, 100, 100], {}, [
    node("Button", "Hidden", [10, 10, 20, 20], {}, [node("Button", "Inner", [12, 12, 5, 5])]),
    node("Pane", "Cover", [0, 0, 50, 50]),
    node("Button", "Shown", [60, 60, 20, 20]),
  ]));
  const records = (occlusionPrune: boolean) =>
    renderSketch(root, options(50, 25, { occlusionPrune })).elements.map((e) => [
      e.legend_key,
      e.name,
      e.occluded,
      e.tab_index,
      e.bounds_grid !== undefined,
    ]);
  assert.deepEqual(records(true), [
    ["A", "W", false, null, true],
    ["B", "Hidden", true, null, false],
    ["C", "Inner", false, null, false],
    ["D", "Cover", false, null, true],
    ["E", "Shown", false, 1, true],
  ]);
  assert.deepEqual(records(false), [
    ["A", "W", false, null, true],
    ["B", "Hidden", false, 1, true],
    ["C", "Inner", false, 2, true],
    ["D", "Cover", false, null, true],
    ["E", "Shown", false, 3, true],
  ]);
  const { legend } = renderSketch(root, options(50, 25));
  assert.deepEqual(legend.map(([key]) => key), ["A", "D", "E"]);
});

Deno.test("tight boxes: the key goes to the centre cell; no interior, no legend entry", () => {
  const root = assignIds(node("Pane", "", [0, 0, 20, 10], {}, [
    node("Button", "OK", [2, 2, 3, 3]), // inner 2×2: badge and key, centre taken
    node("Image", "Logo", [8, 2, 9, 1]), // inner height 1: a normal label row
    node("Image", "Edge", [17, 0, 5, 4]), // clamped to inner width 1
    node("Pane", "", [10, 5, 1, 1]), // 1×1 interior
    node("Pane", "Sliver", [18, 5, 5, 4]), // clamped to inner width 0
  ]));
  const { sketch, elements } = renderSketch(root, options(20, 10, { unicodeBox: false }));
  assert.equal(
    sketch,
    [
      "+----------------+-+",
      "|                |A|",
      "|P+ne+  +--------+D|",
      "| |1B|  |Image  C| |",
      "| |  |  +--------+-+",
      "| +--+    +-+     ++",
      "|         |E|     ||",
      "|         +-+     ||",
      "|                 ||",
      "+-----------------++",
      "",
      "  LEGEND",
      "  --------------------------------------------------",
      "     A  Pane",
      '     B  Button "OK"',
      '     C  Image "Logo"',
      '     D  Image "Edge"',
      "     E  Pane",
    ].join("\n"),
  );
  assert.deepEqual(elements[5].bounds_grid, [18, 5, 19, 9]);
});

Deno.test("the label starts below the tab badge even where the key does not fit", () => {
  // 259 elements without area push the button to key(260) = "A10", too wide for its box.
  const spacers = Array.from({ length: 259 }, () => node("Pane", "", [0, 0, 0, 0]));
  const root = assignIds(node("Pane", "", [0, 0, 20, 8], {}, [
    ...spacers,
    node("Button", "OK", [2, 2, 4, 4]),
  ]));
  const cases: Array<[boolean, string[]]> = [
    [true, ["|P+ne-+", "| |1  |", "| |But|", '| |"O~|', "| +---+"]],
    [false, ["|P+ne-+", "| |But|", '| |"O~|', "| |   |", "| +---+"]],
  ];
  for (const [tabIndexBadges, rows] of cases) {
    const { sketch, elements } = renderSketch(
      root,
      options(20, 8, { unicodeBox: false, tabIndexBadges }),
    );
    assert.equal(elements[260].legend_key, "A10");
    assert.deepEqual(sketch.split("\n").slice(2, 7).map((row) => row.slice(0, 7)), rows);
  }
});

Deno.test("OCR overlay: higher confidence wins, labels count as 0, borders never change", () => {
  const root = assignIds(node("Pane", "", [100, 50, 30, 6]));
  const line = (text: string, confidence: number, left: number, top: number, width: number) => ({
    text,
    confidence,
    left,
    top,
    width,
    height: 1,
  });
  const cases: Array<[string, OcrLine[], string]> = [
    ["no OCR lines", [], "│Pane"],
    ["overwrites a label, at most end − start + 1 cells", [line("abcdef", 50, 1, 2, 3)], "│abcd"],
    ["confidence 0 only fills blanks", [line("zz", 0, 1, 2, 2), line("q", 0, 6, 2, 1)], "│Pane q"],
    [
      "lower confidence keeps out of higher",
      [line("abcdef", 50, 1, 2, 3), line("XYZ", 40, 3, 2, 5)],
      "│abcdZ",
    ],
    [
      "higher confidence overwrites, not the border",
      [line("abcdef", 50, 1, 2, 3), line("!!", 60, 0, 2, 2)],
      "│!bcd",
    ],
    ["zero width still writes two cells", [line("wide", 50, 1, 2, 0)], "│wine"],
    ["middle row of a taller line", [{ ...line("hi", 50, 6, 1, 2), height: 3 }], "│Pane hi"],
  ];
  for (const [label, lines, row2] of cases) {
    const { sketch } = renderSketch(
      root,
      options(30, 6, { ref: bounds(100, 50, 30, 6), ocr: { names: new Map(), lines } }),
    );
    const rows = sketch.split("\n");
    assert.equal(rows[2].trimEnd().replace(/ +│$/, ""), row2, label);
    assert.equal(rows[0], `┌${"─".repeat(28)}┐`, label);
  }
});

Deno.test("OCR names label visible, unnamed graphic elements only", () => {
  const root = assignIds(node("Window", "W", [0, 0, 100, 100], {}, [
    node("Image", "", [10, 10, 30, 20]),
    node("Image", "Named", [50, 10, 30, 20]),
    node("Image", "", [10, 60, 10, 10]),
    node("Pane", "", [0, 50, 40, 40]),
    node("Button", "", [60, 60, 20, 20]),
  ]));
  const names = new Map(["root.0", "root.1", "root.2", "root.4"].map((id) => [id, `ocr ${id}`]));
  const { elements, legend } = renderSketch(
    root,
    options(50, 25, { ocr: { names, lines: [] } }),
  );
  assert.deepEqual(elements.map((e) => [e.name, e.ocr_text]), [
    ["W", undefined],
    ["ocr root.0", "ocr root.0"],
    ["Named", undefined],
    ["", undefined], // occluded by the later Pane
    ["", undefined],
    ["", undefined], // a Button is no OCR candidate
  ]);
  assert.deepEqual(legend[1], ["B", 'Image "ocr root.0"']);
  assert.deepEqual(ocrCandidates(root, true).map((e) => e.id), ["root.0", "root.3"]);
  const candidates: Array<[Element, boolean]> = [
    [node("Image", "", [0, 0, 1, 1]), true],
    [node("AXImage", " ", [0, 0, 1, 1], { value: "" }), true],
    [node("", "", [0, 0, 1, 1]), true],
    [node("image_button", "", [0, 0, 1, 1]), true],
    [node("Image", "", [0, 0, 1, 1], { value: "x" }), false],
    [node("Image", "Logo", [0, 0, 1, 1]), false],
    [node("Button", "", [0, 0, 1, 1]), false],
  ];
  for (const [el, needed] of candidates) assert.equal(needsOcrName(el), needed, el.role);
});

Deno.test("structured records (§9)", () => {
  const root = assignIds(node("Window", "Acme Login", [100, 100, 800, 600], {}, [
    node("Edit", "Username", [200, 200, 240, 24], { value: "", identifier: "user" }),
    node("Slider", "Volume", [200, 300, 240, 24], {
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
      legend_key: "A",
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
      legend_key: "B",
      tab_index: 1,
      occluded: false,
      bounds_grid: [13, 6, 46, 8],
      identifier: "user",
    },
    {
      id: "root.1",
      role: "Slider",
      name: "Volume",
      value: null,
      bounds_screen: bounds(200, 300, 240, 24),
      state: { focused: false, enabled: true, selected: true, expanded: false },
      legend_key: "C",
      tab_index: 2,
      occluded: false,
      bounds_grid: [13, 12, 46, 14],
      value_now: 3,
      value_min: 0,
      value_max: 10,
      keyboard_shortcut: "Alt+V",
    },
  ]);
});

Deno.test("landmark headers are baked into the top border", () => {
  const root = assignIds(node("Window", "", [0, 0, 40, 8], {}, [
    node("AlertDialog", "Error", [0, 0, 30, 4]),
    node("Toolbar", "", [30, 4, 10, 4]),
  ]));
  const rows = renderSketch(root, options(40, 8)).sketch.split("\n");
  assert.equal(rows[0], '┌ Dialog "Error" ─────────────┐────────┐');
  assert.equal(rows[4], "└─────────────────────────────┌ Toolbar┐");
  const plain = renderSketch(root, options(40, 8, { landmarkHeaders: false })).sketch;
  assert.ok(!plain.includes(" Dialog "));
});

Deno.test("rendering errors become a bracketed message", () => {
  const root = assignIds(node("Window", "W", [0, 0, 10, 10]));
  for (const [gridWidth, gridHeight] of [[0, 10], [10, -1], [2.5, 10]]) {
    const result = renderSketch(root, options(gridWidth, gridHeight));
    assert.match(result.sketch, /^\[ASCII render error: grid size must be positive integers/);
    assert.deepEqual([result.legend, result.elements], [[], []]);
  }
});
