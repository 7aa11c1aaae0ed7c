// Which window a point on screen shows: the one containing it that no other
// window covers there.

import type { Session } from "../core/session.ts";
import type { ListedWindow } from "../observe/window_order.ts";

type Point = { x: number; y: number };

/** Whether `b` contains the point. */
export function holds(
  b: { x: number; y: number; width: number; height: number },
  p: Point,
): boolean {
  return p.x >= b.x && p.x < b.x + b.width && p.y >= b.y && p.y < b.y + b.height;
}

/** The window in front at `point`, or null over the bare desktop. */
export async function windowAt(
  session: Session,
  windows: ListedWindow[],
  point: Point,
): Promise<ListedWindow | null> {
  for (const window of windows.filter((w) => holds(w.bounds, point))) {
    const above = await session.adapter.windowsAbove(window.handle);
    if (!above.some((b) => holds(b, point))) return window;
  }
  return null;
}

/** A window as receipts name it. */
export function windowRef(window: ListedWindow | null) {
  return window ? { window_uid: window.window_uid, title: window.title } : null;
}
