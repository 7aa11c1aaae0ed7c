// Which window a point on screen shows: the one containing it that no other
// window covers there.

import type { ServiceContext } from "../context.ts";
import { type Bounds, containsPoint } from "../../model/tree.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";

type Point = { x: number; y: number };

/** The window in front at `point`, or null over the bare desktop. */
export function windowAt(
  session: ServiceContext,
  windows: ListedWindow[],
  point: Point,
): Promise<ListedWindow | null> {
  return frontWindowAt(windows, point, (handle) => session.adapter.windowsAbove(handle));
}

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

/** A window as receipts name it. */
export function windowRef(window: ListedWindow | null) {
  return window ? { window_uid: window.window_uid, title: window.title } : null;
}
