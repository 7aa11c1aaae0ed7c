// Accessibility prose and the Python string literal.

import assert from "node:assert/strict";
import { describeTree, elementLine } from "./prose.ts";
import { pythonRepr } from "../pycompat/repr.ts";
import { assignIds, type Element, element } from "../../model/tree.ts";
import { loginTree } from "../../../tests/helpers/login.ts";

const node = element;

const LOGIN = loginTree();

/** The mock Notepad tree in its fixed child order. */
const NOTEPAD = assignIds(node("Window", "Untitled — Notepad", [80, 60, 800, 600], {}, [
  node(
    "MenuBar",
    "MenuBar",
    [80, 60, 800, 22],
    {},
    ["File", "Edit", "Format", "View", "Help"].map((name, i) =>
      node("MenuItem", name, [80 + 58 * i, 60, 56, 22])
    ),
  ),
  node("Document", "Text Editor", [80, 82, 800, 514], {
    focused: true,
    value: "Hello, world!\nThis is a test document.\nLine 3 has some content here.\n",
  }),
  node("ScrollBar", "Horizontal ScrollBar", [80, 596, 784, 18]),
  node("ScrollBar", "Vertical ScrollBar", [864, 82, 18, 532]),
  node(
    "StatusBar",
    "Status Bar",
    [80, 614, 800, 22],
    {},
    [["Position", "Ln 1, Col 1"], ["Zoom", "100%"], ["Encoding", "UTF-8"], [
      "EOL",
      "Windows (CRLF)",
    ]]
      .map(([name, value], i) => node("Text", name, [80 + 190 * i, 614, 188, 22], { value })),
  ),
  node("ProgressBar", "Saving", [560, 600, 200, 10], {
    value_now: 40,
    value_min: 0,
    value_max: 100,
  }),
  node("CheckBox", "Word Wrap", [80, 636, 120, 18], { selected: true }),
]));

Deno.test("login prose", () => {
  const window = {
    process: "acme.exe",
    title: "Acme Login",
    bounds: { x: 100, y: 100, width: 800, height: 600 },
  };
  assert.equal(
    describeTree(LOGIN, window),
    `Application : acme.exe
Window      : Acme Login
Geometry    : (100, 100)  800 × 600 px

Root: Window  "Acme Login"
  └─ Edit "Username" = ''  @(200,200) 240×24
  └─ Edit "Password" = ''  @(200,240) 240×24
  └─ Button "Login"  @(200,280) 100×28

[4 elements total]`,
  );
});

Deno.test("notepad prose (fixed child order)", () => {
  const window = {
    process: "notepad.exe",
    title: "Untitled — Notepad",
    bounds: { x: 80, y: 60, width: 800, height: 600 },
  };
  assert.equal(
    describeTree(NOTEPAD, window),
    `Application : notepad.exe
Window      : Untitled — Notepad
Geometry    : (80, 60)  800 × 600 px

Root: Window  "Untitled — Notepad"
  └─ MenuBar "MenuBar"  @(80,60) 800×22
    └─ MenuItem "File"  @(80,60) 56×22
    └─ MenuItem "Edit"  @(138,60) 56×22
    └─ MenuItem "Format"  @(196,60) 56×22
    └─ MenuItem "View"  @(254,60) 56×22
    └─ MenuItem "Help"  @(312,60) 56×22
  └─ Document "Text Editor" = 'Hello, world!\\nThis is a test document.\\nLine 3 has some cont…'  [FOCUSED]  @(80,82) 800×514
  └─ ScrollBar "Horizontal ScrollBar"  @(80,596) 784×18
  └─ ScrollBar "Vertical ScrollBar"  @(864,82) 18×532
  └─ StatusBar "Status Bar"  @(80,614) 800×22
    └─ Text "Position" = 'Ln 1, Col 1'  @(80,614) 188×22
    └─ Text "Zoom" = '100%'  @(270,614) 188×22
    └─ Text "Encoding" = 'UTF-8'  @(460,614) 188×22
    └─ Text "EOL" = 'Windows (CRLF)'  @(650,614) 188×22
  └─ ProgressBar "Saving"  @(560,600) 200×10
  └─ CheckBox "Word Wrap"  @(80,636) 120×18

[17 elements total; focused → Document "Text Editor"]`,
  );
});

Deno.test("prose without window info, unnamed focused element", () => {
  const root = assignIds(node("Pane", "", [0, 0, 10, 10], {}, [
    node("Edit", "", [1, 2, 3, 4], { focused: true, value: "it's" }),
  ]));
  assert.equal(
    describeTree(root),
    `Root: Pane
  └─ Edit = "it's"  [FOCUSED]  @(1,2) 3×4

[2 elements total; focused → Edit]`,
  );
});

Deno.test("prose: layout containers collapsed, hidden items counted, no repeats", () => {
  const root = assignIds(node("Window", "Form", [0, 0, 400, 300], {}, [
    node("Pane", "", [0, 0, 400, 300], {}, [
      node("Pane", "", [10, 10, 380, 40], {}, [
        node("ComboBox", "Plan", [10, 10, 200, 30], {}, [
          node("Menu", "", [0, 0, 0, 0], {}, [
            node("MenuItem", "Free", [0, 0, 0, 0]),
            node("MenuItem", "Pro", [0, 0, 0, 0]),
          ]),
        ]),
      ]),
      node("Separator", "", [10, 60, 380, 1]),
      node("ToolBar", "", [10, 70, 380, 30], {}, [node("Button", "OK", [300, 70, 80, 30])]),
    ]),
  ]));
  assert.equal(
    describeTree(root),
    `Root: Window  "Form"
  └─ ComboBox "Plan"  @(10,10) 200×30  (+2 hidden)
  └─ Button "OK"  @(300,70) 80×30

[10 elements total]`,
  );
});

Deno.test("element lines: badges, cuts, indentation", () => {
  const cases: Array<[Element, number, string]> = [
    [
      node("Button", "Save", [10, 20, 80, 24], {
        focused: true,
        enabled: false,
        keyboard_shortcut: "Ctrl+S",
      }),
      2,
      '    └─ Button "Save"  [FOCUSED  DISABLED  shortcut:Ctrl+S]  @(10,20) 80×24',
    ],
    [
      node("Link", "Docs", [0, 0, 5, 5], { description: "Opens the documentation in a new tab" }),
      1,
      '  └─ Link "Docs"  [desc:Opens the documentation in a …]  @(0,0) 5×5',
    ],
    [
      node("Link", "", [0, 0, 5, 5], { description: "Exactly thirty characters long" }),
      1,
      "  └─ Link  [desc:Exactly thirty characters long]  @(0,0) 5×5",
    ],
    [
      node("Edit", "", [0, 0, 5, 5], { value: "x".repeat(60) }),
      1,
      `  └─ Edit = '${"x".repeat(60)}'  @(0,0) 5×5`,
    ],
    [
      node("Edit", "", [0, 0, 5, 5], { value: "x".repeat(58) + "\n\n" }),
      1,
      `  └─ Edit = '${"x".repeat(58)}\\n\\n'  @(0,0) 5×5`,
    ],
    [
      node("Edit", "", [0, 0, 5, 5], { value: "x".repeat(58) + "\n\n\n" }),
      1,
      `  └─ Edit = '${"x".repeat(58)}\\n…'  @(0,0) 5×5`,
    ],
    [
      node("Edit", "", [0, 0, 5, 5], { value: "😀".repeat(61) }),
      3,
      `      └─ Edit = '${"😀".repeat(59)}…'  @(0,0) 5×5`,
    ],
    [node("Image", "", [-5, 7.5, 0, 0]), 1, "  └─ Image  @(-5,7.5) 0×0"],
  ];
  for (const [el, depth, line] of cases) assert.equal(elementLine(el, depth), line);
});

Deno.test("a failure becomes a bracketed message", () => {
  const broken = { ...LOGIN, children: [null as unknown as Element] };
  assert.match(describeTree(broken), /^\[Tree description failed: .+\]$/);
});

Deno.test("pythonRepr matches Python's repr() of a str", () => {
  const cases: Array<[string, string]> = [
    ["", "''"],
    ["Ln 1, Col 1", "'Ln 1, Col 1'"],
    ["it's", `"it's"`],
    ['say "hi"', `'say "hi"'`],
    [`both ' and "`, `'both \\' and "'`],
    ["back\\slash", "'back\\\\slash'"],
    ["a\nb\rc\td", "'a\\nb\\rc\\td'"],
    ["\x07bell", "'\\x07bell'"],
    ["\x7f", "'\\x7f'"],
    ["\x85", "'\\x85'"],
    ["\xa0nbsp", "'\\xa0nbsp'"],
    ["\u200b", "'\\u200b'"],
    ["\u2028", "'\\u2028'"],
    ["\u0378", "'\\u0378'"], // unassigned
    ["\ue000", "'\\ue000'"], // private use
    ["\ud800", "'\\ud800'"], // lone surrogate
    ["\u{e0001}", "'\\U000e0001'"], // astral format character
    ["\u{10ffff}", "'\\U0010ffff'"],
    ["😀", "'😀'"],
    ["é漢字 — ·", "'é漢字 — ·'"],
  ];
  for (const [text, repr] of cases) assert.equal(pythonRepr(text), repr, JSON.stringify(text));
});
