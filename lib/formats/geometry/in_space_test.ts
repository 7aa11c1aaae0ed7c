import { strict as assert } from "node:assert";
import {
  type CoordinateSpace,
  mappingOf,
  SCREEN_MAPPING,
  type SpaceMapping,
  toScreen,
} from "./coordinate_space.ts";
import { allPlacesInSpace, mappingKey, placesInSpace, treeInSpace } from "./in_space.ts";
import { type Bounds, center, type Element, element, walk } from "../../model/tree.ts";

const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

const FULL_HD = b(0, 0, 1920, 1080);
/** Two monitors, the second left of and above the primary. */
const LEFT_ABOVE = b(-1280, -200, 3200, 1280);
const ODD = b(0, 0, 1366, 768);

const scaled = (width: number, height: number): CoordinateSpace => ({
  kind: "scaled",
  width,
  height,
});
const NORMALIZED: CoordinateSpace = { kind: "normalized" };

/** [label, frame, space]: every mapped case below runs in each. */
const SPACES: Array<[string, Bounds, CoordinateSpace]> = [
  ["scaled 1280×720 of 1920×1080", FULL_HD, scaled(1280, 720)],
  ["normalized over 1920×1080", FULL_HD, NORMALIZED],
  ["scaled 1024×575 of 1366×768", ODD, scaled(1024, 575)],
  ["normalized over 1366×768", ODD, NORMALIZED],
  ["scaled 1600×640, negative origin", LEFT_ABOVE, scaled(1600, 640)],
  ["normalized, negative origin", LEFT_ABOVE, NORMALIZED],
  ["scaled 333×187 of 1920×1080 (a third, uneven)", FULL_HD, scaled(333, 187)],
];

/** A small window: a root, a pane, an odd-sized button and an empty (offscreen) label. */
function window(frame: Bounds): Element {
  const { x, y } = frame;
  return element("Window", "Editor", [x + 101, y + 57, 801, 603], {}, [
    element("Pane", "Body", [x + 101, y + 90, 801, 570], {}, [
      element("Button", "OK", [x + 733, y + 611, 75, 29]),
      element("Text", "Hidden", [0, 0, 0, 0]),
    ]),
  ]);
}

/** The screen point a space point stands for must be within one pixel of `expected`. */
function withinAPixel(mapping: SpaceMapping, point: { x: number; y: number }, expected: Bounds) {
  const back = toScreen(mapping, point);
  const truth = center(expected);
  assert.ok(
    Math.abs(back.x - truth.x) <= 1 && Math.abs(back.y - truth.y) <= 1,
    `${JSON.stringify(point)} → ${back.x},${back.y}; the centre of ${JSON.stringify(expected)}`,
  );
}

Deno.test("the screen space answers the very values it was given", () => {
  const tree = window(FULL_HD);
  assert.equal(treeInSpace(tree, SCREEN_MAPPING), tree);
  const mark = { tag: 1, bounds: b(1, 2, 3, 4), centre: { x: 2, y: 4 } };
  assert.equal(placesInSpace(mark, ["bounds", "centre"], SCREEN_MAPPING), mark);
  const list = [mark];
  assert.equal(allPlacesInSpace(list, ["bounds"], SCREEN_MAPPING), list);
  assert.equal(mappingKey(SCREEN_MAPPING), "");
});

for (const [label, frame, space] of SPACES) {
  const mapping = mappingOf(space, frame);

  Deno.test(`treeInSpace, ${label}: every node's centre maps back within a pixel`, () => {
    const tree = window(frame);
    const before = JSON.stringify(tree);
    const mapped = treeInSpace(tree, mapping);
    assert.equal(JSON.stringify(tree), before, "the tree given is never changed");
    const screenNodes: Element[] = [];
    const spaceNodes: Element[] = [];
    walk(tree, (n) => screenNodes.push(n));
    walk(mapped, (n) => spaceNodes.push(n));
    assert.equal(spaceNodes.length, screenNodes.length);
    spaceNodes.forEach((node, i) => {
      const { bounds, children, ...fields } = node;
      const { bounds: screen, children: screenChildren, ...screenFields } = screenNodes[i];
      assert.deepEqual(fields, screenFields, "only bounds change");
      assert.equal(children.length, screenChildren.length);
      if (screen.width === 0) return; // the offscreen label: no centre to click
      // The corners map onto the corners: x + width / 2 is the screen centre.
      withinAPixel(
        mapping,
        { x: bounds.x + bounds.width / 2, y: bounds.y + bounds.height / 2 },
        screen,
      );
    });
  });

  Deno.test(`placesInSpace, ${label}: boxes and points, other fields kept`, () => {
    const box = b(frame.x + 733, frame.y + 611, 75, 29);
    const mark = { tag: 7, name: "OK", bounds: box, centre: center(box), none: null };
    const shown = placesInSpace(mark, ["bounds", "centre", "none"], mapping);
    assert.deepEqual([shown.tag, shown.name, shown.none], [7, "OK", null]);
    withinAPixel(mapping, shown.centre, box);
    // The point maps back exactly: it was a screen pixel.
    assert.deepEqual(toScreen(mapping, shown.centre), center(box));
    const middle = {
      x: shown.bounds.x + shown.bounds.width / 2,
      y: shown.bounds.y + shown.bounds.height / 2,
    };
    withinAPixel(mapping, middle, box);
    assert.deepEqual(mark.bounds, box, "the item given is never changed");
    const [listed] = allPlacesInSpace([mark], ["bounds"], mapping);
    assert.deepEqual(listed.bounds, shown.bounds);
    assert.equal(listed.centre, mark.centre, "keys not named stay as they are");
  });
}

// [label, frame, space, screen box, the box in the space]
const BOXES: Array<[string, Bounds, CoordinateSpace, Bounds, Bounds]> = [
  ["scaled 2/3", FULL_HD, scaled(1280, 720), b(300, 150, 90, 45), b(200, 100, 60, 30)],
  ["normalized", FULL_HD, NORMALIZED, b(200, 240, 240, 24), b(104.17, 222.22, 125, 22.22)],
  ["negative origin", LEFT_ABOVE, NORMALIZED, b(-1000, -100, 33, 17), b(87.5, 78.13, 10.31, 13.28)],
  ["the whole frame", ODD, scaled(1024, 575), ODD, b(0, 0, 1024, 575)],
];

for (const [label, frame, space, screen, expected] of BOXES) {
  Deno.test(`treeInSpace maps corner to corner: ${label}`, () => {
    const tree = element("Button", "B", [screen.x, screen.y, screen.width, screen.height]);
    assert.deepEqual(treeInSpace(tree, mappingOf(space, frame)).bounds, expected);
  });
}

Deno.test("mappingKey: one key per space and frame", () => {
  const keys = [
    mappingKey(mappingOf(NORMALIZED, FULL_HD)),
    mappingKey(mappingOf(NORMALIZED, ODD)),
    mappingKey(mappingOf(scaled(1280, 720), FULL_HD)),
    mappingKey(mappingOf(scaled(960, 540), FULL_HD)),
  ];
  assert.equal(new Set(keys).size, keys.length);
  assert.ok(keys.every((k) => k !== ""));
});
