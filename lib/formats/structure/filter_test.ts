// Structure filters and paging as pure functions: filters always apply,
// prune_empty drops containers left empty, max_text_len cuts by code
// points, pages are flat pre-order.

import { strict as assert } from "node:assert";
import { compileChecked } from "../regex/compile.ts";
import { cut, filterTree, type StructureFilter } from "./filter.ts";
import { flatten, pageAt } from "./paging.ts";
import { conflictingKeys, listingQuery } from "./query.ts";
import { assignIds, type Element, element, limitDepth, walk } from "../../model/tree.ts";

/** Window > [MenuBar > [File, Edit], Document "Text", Group "" > [], Pane > [Button OK, Text hi]] */
function sample(): Element {
  return assignIds(element("Window", "W", [0, 0, 100, 100], {}, [
    element("MenuBar", "Menu", [0, 0, 100, 10], {}, [
      element("MenuItem", "File", [0, 0, 20, 10]),
      element("MenuItem", "Edit", [20, 0, 20, 10]),
    ]),
    element("Document", "Text", [0, 10, 100, 80], { value: "long text here" }),
    element("Group", "", [0, 0, 0, 0]),
    element("Pane", "P", [200, 200, 50, 50], {}, [
      element("Button", "OK", [200, 200, 20, 10]),
      element("Text", "hi", [220, 200, 20, 10]),
    ]),
  ]));
}

function ids(tree: Element): string[] {
  const out: string[] = [];
  walk(tree, (n) => out.push(n.id));
  return out;
}

const NONE: StructureFilter = { pruneEmpty: false };

const FILTERS: Array<[string, StructureFilter, string[]]> = [
  ["no filter keeps everything", NONE, [
    "root",
    "root.0",
    "root.0.0",
    "root.0.1",
    "root.1",
    "root.2",
    "root.3",
    "root.3.0",
    "root.3.1",
  ]],
  [
    "roles keep matches and the containers on their path, without prune_empty",
    { ...NONE, roles: ["MenuItem", "Button"] },
    ["root", "root.0", "root.0.0", "root.0.1", "root.3", "root.3.0"],
  ],
  [
    "exclude_roles drops failing leaves; a container with survivors stays",
    { ...NONE, excludeRoles: ["MenuItem", "Text"] },
    ["root", "root.0", "root.1", "root.2", "root.3", "root.3.0"],
  ],
  [
    "a container left empty stays without prune_empty",
    { ...NONE, excludeRoles: ["MenuItem", "MenuBar"] },
    ["root", "root.0", "root.1", "root.2", "root.3", "root.3.0", "root.3.1"],
  ],
  [
    "prune_empty drops containers left empty",
    { pruneEmpty: true, excludeRoles: ["MenuItem", "MenuBar"] },
    ["root", "root.1", "root.2", "root.3", "root.3.0", "root.3.1"],
  ],
  [
    "name_regex searches names (Python syntax)",
    { ...NONE, nameRegex: compileChecked("(?i)^e|ok") },
    ["root", "root.0", "root.0.1", "root.3", "root.3.0"],
  ],
  [
    "visible_only keeps nodes intersecting a visible region; empty bounds never do",
    { pruneEmpty: true, visibleRegions: [{ x: 0, y: 0, width: 100, height: 100 }] },
    ["root", "root.0", "root.0.0", "root.0.1", "root.1"],
  ],
  [
    "filters combine",
    { pruneEmpty: true, roles: ["MenuItem"], nameRegex: compileChecked("File") },
    ["root", "root.0", "root.0.0"],
  ],
  [
    "nothing matches: the root stays",
    { pruneEmpty: true, roles: ["Slider"] },
    ["root"],
  ],
];

for (const [name, filter, expected] of FILTERS) {
  Deno.test(`filter: ${name}`, () => {
    const tree = sample();
    const before = JSON.stringify(tree);
    assert.deepEqual(ids(filterTree(tree, filter)), expected);
    assert.equal(JSON.stringify(tree), before, "the input is not modified");
  });
}

Deno.test("filter: a depth-cut node is a container", () => {
  const { tree } = limitDepth(sample(), 1);
  const filtered = filterTree(tree, { ...NONE, roles: ["Document"] });
  assert.deepEqual(ids(filtered), ["root", "root.0", "root.1", "root.3"]);
  const pruned = filterTree(tree, { pruneEmpty: true, roles: ["Document"] });
  assert.deepEqual(ids(pruned), ["root", "root.1"]);
});

Deno.test("max_text_len cuts names and values of every surviving node", () => {
  const tree = filterTree(sample(), { ...NONE, maxTextLen: 4 });
  assert.equal(tree.children[1].value, "long…");
  assert.equal(tree.children[0].name, "Menu");
  assert.equal(tree.children[3].children[0].value, null);
});

const CUTS: Array<[string, number, string]> = [
  ["abc", 3, "abc"],
  ["abcd", 3, "abc…"],
  ["😀😀😀", 2, "😀😀…"],
  ["😀😀", 2, "😀😀"],
  ["", 1, ""],
];
for (const [text, n, expected] of CUTS) {
  Deno.test(`cut(${JSON.stringify(text)}, ${n}) = ${JSON.stringify(expected)}`, () => {
    assert.equal(cut(text, n), expected);
  });
}

Deno.test("paging: flat pre-order pages under a synthetic root", () => {
  const nodes = flatten(sample());
  assert.equal(nodes.length, 9);
  assert.ok(nodes.every((n) => n.children.length === 0));
  const first = pageAt(nodes, 0, 4);
  assert.equal(first.tree.id, "page-root");
  assert.equal(first.tree.name, "[paged]");
  assert.equal(first.tree.role, "Group");
  assert.deepEqual(first.tree.children.map((n) => n.id), [
    "root",
    "root.0",
    "root.0.0",
    "root.0.1",
  ]);
  assert.equal(first.nodeCount, 4);
  assert.equal(first.next, 4);
  const second = pageAt(nodes, 4, 4);
  assert.deepEqual(second.tree.children.map((n) => n.id), [
    "root.1",
    "root.2",
    "root.3",
    "root.3.0",
  ]);
  assert.equal(second.next, 8);
  const last = pageAt(nodes, 8, undefined);
  assert.deepEqual(last.tree.children.map((n) => n.id), ["root.3.1"]);
  assert.equal(last.next, null);
});

Deno.test("a cursor's listing conflicts only with filters given differently", () => {
  const query = listingQuery({ roles: ["Button"], prune_empty: true }, 5);
  assert.deepEqual(conflictingKeys({}, undefined, query), []);
  assert.deepEqual(conflictingKeys({ roles: ["Button"], depth: 5 }, 5, query), []);
  assert.deepEqual(conflictingKeys({ roles: ["Edit"], prune_empty: false }, undefined, query), [
    "roles",
    "prune_empty",
  ]);
  assert.deepEqual(conflictingKeys({ depth: 2 }, 2, query), ["depth_used"]);
});
