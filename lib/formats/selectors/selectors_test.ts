// Resolution table against the default mock desktop, plus the canonical round-trip property.

import { strict as assert } from "node:assert";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";
import {
  canonicalSelector,
  detectGrammar,
  findElements,
  type Grammar,
  parseSelector,
  resolveSelector,
} from "./index.ts";
import type { Element } from "../../model/tree.ts";

const [notepad, chrome, vscode] = defaultDesktop().map((w) => w.tree);
const TREES: Record<string, Element> = { notepad, chrome, vscode };

interface Case {
  selector: string;
  ids: string[];
  /** Defaults to the Notepad tree. */
  tree?: "chrome" | "vscode";
  grammar?: Grammar;
  canonical?: string;
}

const ids = (prefix: string, from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
const MENU_ITEMS = ids("root.0.", 0, 4);
const STATUS_TEXTS = ids("root.4.", 0, 3);
const NOTEPAD_DESCENDANTS = [...ids("root.", 0, 6), ...MENU_ITEMS, ...STATUS_TEXTS];

const CASES: Case[] = [
  // resolution examples (in Window//Text, `//` is the descendant axis)
  {
    selector: 'Window/MenuBar/MenuItem[name="Edit"]',
    ids: ["root.0.1"],
    grammar: "xpath",
    canonical: 'Window/MenuBar/MenuItem[name="Edit"]',
  },
  { selector: "Window/MenuBar/MenuItem", ids: MENU_ITEMS, grammar: "xpath" },
  { selector: "MenuItem", ids: MENU_ITEMS, grammar: "xpath", canonical: "MenuItem" },
  {
    selector: '//MenuItem[name="Edit"]',
    ids: ["root.0.1"],
    grammar: "xpath",
    canonical: '//MenuItem[name="Edit"]',
  },
  {
    selector: "Window > * MenuItem:nth-of-type(2)",
    ids: ["root.0.1"],
    grammar: "css",
    canonical: "Window/*//MenuItem[index=1]",
  },
  {
    selector: "Window StatusBar Text[index=1]",
    ids: ["root.4.1"],
    grammar: "css",
    canonical: "Window//StatusBar//Text[index=1]",
  },
  { selector: 'Text "Zoom"', ids: ["root.4.1"], grammar: "xpath", canonical: 'Text[name="Zoom"]' },
  {
    selector: '.MenuItem:has-text("Hel")',
    ids: ["root.0.4"],
    grammar: "css",
    canonical: 'MenuItem[name*="Hel"]',
  },
  { selector: 'MenuItem[aria-label="File"]', ids: ["root.0.0"], grammar: "xpath" },
  { selector: "Window/*[index=1]", ids: ["root.3"], grammar: "xpath" },
  { selector: "Document[focused=true]", ids: ["root.1"], canonical: "Document[focused=true]" },
  { selector: "Window//Text", ids: STATUS_TEXTS, grammar: "xpath", canonical: "Window//Text" },
  // canonical rendering examples
  {
    selector: "Window > MenuBar > MenuItem",
    ids: MENU_ITEMS,
    grammar: "css",
    canonical: "Window/MenuBar/MenuItem",
  },
  { selector: 'Text[text()="Zoom"]', ids: ["root.4.1"], canonical: 'Text[text="Zoom"]' },
  { selector: 'Text[index="2"]', ids: ["root.4.2"], canonical: 'Text[index="2"]' },
  // name and value matching examples
  { selector: 'Window[name="Untitled -- Notepad"]', ids: ["root"] },
  { selector: 'Text[value~="U.*"]', ids: ["root.4.2"], canonical: 'Text[value~="U.*"]' },
  { selector: 'Text[value~="U"]', ids: [] },

  // axes, first-step anchoring and fallback, descendant order
  { selector: "Window", ids: ["root"] },
  { selector: "*", ids: ["root"] },
  { selector: "//Window", ids: [] },
  { selector: "//*", ids: NOTEPAD_DESCENDANTS, canonical: "//*" },
  { selector: "Window *", ids: NOTEPAD_DESCENDANTS, grammar: "css", canonical: "Window//*" },
  { selector: "Window > *", ids: ids("root.", 0, 6), canonical: "Window/*" },
  { selector: "Window/*", ids: ids("root.", 0, 6) },
  { selector: "Window/StatusBar/Text", ids: STATUS_TEXTS },
  { selector: "//Text", ids: STATUS_TEXTS },
  { selector: "//StatusBar//Text", ids: STATUS_TEXTS, canonical: "//StatusBar//Text" },
  { selector: "Window//MenuBar//MenuItem", ids: MENU_ITEMS },
  { selector: "Window/MenuBar//MenuItem", ids: MENU_ITEMS },
  { selector: "Window///Text", ids: STATUS_TEXTS, canonical: "Window//Text" },
  { selector: "Window/MenuBar/", ids: ["root.0"], canonical: "Window/MenuBar" },
  { selector: "  Window / MenuBar  ", ids: ["root.0"] },
  { selector: "/Window/MenuBar", ids: ["root.0"] },
  { selector: "Window//StatusBar/Text[index=3]", ids: ["root.4.3"] },
  { selector: "MenuBar/MenuItem", ids: MENU_ITEMS },
  { selector: 'MenuBar > MenuItem[name="View"]', ids: ["root.0.3"], grammar: "css" },
  { selector: "Window/Text", ids: [] },
  { selector: "Window > Text", ids: [] },
  { selector: "Window Text", ids: STATUS_TEXTS, grammar: "css" },
  { selector: "StatusBar Text", ids: STATUS_TEXTS, canonical: "StatusBar//Text" },
  { selector: "Window > StatusBar > Text:nth-of-type(4)", ids: ["root.4.3"] },
  { selector: "Window>MenuBar>MenuItem:nth-of-type(1)", ids: ["root.0.0"], grammar: "css" },
  { selector: "Window   >   MenuBar", ids: ["root.0"] },
  { selector: "MenuItem:nth-of-type(6)", ids: [] },
  { selector: "Window/Window", ids: [] },
  { selector: "window", ids: [] },
  { selector: "//menuitem", ids: [] },

  // every predicate key
  { selector: 'MenuItem[name="Edit"]', ids: ["root.0.1"] },
  { selector: 'MenuItem[text="Help"]', ids: ["root.0.4"] },
  { selector: 'MenuItem[label="View"]', ids: ["root.0.3"] },
  { selector: 'Text[value="100%"]', ids: ["root.4.1"] },
  { selector: '*[role="CheckBox"]', ids: ["root.6"] },
  { selector: '*[role="Window"]', ids: ["root"] },
  { selector: 'Document[value*="test document"]', ids: ["root.1"] },
  { selector: 'Text[keyboard_shortcut=""]', ids: STATUS_TEXTS },
  { selector: 'Button[keyboard_shortcut="Ctrl+T"]', ids: ["root.0.2"], tree: "chrome" },
  { selector: "Button[enabled=false]", ids: ["root.1.1"], tree: "chrome" },
  { selector: 'Button[enabled="false"]', ids: ["root.1.1"], tree: "chrome" },
  { selector: "Button[enabled='false']", ids: ["root.1.1"], tree: "chrome" },
  { selector: "Button[enabled=0]", ids: ["root.1.1"], tree: "chrome" },
  { selector: 'Button[enabled="yes"]', ids: [], tree: "chrome" },
  {
    selector: "ToolBar/Button[enabled=true]",
    ids: ["root.1.0", "root.1.2", "root.1.4", "root.1.5", "root.1.6"],
    tree: "chrome",
  },
  {
    selector: 'ToolBar/Button[enabled="true"]',
    ids: ["root.1.0", "root.1.2", "root.1.4", "root.1.5", "root.1.6"],
    tree: "chrome",
  },
  { selector: "Window/ToolBar/Button[index=1][enabled=false]", ids: ["root.1.1"], tree: "chrome" },
  { selector: 'Document[focused="true"]', ids: ["root.1"] },
  { selector: '*[focused=false][name="Text Editor"]', ids: [] },
  { selector: 'MenuItem[data-x="File"]', ids: [] },
  { selector: 'MenuItem[index="2"]', ids: ["root.0.2"] },
  { selector: "MenuItem[index=-1]", ids: [] },
  { selector: 'MenuItem[index="two"]', ids: [] },
  { selector: "MenuItem[index*=1]", ids: [] },
  { selector: "ScrollBar[index=0]", ids: ["root.2"] },
  { selector: "Window/ScrollBar[index=1]", ids: ["root.3"] },
  {
    selector: "Window/*[index=0]",
    ids: ["root.0", "root.1", "root.2", "root.4", "root.5", "root.6"],
  },
  { selector: "*[index=0]", ids: ["root"] },
  { selector: "Text[index=0]", ids: ["root.4.0"] },
  { selector: "Window[index=0]", ids: ["root"] },
  { selector: "Window[index=1]", ids: [] },
  { selector: 'MenuItem[name="Edit"][index=1]', ids: ["root.0.1"] },
  { selector: 'MenuItem [name="Edit"] [index=1]', ids: ["root.0.1"], grammar: "xpath" },
  { selector: 'MenuItem[name="Edit"][index=0]', ids: [] },
  { selector: 'MenuItem[ name = "Edit" ]', ids: ["root.0.1"] },

  // operators, lookalikes, regex full match
  { selector: 'MenuItem[name*="e"]', ids: ["root.0.0", "root.0.3", "root.0.4"], grammar: "css" },
  { selector: 'MenuItem[name~="(?i)e.*"]', ids: ["root.0.1"] },
  { selector: 'MenuItem[name~="F.*"]', ids: ["root.0.0", "root.0.2"] },
  { selector: 'MenuItem[name~="F"]', ids: [] },
  { selector: 'MenuItem[name~="File|Edit"]', ids: ["root.0.0", "root.0.1"] },
  { selector: 'MenuItem[name~="(?i)file"]', ids: ["root.0.0"] },
  { selector: 'Window[name~="Untitled -- Notepad"]', ids: [] },
  { selector: 'Window[name~="Untitled — Notepad"]', ids: ["root"] },
  { selector: 'Window[name*="—"]', ids: ["root"] },
  { selector: 'Window[name*="-- Note"]', ids: ["root"] },
  { selector: 'Window[name="Untitled – Notepad"]', ids: [] },
  { selector: 'Edit[name="Search or jump to..."]', ids: ["root.2.1.4"], tree: "chrome" },
  { selector: 'Edit[name*="jump to…"]', ids: ["root.2.1.4"], tree: "chrome" },
  { selector: 'Heading[name="Let\'s build from here"]', ids: [], tree: "chrome" },
  { selector: 'Edit[keyboard_shortcut~="Ctrl\\+L"]', ids: ["root.1.3"], tree: "chrome" },
  { selector: 'Window[name*="GitHub · Where"]', ids: ["root"], tree: "chrome" },
  { selector: 'TreeItem[name~=".*\\.py"]', ids: ["root.1.0.1", "root.1.0.2"], tree: "vscode" },
  { selector: 'Pane/Edit[value~="(?s).*Notepad.*"]', ids: ["root.4.0"], tree: "vscode" },
  { selector: 'Pane/Edit[value~=".*Notepad.*"]', ids: [], tree: "vscode" },
  { selector: 'Text[name~="(?i)cursor position"]', ids: ["root.5.1"], tree: "vscode" },

  // descendant enumeration order and per-parent index on other trees
  { selector: 'Edit[value=""]', ids: ["root.2.4", "root.2.1.4"], tree: "chrome" },
  {
    selector: "Link",
    ids: ["root.2.0", "root.2.7", ...ids("root.2.1.", 0, 3), "root.2.1.5", "root.2.1.6"],
    tree: "chrome",
  },
  { selector: "Link[index=0]", ids: ["root.2.0", "root.2.1.0"], tree: "chrome" },
  { selector: "Document Link[index=1]", ids: ["root.2.7", "root.2.1.1"], tree: "chrome" },
  {
    selector: "Button",
    ids: ["root.0.2", "root.1.0", "root.1.1", "root.1.2", ...ids("root.1.", 4, 6), "root.2.5"],
    tree: "chrome",
  },
  {
    selector: '*[name="screen_observer.py"]',
    ids: ["root.3", "root.1.0.1", "root.2.0"],
    tree: "vscode",
  },
  { selector: "Heading", ids: ["root.2.2", "root.2.6"], tree: "chrome" },

  // Playwright text pseudo-classes and :nth-of-type
  { selector: 'Heading:has-text("build")', ids: ["root.2.2"], tree: "chrome" },
  {
    selector: ':has-text("Sign")',
    ids: ["root.2.5", "root.2.1.5", "root.2.1.6"],
    tree: "chrome",
    grammar: "css",
    canonical: '*[name*="Sign"]',
  },
  { selector: ":text('Sign up')", ids: ["root.2.5", "root.2.1.6"], tree: "chrome" },
  { selector: "Window > ToolBar > Button:nth-of-type(3)", ids: ["root.1.2"], tree: "chrome" },
  { selector: "TabControl > *:nth-of-type(1)", ids: ["root.0.0", "root.0.2"], tree: "chrome" },
  { selector: "TreeItem:nth-of-type(5)", ids: ["root.1.0.4"], tree: "vscode" },
  { selector: "Window > Pane:nth-of-type(2) > Edit", ids: ["root.4.0"], tree: "vscode" },
  {
    selector: 'Window/MenuBar/MenuItem:has-text("Ed")',
    ids: ["root.0.1"],
    grammar: "xpath",
    canonical: 'Window/MenuBar/MenuItem[name*="Ed"]',
  },
  { selector: 'MenuItem:foo(bar) "Edit"', ids: ["root.0.1"], canonical: 'MenuItem[name="Edit"]' },

  // other trees
  { selector: 'TabControl/TabItem[name="New Tab"]', ids: ["root.0.1"], tree: "chrome" },
  {
    selector: 'Window/Document/Navigation/Link[name="Pricing"]',
    ids: ["root.2.1.3"],
    tree: "chrome",
  },
  { selector: "Pane Edit", ids: ["root.4.0"], tree: "vscode" },
  { selector: 'Pane > Edit[value*="Notepad"]', ids: ["root.4.0"], tree: "vscode" },
  { selector: 'StatusBar/Text[value="main"]', ids: ["root.5.0"], tree: "vscode" },
  { selector: 'Document[name="screen_observer.py"]', ids: ["root.3"], tree: "vscode" },
  { selector: 'ToolBar/Button[keyboard_shortcut*="Shift+G"]', ids: ["root.0.2"], tree: "vscode" },
  {
    selector: 'Window/Pane[index=0]//TreeItem[name="main.py"]',
    ids: ["root.1.0.2"],
    tree: "vscode",
  },

  // bare quoted names and quoting (see lib/formats/selectors/quoting.ts for the escaping rule)
  { selector: 'MenuItem "Edit"', ids: ["root.0.1"] },
  { selector: "MenuItem 'Edit'", ids: ["root.0.1"] },
  { selector: "MenuItem[name='Edit']", ids: ["root.0.1"], canonical: 'MenuItem[name="Edit"]' },
  { selector: 'MenuItem[name=\\"Edit\\"]', ids: ["root.0.1"], canonical: 'MenuItem[name="Edit"]' },
  { selector: 'Text \\"Zoom\\"', ids: ["root.4.1"] },
  { selector: ".MenuItem:has-text(\\'Hel\\')", ids: ["root.0.4"] },
  { selector: 'Window > MenuBar > MenuItem "Edit"', ids: ["root.0.1"], grammar: "css" },
  {
    selector: 'Window "Untitled — Notepad" MenuItem "File"',
    ids: ["root.0.0"],
    grammar: "css",
    canonical: 'Window[name="Untitled — Notepad"]//MenuItem[name="File"]',
  },
  { selector: 'Window[name="Untitled — Notepad"] MenuItem', ids: MENU_ITEMS, grammar: "css" },
  { selector: 'CheckBox "Word Wrap"', ids: ["root.6"] },
  { selector: 'CheckBox[name="Word Wrap"]', ids: ["root.6"], grammar: "xpath" },
  { selector: 'ProgressBar[name="Saving"]', ids: ["root.5"] },
];

for (const c of CASES) {
  Deno.test(`resolve ${c.selector} (${c.tree ?? "notepad"})`, () => {
    const found = findElements(TREES[c.tree ?? "notepad"], c.selector);
    assert.deepEqual(found.matches.map((e) => e.id), c.ids);
    assert.equal(found.total, c.ids.length);
    if (c.grammar) assert.equal(detectGrammar(Array.from(c.selector.trim())), c.grammar);
    if (c.canonical) assert.equal(found.canonical, c.canonical);
  });
}

Deno.test("the table has at least 100 resolution cases", () => {
  assert.ok(CASES.length >= 100, `${CASES.length} cases`);
});

// The canonical form keeps the meaning and is a fixed point.
for (const c of CASES) {
  Deno.test(`canonical round-trip ${c.selector}`, () => {
    const canonical = canonicalSelector(parseSelector(c.selector));
    assert.equal(canonicalSelector(parseSelector(canonical)), canonical);
    for (const root of Object.values(TREES)) {
      const direct = resolveSelector(root, parseSelector(c.selector)).matches;
      const reparsed = resolveSelector(root, parseSelector(canonical)).matches;
      assert.deepEqual(reparsed.map((e) => e.id), direct.map((e) => e.id));
    }
  });
}

Deno.test("total is the true count and matches are not truncated", () => {
  const root: Element = {
    ...notepad,
    children: Array.from({ length: 23 }, (_, i) => ({ ...notepad.children[0], id: `root.${i}` })),
  };
  const found = findElements(root, "MenuBar");
  assert.equal(found.total, 23);
  assert.equal(found.matches.length, 23);
  assert.equal(findElements(root, "//MenuItem").total, 23 * 5);
});

Deno.test("no de-duplication: nested candidates repeat shared descendants", () => {
  const found = findElements(chrome, "//*//Link");
  // the Document (root.2) reaches all 8 links, then the Navigation (root.2.1) its 6 again
  const navigationLinks = [...ids("root.2.1.", 0, 3), "root.2.1.5", "root.2.1.6"];
  assert.equal(found.total, 14);
  assert.deepEqual(found.matches.slice(8).map((e) => e.id), navigationLinks);
});

Deno.test("parsed structure of a CSS selector", () => {
  assert.deepEqual(parseSelector('.Window > MenuBar MenuItem:nth-of-type(2)[name*="d"]'), {
    steps: [
      { role: "Window", axis: "child", predicates: [] },
      { role: "MenuBar", axis: "child", predicates: [] },
      {
        role: "MenuItem",
        axis: "descendant",
        predicates: [
          { key: "index", op: "=", value: 1, quoted: false },
          { key: "name", op: "*=", value: "d", quoted: true },
        ],
      },
    ],
  });
});

Deno.test("parsed literals keep their kind", () => {
  const [step] = parseSelector('X[a=true][b=false][c=-12][d="7"][e=\'t\'][text()~="x"]').steps;
  assert.deepEqual(step.predicates, [
    { key: "a", op: "=", value: true, quoted: false },
    { key: "b", op: "=", value: false, quoted: false },
    { key: "c", op: "=", value: -12, quoted: false },
    { key: "d", op: "=", value: "7", quoted: true },
    { key: "e", op: "=", value: "t", quoted: true },
    { key: "text", op: "~=", value: "x", quoted: true },
  ]);
});
