// Monitor layout: EnumDisplayMonitors + GetMonitorInfoW, DPI from shcore.

import type { Bounds, Monitor } from "../../../lib/model/tree.ts";
import { shcore } from "../ffi/shcore.ts";
import { handle, handleValue, rectBounds, user32 } from "../ffi/user32.ts";

const MONITORINFO_SIZE = 40;
const MONITOR_RECT_AT = 1; // Int32 index of rcMonitor, after cbSize
const MONITOR_FLAGS_AT = 9; // after rcMonitor and rcWork
const MONITORINFOF_PRIMARY = 1;
const MDT_EFFECTIVE_DPI = 0;
const DEFAULT_DPI = 96;

const SM_XVIRTUALSCREEN = 76;
const SM_YVIRTUALSCREEN = 77;
const SM_CXVIRTUALSCREEN = 78;
const SM_CYVIRTUALSCREEN = 79;

/** The bounding box of every monitor, in the coordinates windows and input use. */
export function screenBounds(): Bounds {
  const metric = user32().GetSystemMetrics;
  return {
    x: metric(SM_XVIRTUALSCREEN),
    y: metric(SM_YVIRTUALSCREEN),
    width: metric(SM_CXVIRTUALSCREEN),
    height: metric(SM_CYVIRTUALSCREEN),
  };
}

function monitorHandles(): bigint[] {
  const handles: bigint[] = [];
  const callback = new Deno.UnsafeCallback(
    { parameters: ["pointer", "pointer", "pointer", "isize"], result: "i32" } as const,
    (monitor) => {
      handles.push(handleValue(monitor));
      return 1;
    },
  );
  try {
    user32().EnumDisplayMonitors(null, null, callback.pointer, 0n);
  } finally {
    callback.close();
  }
  return handles;
}

/** The monitor's effective DPI over 96 (1 where shcore cannot tell). */
function scaleFactor(monitor: bigint): number {
  const dpiX = new Uint32Array(1);
  const dpiY = new Uint32Array(1);
  const dpi = shcore()?.GetDpiForMonitor(handle(monitor), MDT_EFFECTIVE_DPI, dpiX, dpiY);
  return dpi === 0 && dpiX[0] > 0 ? dpiX[0] / DEFAULT_DPI : 1;
}

function scaled(b: Bounds, factor: number): Bounds {
  return {
    x: Math.round(b.x / factor),
    y: Math.round(b.y / factor),
    width: Math.round(b.width / factor),
    height: Math.round(b.height / factor),
  };
}

export interface MonitorEntry {
  handle: bigint;
  monitor: Monitor;
}

/**
 * Monitors with their HMONITORs, primary first then in enumeration order.
 * Bounds are physical pixels (the process is per-monitor DPI aware);
 * logical bounds divide them by the scale factor.
 */
export function monitorEntries(): MonitorEntry[] {
  const entries: Array<MonitorEntry & { primary: boolean }> = [];
  for (const monitor of monitorHandles()) {
    const info = new Int32Array(MONITORINFO_SIZE / 4);
    info[0] = MONITORINFO_SIZE;
    if (!user32().GetMonitorInfoW(handle(monitor), info)) continue;
    const bounds = rectBounds(info, MONITOR_RECT_AT);
    const primary = (info[MONITOR_FLAGS_AT] & MONITORINFOF_PRIMARY) !== 0;
    const scale = scaleFactor(monitor);
    entries.push({
      handle: monitor,
      primary,
      monitor: {
        index: 0,
        primary,
        bounds,
        scale_factor: scale,
        logical_bounds: scaled(bounds, scale),
        physical_bounds: { ...bounds },
      },
    });
  }
  // A stable sort keeps enumeration order behind the primary.
  entries.sort((a, b) => Number(b.primary) - Number(a.primary));
  return entries.map(({ handle, monitor }, index) => ({ handle, monitor: { ...monitor, index } }));
}

export function listMonitors(): Monitor[] {
  return monitorEntries().map((entry) => entry.monitor);
}
