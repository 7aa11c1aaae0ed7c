// Which window a point on screen shows: the one containing it that no other
// window covers there.

import type { Session } from "../core/session.ts";
import { containsPoint } from "../core/tree.ts";
import type { ListedWindow } from "../observe/window_order.ts";

type Point = { x: number; y: number };

/** The window in front at `point`, or null over the bare desktop. */
export async function windowAt(
  session: Session,
  windows: ListedWindow[],
  point: Point,
): Promise<ListedWindow | null> {
  for (const window of windows.filter((w) => containsPoint(w.bounds, point.x, point.y))) {
    const above = await session.adapter.windowsAbove(window.handle);
    if (!above.some((b) => containsPoint(b, point.x, point.y))) return window;
  }
  return null;
}

/** A window as receipts name it. */
export function windowRef(window: ListedWindow | null) {
  return window ? { window_uid: window.window_uid, title: window.title } : null;
}
