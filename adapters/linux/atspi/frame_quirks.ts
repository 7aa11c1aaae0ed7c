// How a frame's toolkit answers. GTK3 reports screen coordinates, keeps SHOWING
// current and reads "to the end" of a text as end offset -1. GTK4 reports
// coordinates relative to its window (it was designed for Wayland), never sets
// SHOWING on buttons, and returns "" for an end offset of -1.

import type { Bounds } from "../../../lib/model/tree.ts";

/** libatspi's extents for widgets that are not on screen. */
export const HIDDEN_COORDINATE = -2147483648;

export interface FrameQuirks {
  /** Whether a missing SHOWING state reliably means "not on screen". */
  reportsShowing: boolean;
  /** Added to every extent when the toolkit reports window-relative coordinates. */
  offset: { x: number; y: number } | null;
  /** The end offset that reads a whole text. */
  textEnd: number;
}

export const WHOLE_TEXT = -1;
export const INT32_MAX = 2147483647;

/** Screen bounds from raw extents; null for the hidden sentinel or a failed read. */
export function toScreen(quirks: FrameQuirks, raw: Bounds | null): Bounds | null {
  if (raw === null || raw.x === HIDDEN_COORDINATE || raw.y === HIDDEN_COORDINATE) return null;
  if (quirks.offset === null) return raw;
  return { ...raw, x: raw.x + quirks.offset.x, y: raw.y + quirks.offset.y };
}

/**
 * The screen position of a window-relative frame's origin: the X client area's
 * origin plus the client-side border GTK draws around its widgets, assumed even
 * on both sides (the X window is larger than the frame by both borders).
 */
export function relativeOrigin(client: Bounds, frameSize: Bounds): { x: number; y: number } {
  return {
    x: client.x + Math.max(0, Math.floor((client.width - frameSize.width) / 2)),
    y: client.y + Math.max(0, Math.floor((client.height - frameSize.height) / 2)),
  };
}
