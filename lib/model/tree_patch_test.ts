// replaceSubtrees (lib/model/tree_patch.ts): the patched tree has each subtree
// in its id's place, the tree patched is left as it was, nodes off the
// replaced paths are shared, and an id that names no node is refused.
// withPathRead: a path read again lends its nodes' bounds and states.

import { strict as assert } from "node:assert";
import {
  assignIds,
  countNamedNodes,
  type Element,
  element,
  findById,
  idsAlong,
  nodesToId,
} from "./tree.ts";
import { replaceSubtrees, withPathRead } from "./tree_patch.ts";

function tree(): Element {
  const leaf = (name: string) => element("Button", name, [0, 0, 10, 10]);
  return assignIds(
    element("Window", "w", [0, 0, 100, 100], {}, [
      element("Pane", "a", [0, 0, 50, 50], {}, [leaf("a0"), leaf("a1")]),
      element("Pane", "b", [50, 0, 50, 50], {}, [
        element("List", "b0", [50, 0, 50, 20], {}, [leaf("b00")]),
      ]),
      leaf("c"),
    ]),
  );
}

/** A replacement node with its id, as a mirror sends it. */
function at(id: string, name: string, children: Element[] = []): Element {
  return assignIds(element("Label", name, [1, 2, 3, 4], {}, children), id);
}

const names = (root: Element): string[] => [
  root.name,
  ...root.children.flatMap(names),
];

const cases: Array<{
  name: string;
  subtrees: Element[];
  expected: string[] | null;
  shared?: string[];
}> = [
  { name: "nothing replaced", subtrees: [], expected: names(tree()), shared: ["root"] },
  {
    name: "a leaf",
    subtrees: [at("root.0.1", "A1")],
    expected: ["w", "a", "a0", "A1", "b", "b0", "b00", "c"],
    shared: ["root.1", "root.2", "root.0.0"],
  },
  {
    name: "a subtree with new children",
    subtrees: [at("root.1.0", "B0", [element("Button", "x", [0, 0, 1, 1])])],
    expected: ["w", "a", "a0", "a1", "b", "B0", "x", "c"],
    shared: ["root.0", "root.2"],
  },
  {
    name: "two subtrees on different paths",
    subtrees: [at("root.0", "A"), at("root.1.0.0", "B00")],
    expected: ["w", "A", "b", "b0", "B00", "c"],
    shared: ["root.2"],
  },
  {
    name: "a later subtree inside an earlier one",
    subtrees: [at("root.1", "B", [at("root.1.0", "inner")]), at("root.1.0", "later")],
    expected: ["w", "a", "a0", "a1", "B", "later", "c"],
  },
  { name: "the root", subtrees: [at("root", "W")], expected: ["W"] },
  { name: "an index past the children", subtrees: [at("root.3", "x")], expected: null },
  { name: "a path through a leaf", subtrees: [at("root.2.0", "x")], expected: null },
  { name: "an id that is not positional", subtrees: [at("button-7", "x")], expected: null },
];

for (const { name, subtrees, expected, shared = [] } of cases) {
  Deno.test(`replaceSubtrees: ${name}`, () => {
    const before = tree();
    const snapshot = JSON.stringify(before);
    const after = replaceSubtrees(before, subtrees);
    assert.equal(JSON.stringify(before), snapshot, "the patched tree is left as it was");
    if (expected === null) return assert.equal(after, null);
    assert.ok(after);
    assert.deepEqual(names(after), expected);
    for (const id of shared) {
      assert.equal(findById(after, id), findById(before, id), `${id} is shared`);
    }
  });
}

Deno.test("countNamedNodes of patched trees: kept counts of shared subtrees, the patch counted", () => {
  const fresh = (root: Element) => structuredClone(root);
  const before = tree();
  assert.equal(countNamedNodes(before), 7);
  const cases: Array<[string, Element[], number]> = [
    ["a button renamed", [at("root.0.1", "renamed")], 7],
    ["a button's name emptied", [at("root.0.1", "  ")], 6],
    ["a pane replaced by a named subtree", [
      at("root.1", "b", [element("Label", "x", [0, 0, 1, 1])]),
    ], 6],
    ["the root replaced, unnamed", [at("root", "")], 0],
  ];
  for (const [what, subtrees, expected] of cases) {
    const after = replaceSubtrees(before, subtrees)!;
    assert.equal(countNamedNodes(after), expected, what);
    assert.equal(countNamedNodes(fresh(after)), expected, what);
  }
  assert.equal(countNamedNodes(before), 7, "the tree patched keeps its count");
});

/** The nodes along `id` as a path read brings them: childless, moved by dy, and disabled. */
function pathRead(root: Element, id: string, dy: number): Element[] {
  return nodesToId(root, id)!.map((node) => ({
    ...node,
    bounds: { ...node.bounds, y: node.bounds.y + dy },
    enabled: false,
    states: { showing: dy === 0 },
    children: [],
  }));
}

Deno.test("withPathRead: the nodes along the path take the read's bounds and states", () => {
  const cases: Array<{ what: string; id: string }> = [
    { what: "a leaf two levels down", id: "root.1.0.0" },
    { what: "a child of the root", id: "root.2" },
    { what: "the root alone", id: "root" },
  ];
  for (const { what, id } of cases) {
    const before = tree();
    const snapshot = JSON.stringify(before);
    const after = withPathRead(before, pathRead(before, id, 7))!;
    assert.equal(JSON.stringify(before), snapshot, `${what}: the tree read into stays as it was`);
    assert.deepEqual(names(after), names(before), `${what}: names and children kept`);
    for (const along of idsAlong(id)) {
      const [old, read] = [findById(before, along)!, findById(after, along)!];
      assert.equal(read.bounds.y, old.bounds.y + 7, `${what}: ${along} moved`);
      assert.equal(read.enabled, false, `${what}: ${along} disabled`);
      assert.deepEqual(read.states, { showing: false }, `${what}: ${along} states`);
      assert.equal(read.children.length, old.children.length, `${what}: ${along} keeps children`);
    }
    for (const other of ["root.0", "root.0.1", "root.1.0.0", "root.2"]) {
      if (idsAlong(id).includes(other)) continue;
      assert.equal(findById(after, other), findById(before, other), `${what}: ${other} shared`);
    }
  }
  const before = tree();
  const longer = pathRead(before, "root.1.0", 0);
  longer.push({ ...longer[2], id: "root.1.0.5" });
  const refused: Array<[string, Element[]]> = [
    ["an empty path", []],
    ["a path past the tree's nodes", longer],
    ["a path shorter than its end's id", pathRead(before, "root.1.0", 0).slice(1)],
  ];
  for (const [what, path] of refused) assert.equal(withPathRead(before, path), null, what);
});
