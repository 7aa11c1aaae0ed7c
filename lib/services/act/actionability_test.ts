// The pure parts of making an element actionable (lib/services/act/actionability.ts,
// scroll_into_view.ts, typing.ts): tables of cases.

import assert from "node:assert/strict";
import { blockerOf, isScrollingContainer, wheelClicksToward } from "./actionability.ts";
import { wheelPoint } from "./scroll_into_view.ts";
import { piecesOf } from "./typing.ts";
import { type Bounds, type Element, element } from "../../model/tree.ts";

const SCREEN: Bounds = { x: 0, y: 0, width: 1280, height: 800 };

/** A node named after its id. */
function el(
  id: string,
  role: string,
  bounds: number[],
  extra: Partial<Element> = {},
  children: Element[] = [],
): Element {
  return element(role, id, bounds, { id, ...extra }, children);
}

/** A window with a GTK-style scrolled list: a scroll pane (viewport y 100-300) and its bar. */
function window(box: Element, extra: Element[] = []): Element {
  return el("root", "Window", [0, 0, 800, 600], {}, [
    el("root.0", "Pane", [10, 100, 400, 200], { platform_role: "scroll pane" }, [
      el("root.0.0", "Pane", [10, 100, 390, 200], { platform_role: "viewport" }, [box]),
      el("root.0.1", "ScrollBar", [400, 100, 10, 200]),
    ]),
    ...extra,
  ]);
}

Deno.test("blockerOf: the first check an element fails", () => {
  const cases: Array<[string, Element, Element | null, string | null]> = [
    ["in view", el("root.0.0.0", "CheckBox", [20, 150, 100, 20]), null, null],
    [
      "scrolled below the viewport",
      el("root.0.0.0", "CheckBox", [20, 500, 100, 20]),
      null,
      "out_of_view",
    ],
    [
      "centre just above the viewport",
      el("root.0.0.0", "CheckBox", [20, 85, 100, 20]),
      null,
      "out_of_view",
    ],
    [
      "partly in view, centre inside",
      el("root.0.0.0", "CheckBox", [20, 290, 100, 18]),
      null,
      null,
    ],
    [
      "disabled",
      el("root.0.0.0", "CheckBox", [20, 150, 100, 20], { enabled: false }),
      null,
      "disabled",
    ],
    [
      "no area inside a scrolling container: scrolled away, checked before disabled",
      el("root.0.0.0", "CheckBox", [20, 150, 100, 0], { enabled: false }),
      null,
      "out_of_view",
    ],
    [
      "states say invisible",
      el("root.0.0.0", "CheckBox", [20, 150, 100, 20], { states: { visible: false } }),
      null,
      "not_visible",
    ],
    [
      "a popup menu item below the window, on screen: fine",
      el("root.0.0.0", "CheckBox", [20, 150, 100, 20]),
      el("root.1", "MenuItem", [20, 650, 100, 20]),
      null,
    ],
    [
      "off the screen",
      el("root.0.0.0", "CheckBox", [20, 150, 100, 20]),
      el("root.1", "Button", [20, 900, 100, 20]),
      "out_of_view",
    ],
  ];
  for (const [label, box, extra, expected] of cases) {
    const root = window(box, extra ? [extra] : []);
    const target = extra ?? box;
    const blocker = blockerOf(root, target, SCREEN);
    assert.equal(blocker?.check ?? null, expected, label);
  }
});

Deno.test("blockerOf: out of view names the scrolling container and its visible part", () => {
  const root = window(el("root.0.0.0", "CheckBox", [20, 500, 100, 20]));
  const blocker = blockerOf(root, root.children[0].children[0].children[0], SCREEN)!;
  // The innermost scrolling container: the viewport inside the scroll pane.
  assert.equal(blocker.container?.id, "root.0.0");
  assert.deepEqual(blocker.viewport, { x: 10, y: 100, width: 390, height: 200 });
});

Deno.test("a container without an area hides its children; one without extents does not", () => {
  // A collapsed bar (LibreOffice's unused menu bar), and notebook pages whose tab strip is
  // hidden, their content on screen: GTK 3's tab has extents -1 (mousepad with one document),
  // GTK 2's none at a place (GIMP's tool options).
  const cases: Array<[string, string, number[], string | null]> = [
    ["zero height", "Pane", [0, 0, 800, 0], "not_visible"],
    ["zero width", "Pane", [0, 0, 0, 600], "not_visible"],
    ["no extents at all", "Pane", [-1, -1, -1, -1], null],
    ["a negative size with a place", "Pane", [0, 0, -1, -1], "not_visible"],
    ["GTK 3's hidden tab", "TabItem", [-1, -1, -1, -1], null],
    ["GTK 2's hidden tab", "TabItem", [203, 262, 0, 0], null],
  ];
  for (const [label, role, bounds, expected] of cases) {
    const item = el("root.0.0", "Document", [10, 30, 500, 400]);
    const root = el("root", "Window", [0, 0, 800, 600], {}, [
      el("root.0", role, bounds, {}, [item]),
    ]);
    assert.equal(blockerOf(root, item, SCREEN)?.check ?? null, expected, label);
  }
});

Deno.test("scrolling containers: a scrolling role or a scroll bar child", () => {
  const cases: Array<[Element, boolean]> = [
    [el("a", "Pane", [0, 0, 1, 1], { platform_role: "scroll pane" }), true],
    [el("a", "Pane", [0, 0, 1, 1], { platform_role: "viewport" }), true],
    [el("a", "Document", [0, 0, 1, 1], { platform_role: "document web" }), true],
    [el("a", "Document", [0, 0, 1, 1], { platform_role: "document frame" }), true],
    [el("a", "Document", [0, 0, 1, 1], { platform_role: "document text" }), false],
    [el("a", "List", [0, 0, 1, 1], {}, [el("b", "ScrollBar", [0, 0, 1, 1])]), true],
    [el("a", "Pane", [0, 0, 1, 1], { platform_role: "panel" }), false],
    [el("a", "Group", [0, 0, 1, 1]), false],
  ];
  for (const [element, expected] of cases) {
    assert.equal(isScrollingContainer(element), expected, JSON.stringify(element.platform_role));
  }
});

Deno.test("wheel clicks toward the middle of the viewport, capped at ten", () => {
  const viewport = { x: 0, y: 100, width: 400, height: 200 }; // middle y 200
  const cases: Array<[number, number, number]> = [
    // element centre y, px per click, clicks (negative scrolls down)
    [450, 50, -5],
    [210, 50, -1], // never zero
    [2200, 50, -10],
    [-100, 50, 6],
    [450, 25, -10],
    [450, 125, -2],
  ];
  for (const [y, px, clicks] of cases) {
    const element = { x: 10, y: y - 10, width: 100, height: 20 };
    assert.equal(wheelClicksToward(element, viewport, px), clicks, `y=${y} px=${px}`);
  }
});

Deno.test("the wheel goes over the nearest vertical scroll bar, else the viewport's middle", () => {
  const root = window(el("root.0.0.0", "CheckBox", [20, 500, 100, 20]));
  const blocker = blockerOf(root, root.children[0].children[0].children[0], SCREEN)!;
  // The viewport has no bar of its own: its scroll pane's bar is used.
  assert.equal(blocker.bar?.id, "root.0.1");
  assert.deepEqual(wheelPoint(blocker), { x: 405, y: 200 });
  const viewport = root.children[0].children[0];
  assert.deepEqual(
    wheelPoint({ check: "out_of_view", container: viewport, viewport: viewport.bounds }),
    { x: 205, y: 200 },
  );
});

Deno.test("a row scrolled away without bounds (GTK 3) is out of view, not hidden", () => {
  // A list inside the viewport; rows 0-1 shown, rows 2-3 scrolled away (0x0).
  const row = (i: number, shown: boolean) =>
    el(`root.0.0.0.${i}`, "ListItem", shown ? [10, 100 + 40 * i, 390, 40] : [0, 0, 0, 0], {}, [
      el(`root.0.0.0.${i}.0`, "CheckBox", shown ? [300, 110 + 40 * i, 16, 16] : [0, 0, 0, 0]),
    ]);
  const list = el(
    "root.0.0.0",
    "List",
    [10, 100, 390, 300],
    {},
    [0, 1, 2, 3].map((i) => row(i, i < 2)),
  );
  const root = el("root", "Window", [0, 0, 800, 600], {}, [
    el("root.0", "Pane", [10, 100, 400, 200], { platform_role: "scroll pane" }, [
      el("root.0.0", "Pane", [10, 100, 390, 200], { platform_role: "viewport" }, [list]),
      el("root.0.1", "ScrollBar", [400, 100, 10, 200]),
    ]),
  ]);
  const below = blockerOf(root, list.children[3].children[0], SCREEN)!;
  assert.equal(below.check, "out_of_view");
  assert.equal(below.container?.id, "root.0.0");
  assert.equal(below.after, true);
  // Scrolled to the end instead: the first rows are the ones away.
  list.children[0].bounds = { x: 0, y: 0, width: 0, height: 0 };
  list.children[0].children[0].bounds = { x: 0, y: 0, width: 0, height: 0 };
  list.children[3].bounds = { x: 10, y: 260, width: 390, height: 40 };
  list.children[3].children[0].bounds = { x: 300, y: 270, width: 16, height: 16 };
  assert.equal(blockerOf(root, list.children[0].children[0], SCREEN)?.after, false);
  // Hidden for real: the states say so.
  const hidden = list.children[2].children[0];
  hidden.states = { visible: false };
  assert.equal(blockerOf(root, hidden, SCREEN)?.check, "not_visible");
});

Deno.test("typing pieces never split a character", () => {
  const cases: Array<[string, number, string[]]> = [
    ["", 8, []],
    ["abc", 8, ["abc"]],
    ["abcdefghij", 4, ["abcd", "efgh", "ij"]],
    ["😀😀😀", 2, ["😀😀", "😀"]],
    ["é✓x", 1, ["é", "✓", "x"]],
  ];
  for (const [text, size, pieces] of cases) assert.deepEqual(piecesOf(text, size), pieces, text);
});
