import { strict as assert } from "node:assert";
import { intersect, isOccluded, screenBounds, subtract, visibleRegions } from "./visibility.ts";
import { FALLBACK_SCREEN } from "../../model/tree.ts";

const b = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

const SUBTRACT: Array<
  [string, ReturnType<typeof b>, ReturnType<typeof b>, ReturnType<typeof b>[]]
> = [
  ["no overlap keeps R", b(0, 0, 10, 10), b(20, 20, 5, 5), [b(0, 0, 10, 10)]],
  ["touching edges do not overlap", b(0, 0, 10, 10), b(10, 0, 5, 10), [b(0, 0, 10, 10)]],
  ["full cover leaves nothing", b(2, 2, 4, 4), b(0, 0, 10, 10), []],
  [
    "hole in the middle: top, bottom, left, right",
    b(0, 0, 10, 10),
    b(3, 4, 2, 2),
    [b(0, 0, 10, 4), b(0, 6, 10, 4), b(0, 4, 3, 2), b(5, 4, 5, 2)],
  ],
  ["cover the left half", b(0, 0, 10, 10), b(-5, -5, 10, 20), [b(5, 0, 5, 10)]],
  ["cover the top strip", b(0, 0, 10, 10), b(0, 0, 10, 3), [b(0, 3, 10, 7)]],
];

for (const [name, r, o, expected] of SUBTRACT) {
  Deno.test(`subtract: ${name}`, () => assert.deepEqual(subtract(r, o), expected));
}

Deno.test("visibleRegions: mock Notepad on the fallback screen is one region", () => {
  assert.deepEqual(visibleRegions(b(80, 60, 800, 600), FALLBACK_SCREEN, []), [b(80, 60, 800, 600)]);
});

Deno.test("visibleRegions: clipped to the screen; off-screen is empty", () => {
  const screen = b(0, 0, 100, 100);
  assert.deepEqual(visibleRegions(b(90, 90, 20, 20), screen, []), [b(90, 90, 10, 10)]);
  assert.deepEqual(visibleRegions(b(200, 0, 20, 20), screen, []), []);
  assert.deepEqual(visibleRegions(b(10, 10, 0, 5), screen, []), []);
});

Deno.test("isOccluded: covered by a window above, or by two together", () => {
  const screen = b(0, 0, 1000, 1000);
  assert.ok(isOccluded(b(10, 10, 10, 10), screen, [b(0, 0, 100, 100)]));
  assert.ok(isOccluded(b(10, 10, 10, 10), screen, [b(0, 0, 15, 100), b(15, 0, 100, 100)]));
  assert.ok(!isOccluded(b(10, 10, 10, 10), screen, [b(0, 0, 15, 100)]));
  assert.equal(intersect(b(0, 0, 1, 1), b(1, 1, 1, 1)), null);
});

Deno.test("screenBounds is the union of monitors", () => {
  assert.equal(screenBounds([]), null);
  assert.deepEqual(
    screenBounds([{ bounds: b(0, 0, 1920, 1080) }, { bounds: b(-1280, 100, 1280, 1024) }]),
    b(-1280, 0, 3200, 1124),
  );
});
