// Property tests of the tree diffs over random trees and mutations: a
// json-patch applied in order with an independent RFC 6902 library
// (fast-json-patch) turns the `since` tree into exactly the current tree,
// and a single-field change is exactly one record even among duplicates.

import { strict as assert } from "node:assert";
// A test-only dependency, pinned here rather than in deno.json (project rule).
// deno-lint-ignore no-import-prefix
import jsonpatch from "npm:fast-json-patch@3.1.1";
import { customDiff, jsonPatchDiff } from "./index.ts";
import { type Element, walk } from "../../model/tree.ts";
import { mutated, MUTATIONS, randomTree, seeded } from "../../../tests/helpers/random_trees.ts";

const CASES = 1200;

/** Through JSON, as a client receives both the tree and the patch. */
function wire<T>(value: T): T {
  return JSON.parse(JSON.stringify(value));
}

function applyPatch(tree: Element, patch: unknown): Element {
  const ops = wire(patch) as jsonpatch.Operation[];
  return jsonpatch.applyPatch(wire(tree), ops, true, true).newDocument;
}

Deno.test("json-patch: applying it to the since tree yields the current tree", () => {
  const seen = new Map<string, number>();
  let mutations = 0;
  for (let seed = 1; seed <= CASES; seed++) {
    const rnd = seeded(seed);
    const before = randomTree(rnd);
    const { tree: after, applied } = mutated(rnd, before, 1 + Math.floor(rnd() * 5));
    for (const m of applied) seen.set(m, (seen.get(m) ?? 0) + 1);
    mutations += applied.length;
    const patch = jsonPatchDiff(before, after);
    let result: Element;
    try {
      result = applyPatch(before, patch);
    } catch (e) {
      throw new Error(`seed ${seed} (${applied.join(", ")}): patch does not apply: ${e}`);
    }
    assert.deepEqual(result, wire(after), `seed ${seed} (${applied.join(", ")})`);
    assert.equal(
      patch.length === 0,
      JSON.stringify(before) === JSON.stringify(after),
      `seed ${seed}: empty patch only for equal trees`,
    );
  }
  assert.ok(mutations >= 1000, `${mutations} mutations`);
  for (const m of MUTATIONS) assert.ok((seen.get(m) ?? 0) > 50, `mutation ${m} exercised`);
});

Deno.test("identical trees diff to nothing in both formats", () => {
  for (let seed = 1; seed <= 200; seed++) {
    const tree = randomTree(seeded(seed));
    assert.deepEqual(customDiff(tree, structuredClone(tree)), []);
    assert.deepEqual(jsonPatchDiff(tree, structuredClone(tree)), []);
  }
});

function pathOf(root: Element, target: Element): string {
  const trail: number[] = [];
  const find = (node: Element): boolean => {
    if (node === target) return true;
    for (const [i, child] of node.children.entries()) {
      trail.push(i);
      if (find(child)) return true;
      trail.pop();
    }
    return false;
  };
  find(root);
  return trail.join("/");
}

Deno.test("one changed field is one record, whatever duplicates surround it", () => {
  let withDuplicates = 0;
  for (let seed = 1; seed <= 500; seed++) {
    const rnd = seeded(seed);
    const before = randomTree(rnd);
    const after = structuredClone(before);
    const all: Element[] = [];
    const twinned: Element[] = [];
    walk(after, (n) => {
      all.push(n);
      for (const c of n.children) {
        if (n.children.some((d) => d !== c && d.role === c.role && d.name === c.name)) {
          twinned.push(c);
        }
      }
    });
    // Half the time the changed node has a sibling with the same (role, name).
    const pool = twinned.length > 0 && rnd() < 0.5 ? twinned : all;
    if (pool === twinned) withDuplicates++;
    const target = pool[Math.floor(rnd() * pool.length)];
    target.value = `changed ${seed}`;
    const path = pathOf(after, target);
    assert.deepEqual(customDiff(before, after), [
      { op: "replace", path, fields: { value: `changed ${seed}` } },
    ], `seed ${seed}`);
    const pointer = path === "" ? "" : "/children/" + path.split("/").join("/children/");
    assert.deepEqual(jsonPatchDiff(before, after), [
      { op: "replace", path: `${pointer}/value`, value: `changed ${seed}` },
    ], `seed ${seed}`);
    const twins = all.filter((n) =>
      n !== target && n.role === target.role && n.name === target.name
    );
    if (twins.length > 0) withDuplicates++;
  }
  assert.ok(withDuplicates > 200, `changed nodes with duplicates: ${withDuplicates}`);
});
