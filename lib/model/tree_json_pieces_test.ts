// writeTreeJson (./tree_json_pieces.ts) writes what JSON.stringify writes, in
// pieces of at most so many nodes; readTreeJson parses those pieces where
// their layout says back into the same tree, and refuses a layout that is
// not a tree's.

import { strict as assert } from "node:assert";
import { Piece, readTreeJson, type TreeLayout, writeTreeJson } from "./tree_json_pieces.ts";
import { assignIds, type Element, element } from "./tree.ts";

/** A dialog with platform detail, fields of every kind, a deep branch and control characters. */
function dialogTree(): Element {
  const chain = (depth: number): Element[] =>
    depth === 0 ? [] : [element("Panel", `level ${depth}`, [0, depth, 5, 5], {}, chain(depth - 1))];
  return assignIds(
    element("Dialog", "Save?\x07", [0, 0, 300, 200], { states: { modal: true } }, [
      element("Text", "Name", [0, 0, 100, 20], { value: "a\tb\u2028c", text: "a\tb" }),
      element("CheckBox", "Keep", [0, 20, 100, 20], { selected: false, actions: [] }),
      ...chain(6),
    ]),
  );
}

/** A tree `levels` deep whose every node has `wide` children, with text beyond Latin-1. */
function bushyTree(levels: number, wide: number): Element {
  const grow = (level: number): Element[] =>
    level === levels ? [] : Array.from(
      { length: wide },
      (_, i) =>
        element(
          "Button",
          `b${i} — "✓" \u{1F600}`,
          [i, level, 10, 10],
          { value: "x\ny" },
          grow(level + 1),
        ),
    );
  return assignIds(element("Window", "w", [0, 0, 400, 300], { description: undefined }, grow(0)));
}

const CASES: Array<[string, Element, number]> = [
  ["a leaf alone, whole", element("Label", "l", [0, 0, 1, 1]), 1],
  ["a dialog, whole", dialogTree(), 100],
  ["a dialog, node by node", dialogTree(), 1],
  ["a dialog in subtrees of at most 3 nodes", dialogTree(), 3],
  ["a bushy tree in subtrees of at most 13 nodes", bushyTree(3, 3), 13],
  ["a bushy tree in subtrees of at most 4 nodes", bushyTree(3, 3), 4],
  ["a bushy tree, node by node", bushyTree(3, 3), 1],
];

const encoder = new TextEncoder();
const decode = (bytes: Uint8Array) => new TextDecoder("utf-8", { fatal: true }).decode(bytes);

/** The tree's UTF-8 as writeTreeJson writes it after `prefix`, and the pieces' layout. */
function laidOut(tree: Element, nodesAtMost: number, prefix = "") {
  const pieces: Array<[string, Piece]> = [];
  writeTreeJson(tree, (piece, kind) => pieces.push([piece, kind]), nodesAtMost);
  const layout: TreeLayout = [];
  let at = encoder.encode(prefix).length;
  for (const [piece, kind] of pieces) {
    const end = at + encoder.encode(piece).length;
    if (kind !== Piece.Comma) layout.push(kind, at, end);
    at = end;
  }
  return { pieces, layout, bytes: encoder.encode(prefix + pieces.map(([p]) => p).join("")) };
}

for (const [name, tree, nodesAtMost] of CASES) {
  Deno.test(`writeTreeJson writes what JSON.stringify writes, in pieces: ${name}`, () => {
    const { pieces } = laidOut(tree, nodesAtMost);
    assert.equal(pieces.map(([piece]) => piece).join(""), JSON.stringify(tree));
    // No piece holds more nodes than allowed (each node's JSON has one "bounds").
    for (const [piece] of pieces) {
      assert.ok((piece.match(/"bounds":/g) ?? []).length <= nodesAtMost, piece);
    }
  });

  Deno.test(`readTreeJson reads the pieces back into the tree: ${name}`, () => {
    const { bytes, layout } = laidOut(tree, nodesAtMost, '{"root":');
    const read = readTreeJson(bytes, layout, decode);
    assert.deepEqual(read, JSON.parse(JSON.stringify(tree)));
    // Its fields in the same order: written again, the same JSON.
    assert.equal(JSON.stringify(read), JSON.stringify(tree));
  });
}

/** `layout` with the starts of its pieces from the `from`th number on moved by `by`. */
const shifted = (layout: number[], from: number, by: number) =>
  layout.slice(from).map((n, i) => (i % 3 === 1 ? n + by : n));

Deno.test("readTreeJson refuses a layout that is not a tree's", () => {
  const { bytes, layout } = laidOut(bushyTree(2, 2), 1);
  const broken: Array<[string, number[]]> = [
    ["no layout", []],
    ["not triples", layout.slice(0, -1)],
    ["a node never closed", layout.slice(0, -3)],
    ["a close first", [...layout.slice(-3), ...layout]],
    ["two roots", [...layout, ...layout]],
    ["a piece cut short", [layout[0], layout[1], layout[2] - 1, ...layout.slice(3)]],
    ["a whole piece that is an open one", [Piece.Whole, ...layout.slice(1)]],
    ["a byte left out between pieces", [layout[0], layout[1], layout[2], ...shifted(layout, 3, 1)]],
    ["a comma left out between siblings", layout.map((n, i) => i === 10 ? n - 1 : n)],
  ];
  for (const [name, wrong] of broken) {
    assert.throws(() => readTreeJson(bytes, wrong, decode), SyntaxError, name);
  }
});
