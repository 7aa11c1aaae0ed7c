// LibreOffice's VCL boxes measured against their GTK parent: tables of cases,
// shaped as a Writer window under Xvfb reports itself (1280×800, a 25 px GTK
// menu bar at y 19).

import assert from "node:assert/strict";
import { type Element, element } from "../../../lib/model/tree.ts";
import { correctEmbeddedOrigins, embeddedOffset, shiftEmbedded } from "./embedded_origin.ts";

const GTK = { toolkit: "gtk" };

function node(
  role: string,
  platformRole: string,
  bounds: number[],
  attributes: Record<string, string> | undefined,
  children: Element[] = [],
): Element {
  return element(role, `${platformRole} ${bounds.join(",")}`, bounds, {
    platform_role: platformRole,
    ...(attributes ? { attributes } : {}),
  }, children);
}

/** Writer's frame: the GTK panel below the menu bar, VCL's root pane inside it reported at y 19. */
function writer(paneY: number): Element {
  return node("Window", "frame", [0, 0, 1280, 800], GTK, [
    node("Pane", "panel", [0, 19, 1280, 781], GTK, [
      node("Pane", "panel", [0, 44, 1280, 756], GTK, [
        node("Pane", "root pane", [0, paneY, 1280, 756], undefined, [
          node("ToolBar", "tool bar", [0, paneY, 1254, 39], undefined, [
            node("Button", "push button", [4, paneY + 2, 44, 35], undefined),
            node("Button", "push button", [0, 0, 0, 0], undefined),
          ]),
          node("Document", "document text", [0, paneY + 103, 1207, 631], { "page-number": "1" }),
          node("ToolBar", "tool bar", [1230, 165, 44, 42], GTK, [
            node("Pane", "panel", [1234, 169, 37, 35], undefined),
          ]),
        ]),
      ]),
    ]),
  ]);
}

const boundsOf = (tree: Element, path: number[]) =>
  path.reduce((el, i) => el.children[i], tree).bounds;

Deno.test("embeddedOffset: a VCL root pane against its GTK parent", () => {
  const parent = node("Pane", "panel", [0, 44, 1280, 756], GTK);
  const cases: Array<[string, Element, Element, { x: number; y: number } | null]> = [
    ["25 px too high", parent, node("Pane", "root pane", [0, 19, 1280, 756], undefined), {
      x: 0,
      y: 25,
    }],
    ["already right", parent, node("Pane", "root pane", [0, 44, 1280, 756], undefined), null],
    ["another size", parent, node("Pane", "root pane", [0, 19, 1280, 700], undefined), null],
    ["a GTK root pane", parent, node("Pane", "root pane", [0, 19, 1280, 756], GTK), null],
    [
      "a VCL parent",
      node("Pane", "panel", [0, 44, 1280, 756], undefined),
      node("Pane", "root pane", [0, 19, 1280, 756], undefined),
      null,
    ],
    ["not a root pane", parent, node("Pane", "panel", [0, 19, 1280, 756], undefined), null],
    ["no area", parent, node("Pane", "root pane", [0, 0, 0, 0], undefined), null],
  ];
  for (const [label, outer, pane, expected] of cases) {
    assert.deepEqual(embeddedOffset(outer, pane), expected, label);
  }
});

Deno.test("correctEmbeddedOrigins moves VCL boxes, leaves GTK ones and sentinels", () => {
  const tree = writer(19);
  assert.deepEqual(correctEmbeddedOrigins(tree), { x: 0, y: 25 });
  const pane = [0, 0, 0];
  const cases: Array<[string, number[], number[]]> = [
    ["the root pane", pane, [0, 44, 1280, 756]],
    ["the Standard toolbar", [...pane, 0], [0, 44, 1254, 39]],
    ["its New button", [...pane, 0, 0], [4, 46, 44, 35]],
    ["a hidden button keeps no area", [...pane, 0, 1], [0, 0, 0, 0]],
    ["the document", [...pane, 1], [0, 147, 1207, 631]],
    ["the sidebar's GTK tab bar", [...pane, 2], [1230, 165, 44, 42]],
    ["what the GTK bar holds", [...pane, 2, 0], [1234, 169, 37, 35]],
    ["the GTK panel", [0, 0], [0, 44, 1280, 756]],
  ];
  for (const [label, path, [x, y, width, height]] of cases) {
    assert.deepEqual(boundsOf(tree, path), { x, y, width, height }, label);
  }
  // A corrected tree measures no error: correcting twice changes nothing.
  const again = JSON.stringify(tree);
  assert.equal(correctEmbeddedOrigins(tree), null);
  assert.equal(JSON.stringify(tree), again);
});

Deno.test("a walked-again part of the pane is moved by the offset its window measured", () => {
  const toolbar = writer(19).children[0].children[0].children[0].children[0];
  assert.equal(correctEmbeddedOrigins(toolbar), null, "no pane in it to measure");
  shiftEmbedded(toolbar, { x: 0, y: 25 });
  assert.deepEqual(toolbar.children[0].bounds, { x: 4, y: 46, width: 44, height: 35 });
});
