// Derived selectors and the quoting rule that makes them parse back (lib/formats/selectors/quoting.ts).

import { strict as assert } from "node:assert";
import { defaultDesktop } from "../../../adapters/mock/desktop.ts";
import { canonicalSelector, deriveSelector, parseSelector, resolveSelector } from "./index.ts";
import { quoteString, readQuoted } from "./quoting.ts";
import { assignIds, type Element, walk } from "../../model/tree.ts";

function node(role: string, name: string, children: Element[] = []): Element {
  return {
    id: "",
    name,
    role,
    value: null,
    bounds: { x: 0, y: 0, width: 10, height: 10 },
    enabled: true,
    focused: false,
    keyboard_shortcut: null,
    description: null,
    children,
  };
}

/** Derive → parse → resolve must give exactly the element (and so must the canonical form). */
function assertRoundTrips(root: Element): void {
  walk(root, (element) => {
    const derived = deriveSelector(root, element.id);
    const found = resolveSelector(root, parseSelector(derived));
    assert.equal(found.matches[0], element, `${element.id} via ${derived}`);
    assert.equal(found.total, 1, `${element.id} via ${derived} is ambiguous`);
    const canonical = canonicalSelector(parseSelector(derived));
    assert.equal(resolveSelector(root, parseSelector(canonical)).matches[0], element);
  });
}

const NASTY = assignIds(node("Window", 'He said "hi" \\ back/slash > [x]', [
  node("Button", 'say "hi"'),
  node("Button", "it's"),
  node("Button", "C:\\path\\"),
  node("Button", "a/b//c"),
  node("Button", "] > [ ) ("),
  node("Button", ""),
  node("Button", ""),
  node("Text", "dup"),
  node("Text", "dup"),
  node("Text", "wait…"),
  node("Text", "wait..."),
  node("Text", "a\u00a0b"),
  node("Text", "a b"),
  node("Text", "em—dash"),
  node("Text", "em--dash"),
  node("Text", "line1\nline2"),
  node("Text", "  padded  "),
  node("Text", '\\"'),
  node("Text", "\\"),
  node("Text", '"'),
  node("Text", "'"),
  node("Text", "\\'"),
  node("push button", "OK"),
  node("push button", "OK"),
  node("menu-item", ""),
  node("Pane", ':has-text("x") > y', [node("Pane", ""), node("Pane", ":nth-of-type(2)")]),
  node("Pane", "Window//Text", [node("Edit", ".start"), node("Edit", "*")]),
  node("Pane", " ", [node("Text", "😀 emoji"), node("Text", "a]b/c[d")]),
  node("", "no role"),
]));

Deno.test("example: the focused Notepad document", () => {
  const [notepad] = defaultDesktop().map((w) => w.tree);
  assert.equal(
    deriveSelector(notepad, "root.1"),
    'Window[name="Untitled — Notepad"]/Document[name="Text Editor"]',
  );
});

Deno.test("unknown ids derive to the empty string", () => {
  const [notepad] = defaultDesktop().map((w) => w.tree);
  assert.equal(deriveSelector(notepad, "root.9"), "");
  assert.equal(deriveSelector(notepad, ""), "");
});

for (const window of defaultDesktop()) {
  Deno.test(`every node of the mock "${window.title}" round-trips`, () => {
    assertRoundTrips(window.tree);
  });
}

Deno.test("adversarial names and roles round-trip", () => {
  assertRoundTrips(NASTY);
});

Deno.test("derived steps: escapes, indexes for duplicates and unnamed siblings, odd roles", () => {
  const expectations: Array<[string, string]> = [
    ["root.0", 'Button[name="say \\"hi\\""]'],
    ["root.2", 'Button[name="C:\\\\path\\\\"]'],
    ["root.5", "Button[index=5]"],
    ["root.8", 'Text[name="dup"][index=1]'],
    ["root.10", 'Text[name="wait..."][index=3]'],
    ["root.12", 'Text[name="a b"][index=5]'],
    ["root.15", 'Text[name="line1\nline2"]'],
    ["root.23", '*[role="push button"][name="OK"][index=1]'],
    ["root.24", '*[role="menu-item"]'],
    ["root.25.0", 'Pane[name=":has-text(\\"x\\") > y"]/Pane[index=0]'],
    ["root.28", '*[role=""][name="no role"]'],
  ];
  const rootStep = 'Window[name="He said \\"hi\\" \\\\ back/slash > [x]"]';
  for (const [id, step] of expectations) {
    assert.equal(deriveSelector(NASTY, id), `${rootStep}/${step}`);
  }
});

Deno.test("unnamed root derives to its bare role", () => {
  const root = assignIds(node("Pane", "", [node("Text", "")]));
  assert.equal(deriveSelector(root, "root.0"), "Pane/Text");
});

// [selector text, the name it denotes]
const QUOTING: Array<[string, string]> = [
  ['X[name="a\\"b"]', 'a"b'],
  ['X[name="a\\\\b"]', "a\\b"],
  ['X[name="C:\\path"]', "C:\\path"],
  ['X[name="it\\\'s"]', "it's"],
  ["X[name='a\\b']", "a\\b"],
  ["X[name='say \"hi\"']", 'say "hi"'],
  ['X[name=\\"OK\\"]', "OK"],
  ["X[name=\\'OK\\']", "OK"],
  ['X[name=\\"\\"]', ""],
  ['X "a\\\\"', "a\\"],
  ['X "a b"', "a b"],
  ['X:has-text("a\\"b")', 'a"b'],
];

for (const [text, name] of QUOTING) {
  Deno.test(`quoting: ${text} denotes ${JSON.stringify(name)}`, () => {
    const [step] = parseSelector(text).steps;
    assert.equal(step.predicates[0].value, name);
  });
}

Deno.test("quoteString is read back exactly", () => {
  for (const s of ["", '"', "\\", '\\"', "a\\", "'\\'", "line\nbreak", "😀\\\"'x"]) {
    const chars = Array.from(quoteString(s));
    assert.deepEqual(readQuoted(chars, 0), { value: s, end: chars.length });
  }
});
