import { strict as assert } from "node:assert";
import {
  markSanitizedTree,
  markUntrusted,
  needsNoSanitizingUtf8,
  sanitizedForReuse,
  sanitizeString,
  sanitizeValue,
} from "./untrusted.ts";
import { element } from "./tree.ts";

const CASES: Array<[string, string]> = [
  ["a\x1b[31mred\x1b[0mb", "aredb"],
  ["x\x1b]0;evil title\x07y", "xy"],
  ["x\x1b]0;evil\x1b\\y", "xy"],
  ["x\x1b]unterminated", "x"],
  ["a\x00b\x08c\x7fd", "abcd"],
  ["keep\ttab\nline\rcr", "keep\ttab\nline\rcr"],
  ["a\x1bMb", "ab"],
  ["c1\x85\x9fz", "c1z"],
  ["Grüße ✓ 日本 — ok", "Grüße ✓ 日本 — ok"],
];

for (const [input, expected] of CASES) {
  Deno.test(`sanitizeString(${JSON.stringify(input)})`, () => {
    assert.equal(sanitizeString(input), expected);
  });
}

Deno.test("markUntrusted walks objects and arrays, leaves pass-through keys alone", () => {
  const out = markUntrusted({
    title: "a\x1b[1mb",
    nested: [{ name: "x\x07y" }],
    data: "raw\x07",
    tree_token: "tt:\x01",
    count: 3,
  });
  assert.deepEqual(out, {
    title: "ab",
    nested: [{ name: "xy" }],
    data: "raw\x07",
    tree_token: "tt:\x01",
    count: 3,
    untrusted: true,
  });
});

Deno.test("sanitizeValue copies only what changed and never alters its input", () => {
  const clean = { name: "ok", children: [{ name: "a", states: ["enabled"] }], n: 1 };
  assert.equal(sanitizeValue(clean), clean, "a clean value is returned as it is");

  const dirtyChild = { name: "b\x1b[2Jc", bounds: { x: 1, y: 2 } };
  const cleanChild = { name: "a", bounds: { x: 0, y: 0 } };
  const tree = { name: "root", attributes: { toolkit: "gtk" }, children: [cleanChild, dirtyChild] };
  const before = structuredClone(tree);
  const out = sanitizeValue(tree) as typeof tree;
  assert.deepEqual(tree, before, "the input is untouched");
  assert.deepEqual(out, { ...before, children: [cleanChild, { ...dirtyChild, name: "bc" }] });
  assert.notEqual(out, tree);
  assert.notEqual(out.children, tree.children);
  assert.equal(out.children[0], cleanChild, "unchanged siblings are shared");
  assert.equal(out.attributes, tree.attributes);
  assert.equal(out.children[1].bounds, dirtyChild.bounds);
});

Deno.test("sanitizeValue cleans keys read off the screen and keeps them own data", () => {
  const attributes = JSON.parse('{"to\\u001b[31mol":"kit","__proto__":"x","ok":"\\u0007v"}');
  const out = sanitizeValue({ attributes }) as { attributes: Record<string, unknown> };
  assert.deepEqual(Object.keys(out.attributes), ["tool", "__proto__", "ok"]);
  assert.equal(Object.getPrototypeOf(out.attributes), Object.prototype);
  assert.equal(Object.hasOwn(out.attributes, "__proto__"), true);
  assert.equal(out.attributes.ok, "v");
});

const NEEDS_NO_SANITIZING: Array<[string, unknown, boolean]> = [
  ["plain text and numbers", { name: "OK", n: 3, ok: true }, true],
  ["tabs, newlines, returns", { text: "a\tb\nc\r" }, true],
  ["other scripts and line separators", { name: "Ünïcode — 日本語 \u2028" }, true],
  ["an escape sequence", { name: "\x1b[31mred" }, false],
  ["a NUL", { name: "a\x00b" }, false],
  ["a backspace and a form feed", { name: "a\bb\fc" }, false],
  ["a C1 control", { name: "a\x85b" }, false],
  ["DEL", { name: "a\x7fb" }, false],
  ["a control character in a key", { ["k\x07"]: 1 }, false],
  ["(conservative) a backslash before u", { path: "C:\\users" }, false],
];
const encoder = new TextEncoder();

for (const [what, value, expected] of NEEDS_NO_SANITIZING) {
  Deno.test(`needsNoSanitizingUtf8: ${what}`, () => {
    assert.equal(needsNoSanitizingUtf8(encoder.encode(JSON.stringify(value))), expected);
  });
}

Deno.test("needsNoSanitizingUtf8: true exactly of strings sanitizing keeps (every code unit, and escapes)", () => {
  const strings = [];
  for (let code = 0; code <= 0xffff; code++) strings.push(`a${String.fromCharCode(code)}b`);
  // Backslashes: escaped quotes and backslashes before and after the letters looked for.
  strings.push("\\b", '"\\', "\\\\u", "x\\", "\\\\", '\\"b', "a\\\nb");
  for (const s of strings) {
    const clean = needsNoSanitizingUtf8(encoder.encode(JSON.stringify({ [s]: s })));
    if (clean) assert.equal(sanitizeString(s), s, JSON.stringify(s));
    // Conservative only where a backslash is written before b, f or u, and of a lone surrogate
    // (written as a \u escape).
    else if (!/\\[bfu]|[\ud800-\udfff]/.test(s)) {
      assert.notEqual(sanitizeString(s), s, JSON.stringify(s));
    }
  }
});

Deno.test("markSanitizedTree: its nodes then pass sanitizing unread", () => {
  // A control character shows that nothing was read: a tree is only marked when its text had none.
  const tree = element("Window", "w", [0, 0, 1, 1], {}, [element("Button", "b\x07", [0, 0, 1, 1])]);
  assert.equal(
    (sanitizedForReuse(structuredClone(tree)).children[0] as { name: string }).name,
    "b",
  );
  markSanitizedTree(tree);
  assert.equal(sanitizedForReuse(tree.children[0]), tree.children[0]);
  assert.equal(markUntrusted({ tree }).tree, tree);
});
