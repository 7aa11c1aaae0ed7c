// The inspector's pure logic, as tables: which element is under a point, the
// pan/zoom view, tool forms from JSON Schema, and change records as lines.

import { strict as assert } from "node:assert";
import {
  fitView,
  flatten,
  MAX_SCALE,
  nodeAt,
  screenPoint,
  zoomAround,
} from "../routes/static/inspector/geometry.js";
import { argsFrom, fieldsOf } from "../routes/static/inspector/forms.js";
import { describeChange, idOfPath } from "../routes/static/inspector/changes.js";

type Node = {
  id: string;
  name: string;
  role: string;
  bounds: { x: number; y: number; width: number; height: number };
  children: Node[];
};

const node = (id: string, [x, y, width, height]: number[], children: Node[] = []): Node => ({
  id,
  name: id,
  role: "Pane",
  bounds: { x, y, width, height },
  children,
});

// A window with a toolbar holding two buttons, and a dialog drawn over the toolbar.
const TREE = node("root", [0, 0, 400, 300], [
  node("root.0", [0, 0, 400, 40], [
    node("root.0.0", [0, 0, 40, 40]),
    node("root.0.1", [40, 0, 40, 40]),
  ]),
  node("root.1", [20, 20, 100, 100]),
]);

Deno.test("flatten lists parents before children, in order", () => {
  assert.deepEqual(flatten(TREE).map((n: Node) => n.id), [
    "root",
    "root.0",
    "root.0.0",
    "root.0.1",
    "root.1",
  ]);
});

const POINTS: Array<[number, number, string | null]> = [
  [5, 5, "root.0.0"],
  [45, 5, "root.0.1"],
  [39, 39, "root.1"], // the dialog paints over the toolbar's first button
  [40, 0, "root.0.1"], // left edge inside, right edge outside
  [200, 200, "root"],
  [400, 10, null],
  [-1, 5, null],
];
for (const [x, y, id] of POINTS) {
  Deno.test(`nodeAt ${x},${y} → ${id}`, () => {
    assert.equal(nodeAt(TREE, x, y)?.id ?? null, id);
  });
}

Deno.test("fitView shows the area whole and centred; screenPoint inverts it", () => {
  const view = fitView({ x: 100, y: 50, width: 400, height: 200 }, { width: 800, height: 800 });
  assert.equal(view.scale, 2);
  // The area's corners land inside the pane, centred vertically.
  assert.deepEqual(screenPoint(view, 0, 200), { x: 100, y: 50 });
  assert.deepEqual(screenPoint(view, 799, 599), { x: 499, y: 249 });
  assert.equal(
    fitView({ x: 0, y: 0, width: 1, height: 1 }, { width: 5000, height: 5000 }).scale,
    MAX_SCALE,
  );
});

Deno.test("zoomAround keeps the pixel under the pointer in place", () => {
  const view = { scale: 1, x: -100, y: -50 };
  const before = screenPoint(view, 300, 200);
  for (const factor of [1.25, 0.8, 4, 0.1]) {
    const zoomed = zoomAround(view, factor, 300, 200);
    assert.deepEqual(screenPoint(zoomed, 300, 200), before, `factor ${factor}`);
  }
});

const SCHEMA = {
  type: "object",
  properties: {
    window_uid: { type: "string", description: "The window" },
    count: { type: "integer", minimum: 1 },
    ratio: { type: "number" },
    double: { type: "boolean", default: false },
    button: { type: "string", enum: ["left", "right"], default: "left" },
    bbox: { type: "object", properties: {} },
    selector: { type: "string", description: "required one" },
  },
  required: ["selector"],
};

Deno.test("fieldsOf: required fields first, kinds from the schema", () => {
  const fields = fieldsOf(SCHEMA);
  assert.deepEqual(
    fields.map((
      f: { name: string; kind: string; required: boolean },
    ) => [f.name, f.kind, f.required]),
    [
      ["selector", "text", true],
      ["window_uid", "text", false],
      ["count", "integer", false],
      ["ratio", "number", false],
      ["double", "boolean", false],
      ["button", "choice", false],
      ["bbox", "json", false],
    ],
  );
  assert.deepEqual(fields.find((f: { name: string }) => f.name === "button")?.options, [
    "left",
    "right",
  ]);
});

const ARGS: Array<[Record<string, string>, unknown]> = [
  [{ selector: "Button" }, { ok: true, args: { selector: "Button" } }],
  [{ selector: "  " }, { ok: false, field: "selector", message: "required" }],
  [
    { selector: "B", count: "3", ratio: "0.5", double: "true", button: "right", bbox: '{"x":1}' },
    {
      ok: true,
      args: { selector: "B", count: 3, ratio: 0.5, double: true, button: "right", bbox: { x: 1 } },
    },
  ],
  [{ selector: "B", count: "2.5" }, { ok: false, field: "count", message: "not a whole number" }],
  [{ selector: "B", ratio: "x" }, { ok: false, field: "ratio", message: "not a number" }],
  [{ selector: "B", bbox: "{x" }, { ok: false, field: "bbox", message: "not valid JSON" }],
  [{ selector: "B", double: "", window_uid: "" }, { ok: true, args: { selector: "B" } }],
  [{ selector: " keep spaces " }, { ok: true, args: { selector: " keep spaces " } }],
];
for (const [raw, expected] of ARGS) {
  Deno.test(`argsFrom ${JSON.stringify(raw)}`, () => {
    assert.deepEqual(argsFrom(fieldsOf(SCHEMA), raw), expected);
  });
}

const CHANGES: Array<[Record<string, unknown>, { kind: string; text: string }]> = [
  [{ op: "add", path: "0/3", node: { role: "Button", name: "OK" } }, {
    kind: "add",
    text: '+ root.0.3 Button "OK"',
  }],
  [{ op: "remove", path: "1" }, { kind: "remove", text: "- root.1" }],
  [{ op: "move", from: "0/1", to: "0/2" }, { kind: "move", text: "↔ root.0.1 → root.0.2" }],
  [
    { op: "replace", path: "", fields: { name: "Saved", focused: true } },
    { kind: "replace", text: '~ root name="Saved", focused=true' },
  ],
];
for (const [change, line] of CHANGES) {
  Deno.test(`describeChange ${change.op}`, () => {
    assert.deepEqual(describeChange(change), line);
  });
}

Deno.test("idOfPath spells a child path as an element id", () => {
  assert.equal(idOfPath(""), "root");
  assert.equal(idOfPath("2/0/5"), "root.2.0.5");
});
