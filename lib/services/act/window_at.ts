// Which window a point on screen shows: the one containing it that no other
// window covers there.

import type { ActContext } from "./context.ts";
import { windowsPlaced } from "../../../adapters/types.ts";
import { frontWindowAt } from "../../formats/geometry/front_window.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";

type Point = { x: number; y: number };

/** The window in front at `point`, or null over the bare desktop or where positions are unknown. */
export function windowAt(
  session: ActContext,
  windows: ListedWindow[],
  point: Point,
): Promise<ListedWindow | null> {
  if (!windowsPlaced(session.adapter)) return Promise.resolve(null);
  return frontWindowAt(windows, point, (handle) => session.adapter.windowsAbove(handle));
}

/** A window as receipts name it. */
export function windowRef(window: ListedWindow | null) {
  return window ? { window_uid: window.window_uid, title: window.title } : null;
}
