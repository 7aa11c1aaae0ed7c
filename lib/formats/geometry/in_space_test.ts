import { strict as assert } from "node:assert";
import {
  mappingOf,
  parseSpace,
  SCREEN_MAPPING,
  type SpaceMapping,
  toScreen,
} from "./coordinate_space.ts";
import { allPlacesInSpace, mappingKey, placesInSpace, treeInSpace } from "./in_space.ts";
import { type Bounds, center, type Element, element, walk } from "../../model/tree.ts";

/** The frames spaces cover: one monitor, an uneven one, two with a negative origin. */
const FRAMES: Record<string, Bounds> = {
  "1920×1080": { x: 0, y: 0, width: 1920, height: 1080 },
  "1366×768": { x: 0, y: 0, width: 1366, height: 768 },
  "two monitors, negative origin": { x: -1280, y: -200, width: 3200, height: 1280 },
};

/** [space, frame]: every mapped case below runs in each. */
const SPACES: Array<[string, string]> = [
  ["scaled:1280x720", "1920×1080"],
  ["normalized", "1920×1080"],
  ["scaled:1024x575", "1366×768"],
  ["normalized", "1366×768"],
  ["scaled:1600x640", "two monitors, negative origin"],
  ["normalized", "two monitors, negative origin"],
  ["scaled:333x187", "1920×1080"], // a third of the screen, uneven
];

const mapped = (space: string, frame: string) => mappingOf(parseSpace(space), FRAMES[frame]);

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
  const tree = window(FRAMES["1920×1080"]);
  assert.equal(treeInSpace(tree, SCREEN_MAPPING), tree);
  const mark = { tag: 1, bounds: { x: 1, y: 2, width: 3, height: 4 }, centre: { x: 2, y: 4 } };
  assert.equal(placesInSpace(mark, ["bounds", "centre"], SCREEN_MAPPING), mark);
  const list = [mark];
  assert.equal(allPlacesInSpace(list, ["bounds"], SCREEN_MAPPING), list);
  assert.equal(mappingKey(SCREEN_MAPPING), "");
});

for (const [space, frameName] of SPACES) {
  const label = `${space} over ${frameName}`;
  const frame = FRAMES[frameName];
  const mapping = mapped(space, frameName);

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
    const box = { x: frame.x + 733, y: frame.y + 611, width: 75, height: 29 };
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

const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

// [space, frame, screen box, the box in the space]
const BOXES: Array<[string, string, Bounds, Bounds]> = [
  ["scaled:1280x720", "1920×1080", b(300, 150, 90, 45), b(200, 100, 60, 30)],
  ["normalized", "1920×1080", b(200, 240, 240, 24), b(104.17, 222.22, 125, 22.22)],
  [
    "normalized",
    "two monitors, negative origin",
    b(-1000, -100, 33, 17),
    b(87.5, 78.13, 10.31, 13.28),
  ],
  ["scaled:1024x575", "1366×768", FRAMES["1366×768"], b(0, 0, 1024, 575)],
];

for (const [space, frame, screen, expected] of BOXES) {
  Deno.test(`treeInSpace maps corner to corner: ${space} over ${frame}`, () => {
    const tree = element("Button", "B", [screen.x, screen.y, screen.width, screen.height]);
    assert.deepEqual(treeInSpace(tree, mapped(space, frame)).bounds, expected);
  });
}

Deno.test("mappingKey: one key per space and frame", () => {
  const keys = [
    mappingKey(mapped("normalized", "1920×1080")),
    mappingKey(mapped("normalized", "1366×768")),
    mappingKey(mapped("scaled:1280x720", "1920×1080")),
    mappingKey(mapped("scaled:960x540", "1920×1080")),
  ];
  assert.equal(new Set(keys).size, keys.length);
  assert.ok(keys.every((k) => k !== ""));
});
