// Which window a point on screen shows: the one containing it that no other
// window covers there, asked of whatever says what lies above a window.

import { type Bounds, containsPoint } from "../../model/tree.ts";

type Point = { x: number; y: number };

/** Of `windows`, the one containing `point` that no window `above` it covers there. */
export async function frontWindowAt<W extends { handle: string; bounds: Bounds }>(
  windows: W[],
  point: Point,
  above: (handle: string) => Promise<Bounds[]>,
): Promise<W | null> {
  for (const window of windows.filter((w) => containsPoint(w.bounds, point.x, point.y))) {
    if (!(await above(window.handle)).some((b) => containsPoint(b, point.x, point.y))) {
      return window;
    }
  }
  return null;
}
