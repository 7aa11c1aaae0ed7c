// Monitor layout from XRandR; one monitor covering the root window when RandR has none.

import type { Bounds, Monitor } from "../../../lib/model/tree.ts";
import {
  MONITOR_HEIGHT_OFFSET,
  MONITOR_INFO_SIZE,
  MONITOR_PRIMARY_OFFSET,
  MONITOR_WIDTH_OFFSET,
  MONITOR_X_OFFSET,
  MONITOR_Y_OFFSET,
  type XRandr,
} from "../ffi/xrandr.ts";
import type { XDisplay } from "./display.ts";

export function screenBounds(x: XDisplay): Bounds {
  return {
    x: 0,
    y: 0,
    width: x.x11.XDisplayWidth(x.display, x.screen),
    height: x.x11.XDisplayHeight(x.display, x.screen),
  };
}

function monitor(index: number, primary: boolean, bounds: Bounds): Monitor {
  // X11 has no per-monitor scaling: logical and physical pixels coincide.
  return {
    index,
    primary,
    bounds,
    scale_factor: 1,
    logical_bounds: { ...bounds },
    physical_bounds: { ...bounds },
  };
}

function randrMonitors(x: XDisplay, xrandr: XRandr): Monitor[] {
  const count = new Int32Array(1);
  const { value: list } = x.trap(() => xrandr.XRRGetMonitors(x.display, x.root, 1, count));
  if (list === null) return [];
  try {
    const view = new Deno.UnsafePointerView(list);
    const monitors = Array.from({ length: count[0] }, (_, i) => {
      const base = i * MONITOR_INFO_SIZE;
      return monitor(i, view.getInt32(base + MONITOR_PRIMARY_OFFSET) !== 0, {
        x: view.getInt32(base + MONITOR_X_OFFSET),
        y: view.getInt32(base + MONITOR_Y_OFFSET),
        width: view.getInt32(base + MONITOR_WIDTH_OFFSET),
        height: view.getInt32(base + MONITOR_HEIGHT_OFFSET),
      });
    });
    // Primary first (spec: index order, primary first), then re-index.
    monitors.sort((a, b) => Number(b.primary) - Number(a.primary));
    if (monitors.length > 0 && !monitors.some((m) => m.primary)) monitors[0].primary = true;
    return monitors.map((m, index) => ({ ...m, index }));
  } finally {
    xrandr.XRRFreeMonitors(list);
  }
}

export function listMonitors(x: XDisplay, xrandr: XRandr | null): Monitor[] {
  const monitors = xrandr === null ? [] : randrMonitors(x, xrandr);
  return monitors.length > 0 ? monitors : [monitor(0, true, screenBounds(x))];
}
