// Golden and whole-tree tests of the sketch renderer (spec/ascii-sketch.md §10,
// spec/mock-desktop.md §2 and §6 with the conflicts.md fixes applied).

import assert from "node:assert/strict";
import { renderSketch, type SketchOptions } from "../lib/sketch/render.ts";
import { assignIds, type Bounds, type Element, element } from "../lib/core/tree.ts";
import { loginTree } from "./helpers/login.ts";

const node = element;

const LOGIN_WINDOW: Bounds = { x: 100, y: 100, width: 800, height: 600 };

/** login.yaml, state `start`. */
const LOGIN = loginTree();

const NOTEPAD_WINDOW: Bounds = { x: 80, y: 60, width: 800, height: 600 };

const MENU_BAR = node(
  "MenuBar",
  "MenuBar",
  [80, 60, 800, 22],
  {},
  ["File", "Edit", "Format", "View", "Help"].map((name, i) =>
    node("MenuItem", name, [80 + 58 * i, 60, 56, 22])
  ),
);
const DOCUMENT = node("Document", "Text Editor", [80, 82, 800, 514], {
  focused: true,
  value: "Hello, world!\nThis is a test document.\nLine 3 has some content here.\n",
});
const H_SCROLL_BAR = node("ScrollBar", "Horizontal ScrollBar", [80, 596, 784, 18]);
const V_SCROLL_BAR = node("ScrollBar", "Vertical ScrollBar", [864, 82, 18, 532]);
const STATUS_BAR = node(
  "StatusBar",
  "Status Bar",
  [80, 614, 800, 22],
  {},
  [["Position", "Ln 1, Col 1"], ["Zoom", "100%"], ["Encoding", "UTF-8"], ["EOL", "Windows (CRLF)"]]
    .map(([name, value], i) => node("Text", name, [80 + 190 * i, 614, 188, 22], { value })),
);
const PROGRESS_BAR = node("ProgressBar", "Saving", [560, 600, 200, 10], {
  value_now: 40,
  value_min: 0,
  value_max: 100,
});
const CHECK_BOX = node("CheckBox", "Word Wrap", [80, 636, 120, 18], { selected: true });

function notepad(children: Element[]): Element {
  return assignIds(node("Window", "Untitled — Notepad", [80, 60, 800, 600], {}, children));
}

/** The mock Notepad tree in its fixed child order (mock-desktop.md §2, conflicts.md Q23). */
const NOTEPAD = notepad([
  MENU_BAR,
  DOCUMENT,
  H_SCROLL_BAR,
  V_SCROLL_BAR,
  STATUS_BAR,
  PROGRESS_BAR,
  CHECK_BOX,
]);

/** 110 × 38, Unicode, every fidelity switch on, no OCR. */
function options(ref: Bounds, overrides: Partial<SketchOptions> = {}): SketchOptions {
  return {
    ref,
    gridWidth: 110,
    gridHeight: 38,
    unicodeBox: true,
    roleGlyphs: true,
    occlusionPrune: true,
    tabIndexBadges: true,
    landmarkHeaders: true,
    ...overrides,
  };
}

const LOGIN_110_38 =
  `┌────────────────────────────────────────────────────────────────────────────────────────────────────────────┐
│                                                                                                           A│
│Window                                                                                                      │
│"Acme Login"                                                                                                │
│                                                                                                            │
│                                                                                                            │
│            ┌────────────────────────────────┐                                                              │
│            │①dit                           B│                                                              │
│            ┌────────────────────────────────┐                                                              │
│            │②dit                           C│                                                              │
│            └────────────────────────────────┘                                                              │
│            ┌─────────────┐                                                                                 │
│            │③utton      D│                                                                                 │
│            └─────────────┘                                                                                 │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
│                                                                                                            │
└────────────────────────────────────────────────────────────────────────────────────────────────────────────┘

  LEGEND
  ──────────────────────────────────────────────────
     A  Window "Acme Login"
     B  Edit "Username" []
     C  Edit "Password" []
     D  Button "Login"`;

const LOGIN_40_12 = `┌──────────────────────────────────────┐
│                                     A│
│Wind┌w──────────┐                     │
│"Acm┌①Log┐n"   B│                     │
│    └───────────┘                     │
│    └────┘                            │
│                                      │
│                                      │
│                                      │
│                                      │
│                                      │
└──────────────────────────────────────┘

  LEGEND
  ──────────────────────────────────────────────────
     A  Window "Acme Login"
     B  Edit "Username" []
     C  Edit "Password" []
     D  Button "Login"`;

// Built by applying the rules to the fixed child order: the StatusBar (K) and its
// texts now come before the ProgressBar (P) and the CheckBox (Q). The horizontal
// scroll bar's bottom edge fills the progress bar's only interior row and the
// check box has no interior row at this size, so neither label shows here.
const NOTEPAD_110_38 =
  `┌─MenuB┌r─"Menu┌ar"────┌───────┌───────┐─────────────────────────────────────────────────────────────────────┐
┌MenuBar②dit──D│③ormatE│④iew──F│⑤elp──G│───────────────────────────────────────────────────────────────────┌A┐
└Window└───────└───────└───────└───────┘─────────────────────────────────────────────────────────────────────┘
│"Untitled●— Notepad"                                                                                      │ │
│"Text Editor"                                                                                             │ │
│Hello, world! This is a test document. Line 3 has some content here.                                      │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │J│
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
┌──────────────────────────────────────────────────────────────────────────────────────────────────────────┐─┘
│ScrollBar                                                        ┌──────────────────────────┐            I│ │
┌─StatusBar─"Status─Bar"─┐┌────────────────────────┐┌─────────────────────────┌─────────────────────────┐──└─┐
┌StatusBar──────┐       L││⑦ext                   M││⑧ext         └──────────N│⑨ext──────────┘         O│   K│
└───────────────┘────────┘└────────────────────────┘└─────────────────────────└─────────────────────────┘────┘

  LEGEND
  ──────────────────────────────────────────────────
     A  Window "Untitled — Notepad"
     B  MenuBar "MenuBar"
     C  MenuItem "File"
     D  MenuItem "Edit"
     E  MenuItem "Format"
     F  MenuItem "View"
     G  MenuItem "Help"
     H  Document "Text Editor" [Hello, world!⏎Thi…] ●
     I  ScrollBar "Horizontal ScrollBar"
     J  ScrollBar "Vertical ScrollBar"
     K  StatusBar "Status Bar"
     L  Text "Position" [Ln 1, Col 1]
     M  Text "Zoom" [100%]
     N  Text "Encoding" [UTF-8]
     O  Text "EOL" [Windows (CRLF)]
     P  ProgressBar "Saving"
     Q  CheckBox "Word Wrap"`;

// The same tree in ASCII mode (conflicts.md Q2): every cell is the ASCII stand-in
// of the Unicode cell, tab badges are digits, the legend line break is `\n`.
const NOTEPAD_110_38_ASCII = String
  .raw`+-MenuB+r-"Menu+ar"----+-------+-------+---------------------------------------------------------------------+
+MenuBar2dit--D|3ormatE|4iew--F|5elp--G|-------------------------------------------------------------------+A+
+Window+-------+-------+-------+-------+---------------------------------------------------------------------+
|"Untitled*- Notepad"                                                                                      | |
|"Text Editor"                                                                                             | |
|Hello, world! This is a test document. Line 3 has some content here.                                      | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          |J|
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
|                                                                                                          | |
+----------------------------------------------------------------------------------------------------------+-+
|ScrollBar                                                        +--------------------------+            I| |
+-StatusBar-"Status-Bar"-++------------------------++-------------------------+-------------------------+--+-+
+StatusBar------+       L||7ext                   M||8ext         +----------N|9ext----------+         O|   K|
+---------------+--------++------------------------++-------------------------+-------------------------+----+

  LEGEND
  --------------------------------------------------
     A  Window "Untitled - Notepad"
     B  MenuBar "MenuBar"
     C  MenuItem "File"
     D  MenuItem "Edit"
     E  MenuItem "Format"
     F  MenuItem "View"
     G  MenuItem "Help"
     H  Document "Text Editor" [Hello, world!\nThi~] *
     I  ScrollBar "Horizontal ScrollBar"
     J  ScrollBar "Vertical ScrollBar"
     K  StatusBar "Status Bar"
     L  Text "Position" [Ln 1, Col 1]
     M  Text "Zoom" [100%]
     N  Text "Encoding" [UTF-8]
     O  Text "EOL" [Windows (CRLF)]
     P  ProgressBar "Saving"
     Q  CheckBox "Word Wrap"`;

// mock-desktop.md §6 was rendered from the reference's old child order. With that
// order the rules reproduce it byte for byte, except the `H` legend line, which
// now escapes the line break (conflicts.md Q3).
const NOTEPAD_OLD_ORDER_110_38 =
  `┌─MenuB┌r─"Menu┌ar"────┌───────┌───────┐─────────────────────────────────────────────────────────────────────┐
┌MenuBar②dit──D│③ormatE│④iew──F│⑤elp──G│───────────────────────────────────────────────────────────────────┌A┐
└Window└───────└───────└───────└───────┘─────────────────────────────────────────────────────────────────────┘
│"Untitled●— Notepad"                                                                                      │ │
│"Text Editor"                                                                                             │ │
│Hello, world! This is a test document. Line 3 has some content here.                                      │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │J│
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
│                                                                                                          │ │
┌──────────────────────────────────────────────────────────────────────────────────────────────────────────┐─┘
│ScrollBar                                                        ┌──────────────────────────┐            I│ │
┌─StatusBar─"Status─Bar"─┐┌────────────────────────┐┌─────────────────────────┌─────────────────────────┐──└─┐
┌───────────────┐       N││⑧ext                   O││⑨ext         └──────────────────────────┘         Q│   M│
└───────────────┘────────┘└────────────────────────┘└─────────────────────────└─────────────────────────┘────┘

  LEGEND
  ──────────────────────────────────────────────────
     A  Window "Untitled — Notepad"
     B  MenuBar "MenuBar"
     C  MenuItem "File"
     D  MenuItem "Edit"
     E  MenuItem "Format"
     F  MenuItem "View"
     G  MenuItem "Help"
     H  Document "Text Editor" [Hello, world!⏎Thi…] ●
     I  ScrollBar "Horizontal ScrollBar"
     J  ScrollBar "Vertical ScrollBar"
     K  ProgressBar "Saving"
     L  CheckBox "Word Wrap"
     M  StatusBar "Status Bar"
     N  Text "Position" [Ln 1, Col 1]
     O  Text "Zoom" [100%]
     P  Text "Encoding" [UTF-8]
     Q  Text "EOL" [Windows (CRLF)]`;

Deno.test("golden sketches", async (t) => {
  const cases: Array<[string, Element, SketchOptions, string]> = [
    ["login 110×38", LOGIN, options(LOGIN_WINDOW), LOGIN_110_38],
    ["login 40×12", LOGIN, options(LOGIN_WINDOW, { gridWidth: 40, gridHeight: 12 }), LOGIN_40_12],
    ["notepad 110×38", NOTEPAD, options(NOTEPAD_WINDOW), NOTEPAD_110_38],
    [
      "notepad 110×38 ASCII",
      NOTEPAD,
      options(NOTEPAD_WINDOW, { unicodeBox: false }),
      NOTEPAD_110_38_ASCII,
    ],
    [
      "notepad, reference child order",
      notepad([
        MENU_BAR,
        DOCUMENT,
        H_SCROLL_BAR,
        V_SCROLL_BAR,
        PROGRESS_BAR,
        CHECK_BOX,
        STATUS_BAR,
      ]),
      options(NOTEPAD_WINDOW),
      NOTEPAD_OLD_ORDER_110_38,
    ],
  ];
  for (const [name, root, opts, expected] of cases) {
    await t.step(name, () => assert.equal(renderSketch(root, opts).sketch, expected));
  }
});

function gridRows(sketch: string): string[] {
  return sketch.split("\n\n  LEGEND\n")[0].split("\n");
}

Deno.test("notepad sketch invariants (110×38, Unicode)", () => {
  const { sketch, legend } = renderSketch(NOTEPAD, options(NOTEPAD_WINDOW));
  const rows = gridRows(sketch);
  assert.ok(rows.length <= 38);
  for (const row of rows) assert.ok(Array.from(row).length <= 110, row);
  assert.deepEqual(legend, [
    ["A", 'Window "Untitled — Notepad"'],
    ["B", 'MenuBar "MenuBar"'],
    ["C", 'MenuItem "File"'],
    ["D", 'MenuItem "Edit"'],
    ["E", 'MenuItem "Format"'],
    ["F", 'MenuItem "View"'],
    ["G", 'MenuItem "Help"'],
    ["H", 'Document "Text Editor" [Hello, world!⏎Thi…] ●'],
    ["I", 'ScrollBar "Horizontal ScrollBar"'],
    ["J", 'ScrollBar "Vertical ScrollBar"'],
    ["K", 'StatusBar "Status Bar"'],
    ["L", 'Text "Position" [Ln 1, Col 1]'],
    ["M", 'Text "Zoom" [100%]'],
    ["N", 'Text "Encoding" [UTF-8]'],
    ["O", 'Text "EOL" [Windows (CRLF)]'],
    ["P", 'ProgressBar "Saving"'],
    ["Q", 'CheckBox "Word Wrap"'],
  ]);
  const legendLines = sketch.split("\n\n  LEGEND\n")[1].split("\n");
  assert.equal(legendLines.length, 1 + 17);
  assert.ok(legendLines.includes('     H  Document "Text Editor" [Hello, world!⏎Thi…] ●'));
  assert.ok(rows[0].startsWith('┌─MenuB┌r─"Menu┌ar"──'), "landmark header in the top border");
  for (const badge of ["②", "③", "④", "⑤", "⑦", "⑧", "⑨"]) assert.ok(sketch.includes(badge));
});

Deno.test("notepad progress bar and check box labels show when they have room (110×76)", () => {
  const rows = gridRows(renderSketch(NOTEPAD, options(NOTEPAD_WINDOW, { gridHeight: 76 })).sketch);
  assert.ok(rows.includes(
    "│ScrollBar                                                        │▓▓▓▓▓▓▓▓░░░░░░░░░░░░░ 40%P│             │ │",
  ));
  assert.ok(rows.includes(
    "│[x] Word Wrap  │                                                                                            │",
  ));
  assert.ok(rows.includes(
    "│⑩             Q│                                                                                            │",
  ));
});

const ASCII_STAND_INS: Record<string, string> = {
  "┌": "+",
  "┐": "+",
  "└": "+",
  "┘": "+",
  "─": "-",
  "│": "|",
  "—": "-",
  "●": "*",
  "…": "~",
  "⏎": "\\n",
  "①": "1",
  "②": "2",
  "③": "3",
  "④": "4",
  "⑤": "5",
  "⑥": "6",
  "⑦": "7",
  "⑧": "8",
  "⑨": "9",
};

Deno.test("ASCII mode: only ASCII, cell for cell the Unicode sketch's stand-ins", async (t) => {
  for (const gridHeight of [12, 38]) {
    await t.step(`110×${gridHeight}`, () => {
      const unicode = renderSketch(NOTEPAD, options(NOTEPAD_WINDOW, { gridHeight }));
      const ascii = renderSketch(
        NOTEPAD,
        options(NOTEPAD_WINDOW, { gridHeight, unicodeBox: false }),
      );
      for (const ch of ascii.sketch) assert.ok(ch.codePointAt(0)! < 128, `non-ASCII ${ch}`);
      assert.equal(
        ascii.sketch,
        Array.from(unicode.sketch, (ch) => ASCII_STAND_INS[ch] ?? ch).join(""),
      );
      assert.deepEqual(
        ascii.elements.map((e) => e.bounds_grid),
        unicode.elements.map((e) => e.bounds_grid),
      );
    });
  }
});

Deno.test("ASCII mode: a two-digit tab badge takes two cells", () => {
  const { sketch } = renderSketch(
    NOTEPAD,
    options(NOTEPAD_WINDOW, { gridHeight: 76, unicodeBox: false }),
  );
  for (const ch of sketch) assert.ok(ch.codePointAt(0)! < 128, `non-ASCII ${ch}`);
  assert.ok(sketch.includes("\n|10            Q|"));
  assert.ok(sketch.includes("\n|[x] Word Wrap  |"));
  assert.ok(sketch.includes("|ScrollBar" + " ".repeat(56) + "|########............. 40%P|"));
});
