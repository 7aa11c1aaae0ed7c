import { strict as assert } from "node:assert";
import {
  boxFromScreen,
  type CoordinateSpace,
  fromScreen,
  mappingOf,
  parseSpace,
  spaceName,
  toScreen,
} from "./coordinate_space.ts";
import { ToolError } from "../../model/errors.ts";
import { scaledSize } from "../image/crop.ts";

const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

const FULL_HD = b(0, 0, 1920, 1080);
/** Two monitors, the second left of and above the primary. */
const LEFT_ABOVE = b(-1280, -200, 3200, 1280);
const ODD = b(0, 0, 1366, 768);
const UHD = b(0, 0, 3840, 2160);
const TINY = b(5, 7, 7, 3);

const scaled = (width: number, height: number): CoordinateSpace => ({
  kind: "scaled",
  width,
  height,
});
const NORMALIZED: CoordinateSpace = { kind: "normalized" };

function badRequest(run: () => unknown, message: RegExp): void {
  assert.throws(
    run,
    (e) => e instanceof ToolError && e.code === "BadRequest" && message.test(e.message),
  );
}

const PARSED: Array<[string, CoordinateSpace]> = [
  ["screen", { kind: "screen" }],
  ["normalized", NORMALIZED],
  ["scaled:1280x720", scaled(1280, 720)],
  ["scaled:1x1", scaled(1, 1)],
  ["scaled:16384x9216", scaled(16384, 9216)],
];

for (const [text, space] of PARSED) {
  Deno.test(`parseSpace: ${text}`, () => {
    assert.deepEqual(parseSpace(text), space);
    assert.equal(spaceName(space), text);
  });
}

const REFUSED: Array<[string, RegExp]> = [
  ["pixels", /none of screen, normalized, scaled/],
  ["scaled", /none of/],
  ["scaled:1280", /none of/],
  ["scaled:-1280x720", /none of/],
  ["scaled:12.5x720", /none of/],
  ["Screen", /none of/],
  ["scaled:0x720", /1 to 16384/],
  ["scaled:1280x0", /1 to 16384/],
  ["scaled:20000x720", /1 to 16384/],
];

for (const [text, message] of REFUSED) {
  Deno.test(`parseSpace refuses '${text}'`, () => badRequest(() => parseSpace(text), message));
}

// [label, frame, space, space point, screen point]
const POINTS: Array<
  [string, ReturnType<typeof b>, CoordinateSpace, [number, number], [number, number]]
> = [
  ["scaled 2/3 at the origin", FULL_HD, scaled(1280, 720), [0, 0], [0, 0]],
  ["scaled 2/3 in the middle", FULL_HD, scaled(1280, 720), [640, 360], [960, 540]],
  ["scaled 2/3, rounded", FULL_HD, scaled(1280, 720), [101, 33], [152, 50]],
  ["scaled far edge stays on screen", FULL_HD, scaled(1280, 720), [1280, 720], [1919, 1079]],
  ["normalized centre", FULL_HD, NORMALIZED, [500, 500], [960, 540]],
  ["normalized corner", FULL_HD, NORMALIZED, [1000, 0], [1919, 0]],
  ["normalized fractions", FULL_HD, NORMALIZED, [250.5, 333.25], [481, 360]],
  ["negative origin, scaled", LEFT_ABOVE, scaled(1600, 640), [0, 0], [-1280, -200]],
  ["negative origin, scaled middle", LEFT_ABOVE, scaled(1600, 640), [800, 320], [320, 440]],
  ["negative origin, normalized", LEFT_ABOVE, NORMALIZED, [400, 156.25], [0, 0]],
  ["odd screen, uneven width", ODD, scaled(1000, 562), [500, 281], [683, 384]],
  ["odd screen, normalized", ODD, NORMALIZED, [999, 999], [1365, 767]],
  ["tiny frame", TINY, scaled(14, 6), [7, 3], [9, 9]],
  ["upscaled space, last pixel", TINY, scaled(70, 30), [69, 29], [11, 9]],
  ["upscaled space, rounded", TINY, scaled(70, 30), [34, 14], [8, 8]],
];

for (const [label, frame, space, [u, v], [x, y]] of POINTS) {
  Deno.test(`toScreen: ${label}`, () => {
    assert.deepEqual(toScreen(mappingOf(space, frame), { x: u, y: v }), { x, y });
  });
}

Deno.test("fromScreen: the space's values, two decimals", () => {
  assert.deepEqual(fromScreen(mappingOf(scaled(1280, 720), FULL_HD), { x: 152, y: 50 }), {
    x: 101.33,
    y: 33.33,
  });
  assert.deepEqual(fromScreen(mappingOf(NORMALIZED, LEFT_ABOVE), { x: 0, y: 0 }), {
    x: 400,
    y: 156.25,
  });
  // Off the frame stays linear: the caller sees it is outside.
  assert.deepEqual(fromScreen(mappingOf(NORMALIZED, FULL_HD), { x: -192, y: 2160 }), {
    x: -100,
    y: 2000,
  });
});

Deno.test("the screen space is the identity, whole pixels only", () => {
  const screen = mappingOf({ kind: "screen" }, FULL_HD);
  assert.deepEqual(toScreen(screen, { x: -40, y: 5000 }), { x: -40, y: 5000 });
  assert.deepEqual(fromScreen(screen, { x: 3, y: 4 }), { x: 3, y: 4 });
  assert.deepEqual(boxFromScreen(screen, b(1, 2, 3, 4)), b(1, 2, 3, 4));
  badRequest(() => toScreen(screen, { x: 10.5, y: 3 }), /whole pixels/);
});

const OUTSIDE: Array<[string, CoordinateSpace, [number, number]]> = [
  ["normalized past 1000", NORMALIZED, [1000.5, 10]],
  ["normalized negative", NORMALIZED, [10, -1]],
  ["scaled past its width", scaled(1280, 720), [1281, 10]],
  ["scaled past its height", scaled(1280, 720), [10, 721]],
];

for (const [label, space, [x, y]] of OUTSIDE) {
  Deno.test(`toScreen refuses a point outside: ${label}`, () => {
    badRequest(() => toScreen(mappingOf(space, FULL_HD), { x, y }, "x, y"), /outside the/);
  });
}

const ASPECTS: Array<[string, ReturnType<typeof b>, CoordinateSpace, boolean]> = [
  ["16:9 on 16:9", FULL_HD, scaled(1280, 720), true],
  ["the box asked for, not the picture", FULL_HD, scaled(1024, 768), false],
  ["a height rounded down", ODD, scaled(1000, 562), true],
  ["a width rounded down", ODD, scaled(999, 562), true],
  ["two pixels off", ODD, scaled(1000, 564), false],
  ["odd frame scaled by its height", LEFT_ABOVE, scaled(1601, 640), true],
];

for (const [label, frame, space, fits] of ASPECTS) {
  Deno.test(`mappingOf: ${label}`, () => {
    if (fits) assert.ok("frame" in mappingOf(space, frame));
    else badRequest(() => mappingOf(space, frame), /aspect.*declare the coordinate_space/);
  });
}

Deno.test("mappingOf: a screenshot's own scaled size always fits its frame", () => {
  for (const frame of [FULL_HD, LEFT_ABOVE, ODD, UHD, TINY, b(0, 0, 1, 9999)]) {
    for (const max of [1, 3, 100, 333, 1000, 1024, 1280, 1919]) {
      for (const size of [scaledSize(frame, max), scaledSize(frame, undefined, max)]) {
        assert.ok("frame" in mappingOf(scaled(size.width, size.height), frame), `${max}`);
      }
    }
  }
});

Deno.test("round trip: every screen pixel comes back exactly, and within one from whole space values", () => {
  const cases: Array<[ReturnType<typeof b>, CoordinateSpace]> = [
    [FULL_HD, scaled(1280, 720)],
    [FULL_HD, scaled(1024, 576)],
    [FULL_HD, NORMALIZED],
    [LEFT_ABOVE, scaled(1600, 640)],
    [LEFT_ABOVE, NORMALIZED],
    [ODD, scaled(1000, 562)],
    [UHD, NORMALIZED],
    [TINY, scaled(14, 6)],
  ];
  for (const [frame, space] of cases) {
    const mapping = mappingOf(space, frame);
    const label = `${spaceName(space)} over ${JSON.stringify(frame)}`;
    for (let x = frame.x; x < frame.x + frame.width; x += 7) {
      for (let y = frame.y; y < frame.y + frame.height; y += 11) {
        const there = fromScreen(mapping, { x, y });
        assert.deepEqual(toScreen(mapping, there), { x, y }, `${label} at ${x},${y}`);
        // A model that answers whole numbers: one space unit is frame/extent screen pixels.
        const whole = toScreen(mapping, { x: Math.round(there.x), y: Math.round(there.y) });
        const unitX = space.kind === "scaled" ? frame.width / space.width : frame.width / 1000;
        assert.ok(Math.abs(whole.x - x) <= Math.max(1, unitX / 2 + 0.5), `${label} at ${x}`);
      }
    }
  }
});

Deno.test("boxFromScreen: corners mapped, so the centre maps to the centre", () => {
  const mapping = mappingOf(scaled(1280, 720), FULL_HD);
  const box = boxFromScreen(mapping, b(300, 150, 90, 45));
  assert.deepEqual(box, b(200, 100, 60, 30));
  const centre = toScreen(mapping, { x: box.x + box.width / 2, y: box.y + box.height / 2 });
  assert.deepEqual(centre, { x: 345, y: 173 });
  const odd = mappingOf(NORMALIZED, LEFT_ABOVE);
  const shown = boxFromScreen(odd, b(-1000, -100, 33, 17));
  assert.deepEqual(shown, b(87.5, 78.13, 10.31, 13.28));
  const back = toScreen(odd, { x: shown.x + shown.width / 2, y: shown.y + shown.height / 2 });
  assert.ok(Math.abs(back.x - (-1000 + 16.5)) <= 1 && Math.abs(back.y - (-100 + 8.5)) <= 1);
});
