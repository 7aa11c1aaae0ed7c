// The views' shared rules on tables of cases, and on real windows (full-detail
// captures of GTK and LibreOffice windows in tests/fixtures/windows): depth in
// levels a person sees, the compact view's lines, refs, budget and diff.

import assert from "node:assert/strict";
import { assignIds, type Element, element as node, walk } from "../../model/tree.ts";
import { limitLevels } from "./levels.ts";
import { isNeeded, neededControls } from "./needed.ts";
import { isStructural } from "./structural.ts";
import { elementAtRef, positionalId, refsOf } from "./refs.ts";
import { shownTree } from "../compact/display.ts";
import { compactLines, Importance, lineWithIndent, nameField } from "../compact/lines.ts";
import { linesWithin, NOTE_RESERVE } from "../compact/budget.ts";
import { compactDiff } from "../compact/diff.ts";
import { compactLinesOf } from "../compact/view.ts";
import { countTokens } from "../tokens/cl100k.ts";
import { describeTree } from "../describe/prose.ts";

const AREA = { x: 0, y: 0, width: 400, height: 300 };

/** A GTK-like window: the controls sit under anonymous filler and panel levels. */
function gtkLike(): Element {
  const pane = (children: Element[]) => node("Pane", "", [0, 0, 400, 300], {}, children);
  return assignIds(node("Window", "Form", [0, 0, 400, 300], {}, [
    pane([pane([pane([pane([pane([
      node("Edit", "", [10, 10, 200, 30], { value: "alice", focused: true }),
      node("ComboBox", "Plan", [10, 50, 200, 30], {}, [
        node("Menu", "", [0, 0, 0, 0], {}, [
          node("MenuItem", "Free", [0, 0, 0, 0]),
          node("MenuItem", "Pro", [0, 0, 0, 0]),
        ]),
      ]),
      node("Separator", "", [10, 90, 380, 1]),
      node("ToolBar", "", [10, 100, 380, 30], {}, [node("Button", "OK", [300, 100, 80, 30])]),
      node("CheckBox", "Bold", [10, 140, 80, 20], { selected: true, enabled: false }),
    ])])])])]),
  ]));
}

function ids(tree: Element): Set<string> {
  const out = new Set<string>();
  walk(tree, (n) => out.add(n.id));
  return out;
}

Deno.test("structural containers: unnamed layout roles with nothing of their own", () => {
  const cases: Array<[string, Partial<Element>, boolean]> = [
    ["unnamed Pane", {}, true],
    ["named Pane", { name: "Inset" }, false],
    ["Pane with text", { text: "x" }, false],
    // Gecko's sections hold only their children's placeholders (U+FFFC), as value and text.
    [
      "Group holding only its children",
      { role: "Group", value: "\uFFFC\uFFFC", text: "\uFFFC" },
      true,
    ],
    ["Group with text around a child", { role: "Group", text: "Hi \uFFFC" }, false],
    [
      "Pane with an action",
      { actions: [{ name: "click", description: "", key_binding: "" }] },
      false,
    ],
    [
      "Pane whose only action is an ancestor's (Gecko)",
      { actions: [{ name: "clickAncestor", description: "Click ancestor", key_binding: "" }] },
      true,
    ],
    [
      "Pane whose actions have no names (Chromium)",
      { actions: [{ name: "", description: "", key_binding: "" }] },
      true,
    ],
    ["paragraph holding only a field (Chromium)", { role: "Text", text: "\uFFFC\uFFFC" }, true],
    ["paragraph with words", { role: "Text", text: "Name \uFFFC" }, false],
    ["named text", { role: "Text", name: "Status" }, false],
    ["unnamed Group", { role: "Group" }, true],
    ["a split pane's divider position", { value: "188", value_now: 188 }, true],
    ["a Pane holding a number as text", { value: "188" }, false],
    ["unnamed ToolBar", { role: "ToolBar" }, false],
    ["unnamed Button", { role: "Button" }, false],
  ];
  for (const [label, extra, expected] of cases) {
    const el = { ...node("Pane", "", [0, 0, 1, 1]), ...extra };
    assert.equal(isStructural(el), expected, label);
  }
});

Deno.test("depth counts levels a person sees: structural containers are free", () => {
  const tree = gtkLike();
  const cases: Array<[number, string[], boolean]> = [
    [0, [], true],
    [1, ["Edit", "ComboBox", "ToolBar", "CheckBox"], true],
    [2, ["Edit", "ComboBox", "Menu", "Button"], true],
    [3, ["MenuItem"], false],
  ];
  for (const [depth, roles, truncated] of cases) {
    const cut = limitLevels(tree, depth);
    const kept = new Set<string>();
    walk(cut.tree, (n) => kept.add(n.role));
    for (const role of roles) assert.ok(kept.has(role), `depth ${depth} keeps ${role}`);
    assert.equal(cut.truncated, truncated, `depth ${depth} truncated`);
  }
  const cut = limitLevels(tree, 1).tree;
  const combo = [...ids(cut)].find((id) => id.endsWith(".1") && id.split(".").length === 7);
  assert.ok(combo, "the combo box keeps its positional id");
});

Deno.test("needed controls: interactive, enabled or editable, named or holding text, on screen", () => {
  const cases: Array<[string, Element, boolean]> = [
    ["named button", node("Button", "OK", [1, 1, 10, 10]), true],
    ["unnamed button", node("Button", "", [1, 1, 10, 10]), false],
    ["edit holding text", node("Edit", "", [1, 1, 10, 10], { value: "x" }), true],
    [
      "unnamed item holding a child",
      node("TreeItem", "", [1, 1, 10, 10], { value: "\uFFFC" }),
      false,
    ],
    ["disabled button", node("Button", "OK", [1, 1, 10, 10], { enabled: false }), false],
    ["zero-size item", node("MenuItem", "Open", [0, 0, 0, 0]), false],
    ["outside the window", node("Button", "OK", [500, 500, 10, 10]), false],
    ["a label", node("Text", "Name", [1, 1, 10, 10]), false],
  ];
  for (const [label, el, expected] of cases) assert.equal(isNeeded(el, AREA), expected, label);
});

Deno.test("a container without an area hides its children, whatever their extents", () => {
  const bar = (height: number) =>
    node("MenuBar", "", [0, 19, 400, height], {}, [
      node("Menu", "File", [0, 19, 35, 19]),
      node("Menu", "Edit", [35, 19, 37, 19]),
    ]);
  const cases: Array<[string, number, string[], string]> = [
    ["a bar with an area", 19, ["File", "Edit"], "MenuBar"],
    ["a collapsed bar", 0, [], "+2 hidden"],
  ];
  for (const [label, height, names, compact] of cases) {
    const tree = assignIds(node("Window", "W", [0, 0, 400, 300], {}, [bar(height)]));
    assert.deepEqual(neededControls(tree, AREA).map((el) => el.name), names, label);
    const text = compactLinesOf(tree, { refs: refsOf(tree), area: AREA }).map((l) => l.text);
    assert.ok(text.join("\n").includes(compact), `${label}: ${text.join(" | ")}`);
  }
});

Deno.test("compact lines: collapsed, hidden counted, states, bare or quoted names", () => {
  const tree = gtkLike();
  const lines = compactLines(shownTree(tree, AREA), {
    refs: refsOf(tree),
    area: AREA,
    textLimit: 100,
  }).map(lineWithIndent);
  assert.deepEqual(lines, [
    "e0 Window Form @200,150 400x300",
    '  e6 Edit = "alice" focused @110,25',
    "  e7 ComboBox Plan @110,65 +2 hidden",
    "  e13 Button OK @340,115",
    "  e14 CheckBox Bold disabled checked @50,150",
  ]);
  const names: Array<[string, string]> = [
    ["Save", "Save"],
    ["Save As…", '"Save As…"'],
    ["Font Color", "Font Color"],
    ["Bold checked", '"Bold checked"'],
    ["a @1,1", '"a @1,1"'],
    ["two  spaces", '"two  spaces"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["line\nbreak", '"line\\nbreak"'],
  ];
  for (const [name, shown] of names) assert.equal(nameField(name, 100), shown, name);
});

Deno.test("refs name pre-order positions and stand for positional ids", () => {
  const tree = gtkLike();
  const refs = refsOf(tree);
  for (const [id, ref] of refs) assert.equal(elementAtRef(tree, ref)?.id, id);
  assert.equal(elementAtRef(tree, "e999"), null);
  assert.equal(positionalId("root.0", null, tree), "root.0");
  assert.equal(positionalId("e1", null, tree), "root.0");
  const seen = assignIds(node("Window", "", [0, 0, 1, 1], {}, [node("Button", "", [0, 0, 1, 1])]));
  assert.equal(positionalId("e1", seen, tree), "root.0", "resolved in the tree the agent saw");
  assert.equal(positionalId("e5", seen, tree), null);
});

Deno.test("budget: least important first, parents after their children, holders before needed controls", () => {
  const lines = [
    { id: "r", indent: 0, text: "", importance: Importance.needed, parent: -1 },
    { id: "g", indent: 1, text: "", importance: Importance.group, parent: 0 },
    { id: "b", indent: 2, text: "", importance: Importance.needed, parent: 1 },
    { id: "t", indent: 1, text: "", importance: Importance.text, parent: 0 },
    { id: "c", indent: 1, text: "", importance: Importance.control, parent: 0 },
  ];
  const counts = [100, 100, 100, 100, 100]; // 504 tokens with the newlines
  const keptAt = (max: number) =>
    lines.filter((_, i) => linesWithin(lines, counts, max)[i]).map((l) => l.id).join("");
  const cases: Array<[number, string]> = [
    [504, "rgbtc"],
    [NOTE_RESERVE + 403, "rgbc"],
    [NOTE_RESERVE + 302, "rgb"],
    [NOTE_RESERVE + 301, "rb"], // the group holding a needed control goes before it
    [NOTE_RESERVE + 200, "r"],
    [0, "r"],
  ];
  for (const [max, kept] of cases) assert.equal(keptAt(max), kept, `max ${max}`);
});

Deno.test("compact diff: removed lines lose their ref, moved refs are no change", () => {
  const before = gtkLike();
  const after = structuredClone(before);
  const edit = after.children[0].children[0].children[0].children[0].children[0].children[0];
  edit.value = "bob";
  const lines = (t: Element) => compactLinesOf(t, { refs: refsOf(t), area: AREA });
  assert.deepEqual(compactDiff(lines(before), lines(after)), [
    '-   Edit = "alice" focused @110,25',
    '+   e6 Edit = "bob" focused @110,25',
  ]);
  assert.deepEqual(compactDiff(lines(before), lines(before)), []);
});

const FIXTURES = [
  "widget-factory",
  "mousepad",
  "zenity-forms",
  "calculator",
  "calculator-sway",
  "writer",
];

for (const name of FIXTURES) {
  Deno.test(`real window ${name}: default views contain every needed control`, async () => {
    const path = new URL(`../../../tests/fixtures/windows/${name}.json`, import.meta.url);
    const { window, tree } = JSON.parse(await Deno.readTextFile(path));
    const needed = neededControls(tree, window.bounds);
    assert.ok(needed.length > 0);
    const structure = ids(limitLevels(tree, 5).tree);
    const compact = new Set(
      compactLinesOf(tree, { refs: refsOf(tree), area: window.bounds })
        .map((l) => l.id),
    );
    const prose = describeTree(tree, { ...window, process: window.process });
    for (const el of needed) {
      assert.ok(structure.has(el.id), `depth 5 keeps ${el.id} ${el.role} ${el.name}`);
      assert.ok(compact.has(el.id), `the compact view shows ${el.id} ${el.role} ${el.name}`);
      const bounds = `@(${el.bounds.x},${el.bounds.y}) ${el.bounds.width}×${el.bounds.height}`;
      assert.ok(prose.includes(bounds), `the prose lists ${el.id} ${el.role} ${el.name}`);
    }
  });
}

for (const name of FIXTURES) {
  Deno.test(`real window ${name}: every budget is kept, down to the root alone`, async () => {
    const path = new URL(`../../../tests/fixtures/windows/${name}.json`, import.meta.url);
    const { window, tree } = JSON.parse(await Deno.readTextFile(path));
    const lines = compactLinesOf(tree, { refs: refsOf(tree), area: window.bounds });
    const counts = lines.map((l) => countTokens(lineWithIndent(l)));
    const full = counts.reduce((s, c) => s + c, 0) + counts.length - 1;
    for (let max = 0; max <= full + 10; max += 7) {
      const kept = linesWithin(lines, counts, max);
      const total = counts.reduce((s, c, i) => s + (kept[i] ? c + 1 : 0), -1);
      assert.ok(kept[0], `max ${max}: the root stays`);
      if (max >= full) assert.ok(kept.every(Boolean), `max ${max}: nothing cut`);
      else {
        const rootAlone = kept.every((k, i) => k === (i === 0));
        assert.ok(total <= max - NOTE_RESERVE || rootAlone, `max ${max}: ${total} tokens kept`);
      }
    }
    assert.ok(linesWithin(lines, counts, 0).every((k, i) => k === (i === 0)));
  });
}

Deno.test("an empty text has no tokens: an unchanged window's compact diff counts none", () => {
  assert.equal(countTokens(""), 0);
});
