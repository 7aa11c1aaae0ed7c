// The custom diff format by example: the spec's login examples, moves
// only for reorders, duplicates, state fields, and the matching
// json-patch for a few of them.

import { strict as assert } from "node:assert";
import { customDiff, jsonPatchDiff } from "./index.ts";
import { treeHash } from "../../model/hash.ts";
import { assignIds, type Element, element } from "../../model/tree.ts";
import { loginTree, START_TO_WELCOME_CHANGES, welcomeTree } from "../../../tests/helpers/login.ts";

const login = (username: string) => loginTree(username);
const welcome = welcomeTree;

const text = (name: string, value: string | null = null) =>
  element("Text", name, [0, 0, 10, 10], { value });

function list(...items: Element[]): Element {
  return assignIds(element("List", "L", [0, 0, 100, 100], {}, items));
}

Deno.test("the login trees are the spec's (hash vectors)", () => {
  assert.equal(treeHash(login("")), "sha1:fea1872051222609de110f1d998873b68a4e8faf");
  assert.equal(treeHash(login("alice")), "sha1:977b969b93162c31920cf9de2aaeec6fb4c10062");
  assert.equal(treeHash(welcome()), "sha1:e7106eade464b8752bdca437379f6d39e0a45dec");
});

Deno.test("login example: typing alice into Username", () => {
  assert.deepEqual(customDiff(login(""), login("alice")), [
    { op: "replace", path: "0", fields: { value: "alice" } },
  ]);
  assert.deepEqual(jsonPatchDiff(login(""), login("alice")), [
    { op: "replace", path: "/children/0/value", value: "alice" },
  ]);
});

Deno.test("login example: start → welcome", () => {
  assert.deepEqual(customDiff(login("alice"), welcome()), START_TO_WELCOME_CHANGES);
});

const CASES: Array<[string, Element, Element, unknown[]]> = [
  [
    "an insert at the front shifts its siblings without moving them",
    list(text("a"), text("b")),
    list(text("new"), text("a"), text("b")),
    [{ op: "add", path: "0", node: assignIds(text("new"), "root.0") }],
  ],
  [
    "a reorder is one move, of the child that left the order",
    list(text("a"), text("b"), text("c")),
    list(text("b"), text("c"), text("a")),
    [{ op: "move", from: "0", to: "2" }],
  ],
  [
    "a rename is a remove and an add",
    list(text("a")),
    list(text("b")),
    [{ op: "remove", path: "0" }, { op: "add", path: "0", node: assignIds(text("b"), "root.0") }],
  ],
  [
    "unchanged unnamed duplicates produce nothing",
    list(text(""), text("")),
    list(text(""), text("")),
    [],
  ],
  [
    "a removed duplicate is one remove: the unchanged ones pair up",
    list(text("", "1"), text("", "2"), text("", "3")),
    list(text("", "1"), text("", "3")),
    [{ op: "remove", path: "1" }],
  ],
  [
    "a changed duplicate is a replace at its position among equals",
    list(text("", "1"), text("", "2"), text("", "3")),
    list(text("", "1"), text("", "two"), text("", "3")),
    [{ op: "replace", path: "1", fields: { value: "two" } }],
  ],
  [
    "check, focus and expansion state are changes an agent sees",
    list(element("CheckBox", "Wrap", [0, 0, 5, 5], { selected: true })),
    list(element("CheckBox", "Wrap", [0, 0, 5, 5], { selected: false, focused: true })),
    [{ op: "replace", path: "0", fields: { focused: true, selected: false } }],
  ],
  [
    "a field that disappears is reported as null",
    list(element("Slider", "S", [0, 0, 5, 5], { value_now: 3 })),
    list(element("Slider", "S", [0, 0, 5, 5])),
    [{ op: "replace", path: "0", fields: { value_now: null } }],
  ],
  [
    "nested changes use the new parent path",
    list(text("x"), element("Group", "g", [0, 0, 1, 1], {}, [text("in", "1")])),
    list(element("Group", "g", [0, 0, 1, 1], {}, [text("in", "2")]), text("x")),
    [
      { op: "move", from: "0", to: "1" },
      { op: "replace", path: "0/0", fields: { value: "2" } },
    ],
  ],
];

for (const [name, before, after, expected] of CASES) {
  Deno.test(`custom diff: ${name}`, () => assert.deepEqual(customDiff(before, after), expected));
}

Deno.test("json-patch: a reorder is one move; ids follow the new positions", () => {
  const before = list(text("a"), text("b"), text("c"));
  const after = list(text("b"), text("c"), text("a"));
  assert.deepEqual(jsonPatchDiff(before, after), [
    { op: "move", from: "/children/0", path: "/children/2" },
    { op: "replace", path: "/children/0/id", value: "root.0" },
    { op: "replace", path: "/children/1/id", value: "root.1" },
    { op: "replace", path: "/children/2/id", value: "root.2" },
  ]);
});

Deno.test("json-patch: optional fields are added and removed, not replaced", () => {
  const before = list(element("Slider", "S", [0, 0, 5, 5], { value_now: 3 }));
  const after = list(element("Slider", "S", [0, 0, 5, 5], { expanded: true }));
  assert.deepEqual(jsonPatchDiff(before, after), [
    { op: "add", path: "/children/0/expanded", value: true },
    { op: "remove", path: "/children/0/value_now" },
  ]);
});
