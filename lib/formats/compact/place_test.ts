// The compact view's places in a coordinate space (issue 45): each line's
// @x,y is the screen click point (the centre) in the space, a container's
// WxH its box mapped corner to corner; the screen space writes what it always
// wrote, and the diff of two views compares lines in the same space.

import assert from "node:assert/strict";
import { assignIds, center, type Element, element as node } from "../../model/tree.ts";
import {
  type CoordinateSpace,
  mappingOf,
  SCREEN_MAPPING,
  type SpaceMapping,
  toScreen,
} from "../geometry/coordinate_space.ts";
import { refsOf } from "../views/refs.ts";
import { placeText } from "./lines.ts";
import { compactDiffView, compactView } from "./view.ts";

const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

const FRAME = b(0, 0, 1920, 1080);
const AREA = { x: 100, y: 60, width: 800, height: 600 };
const scaled = (width: number, height: number): CoordinateSpace => ({
  kind: "scaled",
  width,
  height,
});
const NORMALIZED = mappingOf({ kind: "normalized" }, FRAME);
const THIRDS = mappingOf(scaled(1280, 720), FRAME);

function form(value = "alice"): Element {
  return assignIds(node("Window", "Form", [100, 60, 800, 600], {}, [
    node("Edit", "Name", [120, 101, 241, 27], { value, focused: true }),
    node("Button", "OK", [733, 611, 75, 29]),
  ]));
}

const MAPPINGS: Record<string, SpaceMapping> = {
  screen: SCREEN_MAPPING,
  normalized: NORMALIZED,
  "scaled 2/3": THIRDS,
};

// [space, box, a container, what the line shows]
const PLACES: Array<[string, [number, number, number, number], boolean, string]> = [
  ["screen", [120, 101, 241, 27], false, "@240,114"],
  ["screen", [100, 60, 800, 600], true, "@500,360 800x600"],
  ["normalized", [120, 101, 241, 27], false, "@125,105.56"],
  ["normalized", [100, 60, 800, 600], true, "@260.42,333.33 416.67x555.55"],
  ["scaled 2/3", [300, 150, 90, 45], true, "@230,114.67 60x30"], // whole values
];

for (const [space, [x, y, width, height], container, expected] of PLACES) {
  Deno.test(`placeText, ${space}: ${container ? "a container's centre and size" : "the centre"}`, () => {
    assert.equal(placeText({ x, y, width, height }, container, MAPPINGS[space]), expected);
  });
}

Deno.test("placeText: the point shown maps back to the screen point to click", () => {
  for (const mapping of [NORMALIZED, THIRDS, mappingOf(scaled(333, 187), FRAME)]) {
    for (const box of [b(733, 611, 75, 29), b(0, 0, 3, 1)]) {
      const [, x, y] = /^@([\d.]+),([\d.]+)$/.exec(placeText(box, false, mapping))!;
      assert.deepEqual(toScreen(mapping, { x: Number(x), y: Number(y) }), center(box));
    }
  }
});

Deno.test("compact view: the screen's lines as before, another space's in its units", async () => {
  const tree = form();
  const request = { refs: refsOf(tree), area: AREA };
  assert.equal(
    (await compactView(tree, request)).compact,
    [
      "e0 Window Form @500,360 800x600",
      '  e1 Edit Name = "alice" focused @240,114',
      "  e2 Button OK @770,625",
    ]
      .join("\n"),
  );
  assert.equal(
    (await compactView(tree, { ...request, mapping: NORMALIZED })).compact,
    [
      "e0 Window Form @260.42,333.33 416.67x555.55",
      '  e1 Edit Name = "alice" focused @125,105.56',
      "  e2 Button OK @401.04,578.7",
    ].join("\n"),
  );
});

Deno.test("compact diff: both views in the space", async () => {
  const diff = await compactDiffView(form(), form("bob"), AREA, undefined, NORMALIZED);
  assert.equal(
    diff.compact_diff,
    ['-   Edit Name = "alice" focused @125,105.56', '+   e1 Edit Name = "bob" focused @125,105.56']
      .join("\n"),
  );
  const same = await compactDiffView(form(), form(), AREA, undefined, THIRDS);
  assert.equal(same.unchanged, true);
});
