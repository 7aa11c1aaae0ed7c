import { strict as assert } from "node:assert";
import { capturedTreeHash, treeHash } from "./hash.ts";
import { replaceSubtrees } from "./tree_patch.ts";
import { assignIds, type Element, element } from "./tree.ts";
import { loginTree, welcomeTree } from "../../tests/helpers/login.ts";
import { defaultDesktop } from "../../adapters/mock/desktop.ts";

function node(
  role: string,
  name: string,
  value: string | null,
  bounds: number[],
  enabled = true,
  children: Element[] = [],
): Element {
  return element(role, name, bounds, { value, enabled }, children);
}

const login = loginTree;

function referenceNotepadOrder(): Element {
  const tree = defaultDesktop()[0].tree;
  const [menu, doc, hbar, vbar, status, progress, check] = tree.children;
  tree.children = [menu, doc, hbar, vbar, progress, check, status];
  return tree;
}

const VECTORS: Array<[string, () => Element, string]> = [
  [
    "single empty window",
    () => node("Window", "", null, [0, 0, 10, 10]),
    "sha1:83aee31d440f3a3c9d01345747f30bf7e1568d00",
  ],
  [
    "disabled button with value",
    () => node("Button", "OK", "v", [1, 2, 3, 4], false),
    "sha1:e515e8f649fe266689f54e571bd87ce3a3f42e69",
  ],
  [
    "window with the button as child",
    () =>
      node("Window", "", null, [0, 0, 10, 10], true, [
        node("Button", "OK", "v", [1, 2, 3, 4], false),
      ]),
    "sha1:da8723b38329320ce2e113b8a5e958c118682e6c",
  ],
  [
    "reference mock Notepad order",
    referenceNotepadOrder,
    "sha1:c6d1c5dcac4098d1f2611051fa1372c9311d05f0",
  ],
  ["login start", () => login("", ""), "sha1:fea1872051222609de110f1d998873b68a4e8faf"],
  ["login alice", () => login("alice", ""), "sha1:977b969b93162c31920cf9de2aaeec6fb4c10062"],
  [
    "login alice + password",
    () => login("alice", "<filled>"),
    "sha1:729c8168a66cbfa1a180f6b936665b1224c7d96e",
  ],
  [
    "login welcome",
    welcomeTree,
    "sha1:e7106eade464b8752bdca437379f6d39e0a45dec",
  ],
];

for (const [name, build, expected] of VECTORS) {
  Deno.test(`treeHash: ${name}`, () => assert.equal(treeHash(build()), expected));
  Deno.test(`capturedTreeHash: ${name}`, () => assert.equal(capturedTreeHash(build()), expected));
}

Deno.test("capturedTreeHash of a patched tree: its unchanged subtrees' kept text, the patch read", () => {
  const before = login("", "");
  assert.equal(capturedTreeHash(before), VECTORS[4][2]);
  // The username field replaced by a new node: the rest is shared with `before`.
  const field = { ...before.children[0], value: "alice", children: [] };
  const after = replaceSubtrees(before, [field])!;
  assert.equal(capturedTreeHash(after), treeHash(after));
  assert.equal(capturedTreeHash(after), treeHash(login("alice", "")));
  assert.equal(capturedTreeHash(before), VECTORS[4][2]);
});

Deno.test("capturedTreeHash of a tree whose subtrees are too big to keep whole, patched", () => {
  const row = (i: number) =>
    element("ListItem", `row ${i} ${"x".repeat(60)}`, [0, i, 100, 1], {}, [
      element("Label", `cell ${i}`, [0, i, 50, 1]),
    ]);
  const before = assignIds(
    element("Window", "big", [0, 0, 800, 600], {}, [
      element("List", "rows", [0, 0, 800, 600], {}, Array.from({ length: 300 }, (_, i) => row(i))),
      element("Label", "status", [0, 590, 800, 10]),
    ]),
  );
  assert.equal(capturedTreeHash(before), treeHash(before));
  const cell = { ...before.children[0].children[7].children[0], name: "changed", children: [] };
  const after = replaceSubtrees(before, [cell])!;
  assert.equal(capturedTreeHash(after), treeHash(after));
  assert.notEqual(capturedTreeHash(after), capturedTreeHash(before));
});

Deno.test("treeHash ignores ids, focus and extended fields", () => {
  const a = login("x", "");
  const b = login("x", "");
  b.children[0].focused = true;
  b.children[0].id = "other";
  b.children[0].keyboard_shortcut = "Ctrl+U";
  b.children[0].selected = true;
  assert.equal(treeHash(a), treeHash(b));
});

Deno.test("treeHash sees value, bounds, enabled and structure changes", () => {
  const base = treeHash(login("", ""));
  const changes: Array<(t: Element) => void> = [
    (t) => (t.children[0].value = "a"),
    (t) => (t.children[0].bounds.x = 201),
    (t) => (t.children[2].enabled = false),
    (t) => t.children.pop(),
    (t) => (t.children[2].name = "Log in"),
    (t) => (t.children[2].role = "Link"),
  ];
  for (const change of changes) {
    const t = login("", "");
    change(t);
    assert.notEqual(treeHash(t), base);
  }
});

Deno.test("contentFingerprint sees what tree_hash leaves out, but not ids", async () => {
  const { contentFingerprint } = await import("./hash.ts");
  const base = contentFingerprint(login("", ""));
  const renumbered = login("", "");
  renumbered.children[0].id = "x";
  assert.equal(contentFingerprint(renumbered), base);
  const changes: Array<(t: Element) => void> = [
    (t) => (t.children[0].focused = true),
    (t) => (t.children[1].selected = true),
    (t) => (t.children[2].expanded = false),
    (t) => (t.children[2].description = "help"),
  ];
  for (const change of changes) {
    const t = login("", "");
    change(t);
    assert.notEqual(contentFingerprint(t), base);
    assert.equal(treeHash(t), treeHash(login("", "")));
  }
});
