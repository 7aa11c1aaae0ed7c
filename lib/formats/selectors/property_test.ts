// Randomized properties with a fixed seed (reproducible):
// * every node of a random tree with hostile names round-trips derive → parse → resolve;
// * any selector text either parses, with a canonical form that means the same, or fails
//   with a SelectorSyntaxError positioned inside the text.

import { strict as assert } from "node:assert";
import {
  canonicalSelector,
  deriveSelector,
  parseSelector,
  resolveSelector,
  SelectorSyntaxError,
} from "./index.ts";
import { assignIds, type Element, walk } from "../../model/tree.ts";

/** mulberry32: a tiny deterministic PRNG. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ROLES = ["Button", "Text", "Pane", "MenuItem", "push button", "menu-item", "A_1", "*x", ""];
const NAME_PARTS = [
  "",
  "",
  "a",
  "b",
  "OK",
  " ",
  "\u00a0",
  '"',
  "'",
  "\\",
  '\\"',
  "/",
  "//",
  "[",
  "]",
  "(",
  ")",
  ">",
  "=",
  "~=",
  "…",
  "...",
  "—",
  "--",
  "–",
  "-",
  "\n",
  ":has-text(",
  ":nth-of-type(1)",
  "😀",
];

function randomTree(random: () => number): Element {
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)];
  const build = (depth: number): Element => {
    const childCount = depth >= 3 ? 0 : Math.floor(random() * 6);
    const name = Array.from({ length: Math.floor(random() * 4) }, () => pick(NAME_PARTS)).join("");
    return {
      id: "",
      name,
      role: pick(ROLES),
      value: random() < 0.5 ? null : pick(NAME_PARTS),
      bounds: { x: 0, y: 0, width: 1, height: 1 },
      enabled: random() < 0.8,
      focused: random() < 0.1,
      keyboard_shortcut: null,
      description: null,
      children: Array.from({ length: childCount }, () => build(depth + 1)),
    };
  };
  return assignIds(build(0));
}

Deno.test("random trees: every node's derived selector resolves to exactly that node", () => {
  const random = prng(20240611);
  let checked = 0;
  for (let t = 0; t < 300; t++) {
    const root = randomTree(random);
    walk(root, (element) => {
      const derived = deriveSelector(root, element.id);
      const found = resolveSelector(root, parseSelector(derived));
      assert.equal(found.matches[0], element, `${element.id} via ${JSON.stringify(derived)}`);
      assert.equal(found.total, 1, `${element.id} via ${JSON.stringify(derived)}`);
      checked++;
    });
  }
  assert.ok(checked > 2000, `${checked} nodes checked`);
});

const SELECTOR_PARTS = [
  "Window",
  "Text",
  "Pane",
  "*",
  ".",
  ":",
  "/",
  "//",
  ">",
  " ",
  "[",
  "]",
  "(",
  ")",
  '"',
  "'",
  "\\",
  '"a b"',
  '"/"',
  "name",
  "role",
  "index",
  "enabled",
  "=",
  "*=",
  "~=",
  "^=",
  "1",
  "-2",
  "true",
  ":has-text(",
  ":nth-of-type(",
  ":text(",
  "a",
  "—",
  "…",
  "😀",
];

Deno.test("fuzz: selectors parse with a meaning-preserving canonical form, or fail cleanly", () => {
  const random = prng(7);
  const pick = () => SELECTOR_PARTS[Math.floor(random() * SELECTOR_PARTS.length)];
  const trees = Array.from({ length: 5 }, () => randomTree(random));
  let parsed = 0;
  for (let n = 0; n < 20000; n++) {
    const text = Array.from({ length: 1 + Math.floor(random() * 8) }, pick).join("");
    let canonical: string;
    try {
      canonical = canonicalSelector(parseSelector(text));
    } catch (e) {
      assert.ok(e instanceof SelectorSyntaxError, `${JSON.stringify(text)}: ${e}`);
      assert.ok(e.position >= 0 && e.position <= Array.from(text).length, JSON.stringify(text));
      continue;
    }
    parsed++;
    for (const root of trees) {
      const ids = (s: string) => resolveSelector(root, parseSelector(s)).matches.map((e) => e.id);
      assert.deepEqual(ids(canonical), ids(text), `${JSON.stringify(text)} → ${canonical}`);
    }
  }
  assert.ok(parsed > 1000, `${parsed} selectors parsed`);
});
