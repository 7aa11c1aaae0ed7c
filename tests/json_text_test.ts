// resultJson (lib/core/json_text.ts) writes what JSON.stringify writes, reusing
// the text of registered values; viewOnce (lib/views/reuse.ts) makes a tree's
// view once, sanitized, and marking a result untrusted then passes it as it is.

import { strict as assert } from "node:assert";
import { resultJson, reuseJsonOf } from "../lib/core/json_text.ts";
import { markUntrusted } from "../lib/core/untrusted.ts";
import { assignIds, element } from "../lib/core/tree.ts";
import { viewOnce } from "../lib/views/reuse.ts";

const registered = { tree: { name: "a", children: [{ name: "b \"quoted\"", n: 1.5 }] } };
reuseJsonOf(registered.tree);

const bodies: Array<[string, Record<string, unknown>]> = [
  ["no registered value", { ok: true, n: 3, list: [1, "two", null], nested: { a: "x" } }],
  ["a registered value among others", { ok: true, tree: registered.tree, token: "tt:1" }],
  ["fields without JSON", { a: undefined, f: () => 1, tree: registered.tree, b: null }],
  ["a registered value twice", { one: registered.tree, two: registered.tree }],
  ["odd keys", { "quote\"key": registered.tree, "ünï": "✓", "": 0 }],
  ["a date", { at: new Date(0), tree: registered.tree }],
];

for (const [name, body] of bodies) {
  Deno.test(`resultJson writes what JSON.stringify writes: ${name}`, () => {
    assert.equal(resultJson(body), JSON.stringify(body));
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

Deno.test("a view is made once per tree and key, sanitized, and passed as it is after", () => {
  const tree = assignIds(
    element("Window", "w", [0, 0, 10, 10], {}, [
      element("Label", "evil\x1b[31m red\x07", [0, 0, 5, 5]),
    ]),
  );
  let made = 0;
  const make = () => {
    made++;
    return { tree: structuredClone(tree), truncated: false };
  };
  const first = viewOnce(tree, "5 basic", make);
  assert.equal(first.tree.children[0].name, "evil red");
  assert.equal(viewOnce(tree, "5 basic", make), first);
  assert.equal(made, 1);
  viewOnce(tree, "3 basic", make);
  assert.equal(made, 2, "another key is another view");
  const result = markUntrusted({ tree: first.tree });
  assert.equal(result.tree, first.tree, "not sanitized again");
  assert.equal(result.untrusted, true);
  assert.equal(tree.children[0].name, "evil\x1b[31m red\x07", "the tree itself is untouched");
});
