// resultJson (lib/model/json_text.ts) writes what JSON.stringify writes, reusing
// the text of registered values and trees; levelView (lib/formats/views/reuse.ts) makes
// a tree's view once per subtree, as limitLevels and withDetail would, sanitized,
// and marking a result untrusted then passes it as it is.

import { strict as assert } from "node:assert";
import {
  forgetTreeJson,
  keepArrivedJson,
  noteArrivedJson,
  resultJson,
  resultJsonOut,
  reuseJsonOf,
  reuseTreeJsonOf,
} from "./json_text.ts";
import { markSanitizedTree, markUntrusted, sanitizeValue } from "./untrusted.ts";
import { assignIds, type Element, element } from "./tree.ts";
import { replaceSubtrees } from "./tree_patch.ts";
import { limitLevels } from "../formats/views/levels.ts";
import { levelView } from "../formats/views/reuse.ts";
import { withDetail } from "../tools/shared/tree_view_args.ts";

const registered = { tree: { name: "a", children: [{ name: 'b "quoted"', n: 1.5 }] } };
reuseJsonOf(registered.tree);
// Long, with a character beyond Latin-1.
const big = { text: `${"x".repeat(5000)} — ✓`, list: Array.from({ length: 50 }, (_, i) => i) };
reuseJsonOf(big);

/** Pieces of an answer as the text they write. */
const textOfPieces = (pieces: Array<string | Uint8Array>) =>
  pieces.map((piece) => typeof piece === "string" ? piece : new TextDecoder().decode(piece)).join(
    "",
  );

const bodies: Array<[string, Record<string, unknown>]> = [
  ["no registered value", { ok: true, n: 3, list: [1, "two", null], nested: { a: "x" } }],
  ["a registered value among others", { ok: true, tree: registered.tree, token: "tt:1" }],
  ["fields without JSON", { a: undefined, f: () => 1, tree: registered.tree, b: null }],
  ["a registered value twice", { one: registered.tree, two: registered.tree }],
  ["odd keys", { 'quote"key': registered.tree, "ünï": "✓", "": 0 }],
  ["a date", { at: new Date(0), tree: registered.tree }],
  ["a registered value first", { tree: registered.tree, ok: true }],
  ["a registered value alone", { tree: registered.tree }],
  ["a registered value last, after one without JSON", {
    ok: 1,
    u: undefined,
    tree: registered.tree,
  }],
  ["nothing", {}],
  ["a big registered value among others", { ok: true, big, tree: registered.tree, n: 2 }],
  ["a big registered value first and last", { big, u: undefined, again: big }],
  ["a big registered value alone", { big }],
];

for (const [name, body] of bodies) {
  Deno.test(`resultJson writes what JSON.stringify writes: ${name}`, () => {
    assert.equal(resultJson(body), JSON.stringify(body));
  });
  Deno.test(`resultJsonOut is that text, in pieces with registered values' UTF-8: ${name}`, () => {
    const registeredCount = Object.values(body).filter((v) => v === big || v === registered.tree)
      .length;
    const first = resultJsonOut(body);
    const again = resultJsonOut(body);
    for (const out of [first, again]) {
      assert.equal(out.text(), JSON.stringify(body));
      assert.equal(textOfPieces(out.pieces), JSON.stringify(body));
      const kept = out.pieces.filter((piece) => piece instanceof Uint8Array);
      assert.equal(kept.length, registeredCount, "each registered value is one piece of UTF-8");
    }
    const keptAgain = again.pieces.filter((piece) => piece instanceof Uint8Array);
    first.pieces.filter((piece) => piece instanceof Uint8Array).forEach((bytes, i) =>
      assert.equal(keptAgain[i], bytes, "encoded once, then the same bytes")
    );
  });
}

Deno.test("resultJson reuses a registered value's text once made", () => {
  const value = { name: "before" };
  reuseJsonOf(value);
  assert.equal(resultJson({ value }), '{"value":{"name":"before"}}');
  // Registered values are never changed: the text made first is the one served.
  value.name = "after";
  assert.equal(resultJson({ value }), '{"value":{"name":"before"}}');
  assert.equal(resultJson({ copy: { ...value } }), '{"copy":{"name":"after"}}');
});

Deno.test("a registered tree's text is written from its registered subtrees' text", () => {
  const leaf = { id: "root.0", name: 'say "hi"', children: [], value: null };
  const middle = { id: "root", children: [leaf, { id: "x", children: [] }], name: "m", n: 2 };
  reuseTreeJsonOf(leaf as unknown as Element);
  reuseTreeJsonOf(middle as unknown as Element);
  // children first, last, alone, and fields without JSON: the text JSON.stringify writes.
  const shapes: Element[] = [
    middle as unknown as Element,
    { children: [leaf], a: 1 } as unknown as Element,
    { a: undefined, children: [], b: () => 1 } as unknown as Element,
  ];
  for (const tree of shapes) {
    reuseTreeJsonOf(tree);
    assert.equal(resultJson({ tree }), JSON.stringify({ tree }));
  }
});

Deno.test("a tree whose children have no kept text is written whole", () => {
  const leaf = { id: "root.0", name: "before", children: [] };
  const root = { id: "root", children: [leaf], name: "r" };
  reuseTreeJsonOf(leaf as unknown as Element);
  reuseTreeJsonOf(root as unknown as Element);
  assert.equal(resultJson({ tree: root }), JSON.stringify({ tree: root }));
  // Registered values never change: a changed name shows that no subtree text was kept.
  leaf.name = "after";
  const next = { id: "root", children: [leaf], name: "r2" } as unknown as Element;
  reuseTreeJsonOf(next);
  assert.match(resultJson({ tree: next }), /"after"/);
});

/** A window with platform detail, structural panels, a deep branch and text to sanitize. */
function detailedTree(): Element {
  const detail = { platform_role: "push button", states: { showing: true }, actions: [] };
  return assignIds(
    element("Window", "w", [0, 0, 400, 300], { ...detail }, [
      element("Panel", "", [0, 0, 400, 100], {}, [
        element("Button", "evil\x1b[31m red\x07", [0, 0, 50, 20], { ...detail }),
        element("List", "items", [0, 30, 100, 60], {}, [
          element("ListItem", "one", [0, 30, 100, 20], {}, [
            element("Label", "deep", [0, 30, 50, 20]),
          ]),
        ]),
      ]),
      element("Label", "status", [0, 280, 400, 20], { text: "status" }),
    ]),
  );
}

Deno.test("levelView's JSON of a tree too big to keep whole, and of its patched successor", () => {
  const rows = Array.from(
    { length: 300 },
    (_, i) =>
      element("ListItem", `row ${i} ${"x".repeat(80)}`, [0, i, 100, 1], {}, [
        element("Label", `cell ${i}`, [0, i, 50, 1]),
      ]),
  );
  const tree = assignIds(element("Window", "big", [0, 0, 800, 600], {}, [
    element("List", "rows", [0, 0, 800, 600], {}, rows),
  ]));
  const view = levelView(tree, Infinity, "basic");
  assert.ok(JSON.stringify(view.tree).length > 32_768);
  assert.equal(resultJson({ tree: view.tree }), JSON.stringify({ tree: view.tree }));
  const cell = { ...tree.children[0].children[5].children[0], name: "changed", children: [] };
  const after = levelView(replaceSubtrees(tree, [cell])!, Infinity, "basic");
  assert.equal(resultJson({ tree: after.tree }), JSON.stringify({ tree: after.tree }));
  assert.match(resultJson({ tree: after.tree }), /"changed"/);
});

const VIEWS: Array<[number, "basic" | "full" | undefined]> = [
  [0, undefined],
  [1, "basic"],
  [2, "full"],
  [3, undefined],
  [Infinity, "full"],
];

for (const [depth, detail] of VIEWS) {
  Deno.test(`levelView is limitLevels with the detail, sanitized: depth ${depth}, ${detail}`, () => {
    const tree = detailedTree();
    const expected = limitLevels(tree, depth);
    const view = levelView(tree, depth, detail);
    assert.deepEqual(view.tree, sanitizeValue(withDetail(expected.tree, detail)));
    assert.equal(view.truncated, expected.truncated);
    assert.equal(resultJson({ tree: view.tree }), JSON.stringify({ tree: view.tree }));
  });
}

Deno.test("levelView: the same view again, a patched tree's unchanged parts shared, and passed as it is", () => {
  const tree = detailedTree();
  const first = levelView(tree, 3, "basic");
  assert.equal(levelView(tree, 3, "basic"), first);
  assert.notEqual(levelView(tree, 2, "basic"), first, "another depth is another view");
  assert.equal(first.tree.children[0].children[0].name, "evil red");
  assert.equal(tree.children[0].children[0].name, "evil\x1b[31m red\x07", "the tree is untouched");
  const status = { ...tree.children[1], name: "saved", children: [] };
  const patched = replaceSubtrees(tree, [status])!;
  const after = levelView(patched, 3, "basic");
  assert.equal(
    after.tree.children[0],
    first.tree.children[0],
    "the unchanged panel's view is shared",
  );
  assert.equal(after.tree.children[1].name, "saved");
  assert.deepEqual(after.tree, sanitizeValue(withDetail(limitLevels(patched, 3).tree, "basic")));
  assert.equal(resultJson({ tree: after.tree }), JSON.stringify({ tree: after.tree }));
  const result = markUntrusted({ tree: after.tree });
  assert.equal(result.tree, after.tree, "not sanitized again");
});

Deno.test("levelView: a full, uncut view of clean nodes is those nodes; the rest are copies", () => {
  const tree = detailedTree();
  const view = levelView(tree, Infinity, "full").tree;
  // The panel holds the button whose name has control characters: it and its button are copies.
  assert.notEqual(view.children[0], tree.children[0]);
  assert.notEqual(view.children[0].children[0], tree.children[0].children[0]);
  assert.equal(view.children[0].children[1], tree.children[0].children[1], "the clean list");
  assert.equal(view.children[1], tree.children[1], "the clean status label");
  assert.notEqual(view, tree, "a root holding a copy is a copy");
  const cut = levelView(tree, 1, "full").tree;
  assert.notEqual(cut.children[0].children[1], tree.children[0].children[1], "cut: marked copies");
  assert.deepEqual(view, sanitizeValue(limitLevels(tree, Infinity).tree));
});

Deno.test("levelView: a fresh full-detail walk marked clean is served as it came, and its patched successor shares its parts", () => {
  const clean = () => {
    const tree = detailedTree();
    tree.children[0].children[0].name = "plain";
    markSanitizedTree(tree);
    return tree;
  };
  const tree = clean();
  const view = levelView(tree, Infinity, "full");
  assert.equal(view.tree, tree);
  assert.equal(view.truncated, false);
  assert.equal(levelView(tree, Infinity, "full"), view, "the same view again");
  assert.equal(resultJson({ tree: view.tree }), JSON.stringify({ tree }));
  const status = { ...tree.children[1], name: "saved", children: [] };
  markSanitizedTree(status);
  const patched = replaceSubtrees(tree, [status])!;
  const after = levelView(patched, Infinity, "full");
  assert.equal(after.tree.children[0], tree.children[0], "the unchanged panel is itself");
  assert.equal(after.tree.children[1].name, "saved");
  assert.equal(resultJson({ tree: after.tree }), JSON.stringify({ tree: after.tree }));
  // Cut by the depth asked, or by the adapter: copies, as for any tree.
  const shallow = levelView(clean(), 1, "full");
  assert.equal(shallow.truncated, true);
  assert.deepEqual(shallow.tree, limitLevels(clean(), 1).tree);
  const cutByAdapter = clean();
  Object.assign(cutByAdapter.children[1], { truncated: true, child_count: 3 });
  const marked = levelView(cutByAdapter, Infinity, "full");
  assert.equal(marked.truncated, true);
  assert.equal(marked.tree.children[1], cutByAdapter.children[1]);
  // Unmarked, a tree is read as before: its control characters sanitized.
  const unmarked = detailedTree();
  assert.notEqual(levelView(unmarked, Infinity, "full").tree, unmarked);
});

const utf8Of = (text: string) => new TextEncoder().encode(text);

Deno.test("an arrived JSON is used once its holder keeps it, and forgotten when the tree changes", () => {
  const tree = assignIds(element("Window", "w", [0, 0, 10, 10], {}, [
    element("Label", "a€".repeat(30), [0, 0, 5, 5]),
  ]));
  // Spaced, so the text written shows which one was used.
  noteArrivedJson(tree, utf8Of(JSON.stringify(tree, null, 1)));
  reuseTreeJsonOf(tree);
  assert.equal(resultJson({ tree }), JSON.stringify({ tree }), "not kept: written anew");
  const next = structuredClone(tree);
  const spaced = JSON.stringify(next, null, 1);
  noteArrivedJson(next, utf8Of(spaced));
  keepArrivedJson(next);
  reuseTreeJsonOf(next);
  assert.equal(resultJson({ tree: next }), `{"tree":${spaced}}`);
  const big = { tree: next, more: 1 };
  assert.equal(
    textOfPieces(resultJsonOut(big).pieces),
    resultJson(big),
    "its UTF-8 is that text's",
  );
  assert.match(resultJson(big), /^\{"tree":\{\n "id"/);
  next.children[0].name = "changed in place";
  forgetTreeJson(next);
  assert.equal(resultJson({ tree: next }), JSON.stringify({ tree: next }));
  assert.equal(textOfPieces(resultJsonOut(big).pieces), JSON.stringify(big));
});

Deno.test("resultJsonOut says when its text would be made from UTF-8 alone, until it is", () => {
  const tree = assignIds(element("Window", "w — ✓", [0, 0, 10, 10], {}, [
    element("Label", "a", [0, 0, 5, 5]),
  ]));
  assert.equal(resultJsonOut({ ok: true }).textFromBytes, false);
  // Arrived as UTF-8 alone (parsed in pieces), kept, registered: its text is not made yet.
  noteArrivedJson(tree, utf8Of(JSON.stringify(tree)));
  keepArrivedJson(tree);
  reuseTreeJsonOf(tree);
  const out = resultJsonOut({ tree, n: 1 });
  assert.equal(out.textFromBytes, true);
  assert.equal(out.text(), JSON.stringify({ tree, n: 1 }));
  // Made once, the text is kept: the next answer's is ready.
  assert.equal(resultJsonOut({ tree, n: 1 }).textFromBytes, false);
});
