// Bringing a window to the front: the platform's activation first (X11
// _NET_ACTIVE_WINDOW, waited for), else a click on the top of the window's
// highest visible region, where its title bar is.

import type { Bounds } from "../../model/tree.ts";
import type { ActContext } from "./context.ts";
import { windowsPlaced } from "../../../adapters/types.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { visibleRegions } from "../../formats/geometry/visibility.ts";
import { screenOf } from "../observe/capture.ts";

export interface Activation {
  success: boolean;
  /** activate_api, click_title_bar, or none when neither could be tried. */
  action: "activate_api" | "click_title_bar" | "none";
  note?: string;
  /** Why the platform activation failed, when the title bar was clicked instead. */
  api_note?: string;
  clicked_x?: number;
  clicked_y?: number;
  error?: string;
}

/**
 * Where to click a window's title bar inside `region` (its highest visible
 * part): a quarter in from the left, clear of the window menu on the left and
 * the buttons on the right, a dozen pixels down.
 */
export function titleBarPoint(region: Bounds): { x: number; y: number } {
  const { x: rx, y: ry, width: rw, height: rh } = region;
  // From 260 px on, 90 px on the left and 160 on the right still leave room.
  const x = rw < 260
    ? rx + Math.floor(rw / 2)
    : Math.min(Math.max(rx + Math.floor(rw / 4), rx + 90), rx + rw - 160);
  const y = ry + Math.min(12, Math.max(1, Math.floor((rh - 1) / 2)));
  return { x, y: Math.min(y, ry + rh - 1) }; // a 1 px strip: its only row
}

/** The highest visible region (ties: the widest), or null when none is visible. */
export function highestRegion(regions: Bounds[]): Bounds | null {
  return regions.reduce<Bounds | null>(
    (best, r) => !best || r.y < best.y || (r.y === best.y && r.width > best.width) ? r : best,
    null,
  );
}

export async function bringToForeground(
  session: ActContext,
  window: ListedWindow,
): Promise<Activation> {
  const [activated, apiNote] = await session.adapter.activate(window.handle);
  if (activated) return { success: true, action: "activate_api", note: apiNote };
  if (!windowsPlaced(session.adapter)) {
    // Its box is at 0,0 of its own: a click there would land on whatever is at the screen's corner.
    return {
      success: false,
      action: "none",
      error: `the platform could not raise the window (${apiNote}), and window positions are ` +
        "unknown on this desktop, so its title bar cannot be clicked instead",
    };
  }
  const above = await session.adapter.windowsAbove(window.handle);
  const region = highestRegion(visibleRegions(window.bounds, await screenOf(session), above));
  if (!region) {
    return {
      success: false,
      action: "none",
      error: "Window has no visible area (fully occluded or off-screen) and platform API " +
        `also failed: ${apiNote}`,
    };
  }
  const point = titleBarPoint(region);
  const outcome = await session.adapter.input(
    { kind: "click", x: point.x, y: point.y, button: "left", count: 1 },
    window.handle,
  );
  return {
    success: outcome.ok,
    action: "click_title_bar",
    api_note: apiNote,
    clicked_x: point.x,
    clicked_y: point.y,
    ...(outcome.ok ? { note: outcome.note } : { error: outcome.error }),
  };
}
