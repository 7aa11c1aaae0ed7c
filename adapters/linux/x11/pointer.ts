// Where the X pointer is and which of its buttons are down, as XQueryPointer
// reports them on the root window.

import type { XDisplay } from "./display.ts";

interface PointerState {
  x: number;
  y: number;
  /** The key and button mask (Button1Mask is 1 << 8). */
  mask: number;
}

/** The pointer's state; null when it is on another screen or X refused. */
function queryPointer(x: XDisplay): PointerState | null {
  const windows = new BigUint64Array(2);
  const coordinates = new Int32Array(4);
  const mask = new Uint32Array(1);
  const query = x.trap(() =>
    x.x11.XQueryPointer(
      x.display,
      x.root,
      windows.subarray(0, 1),
      windows.subarray(1, 2),
      coordinates.subarray(0, 1),
      coordinates.subarray(1, 2),
      coordinates.subarray(2, 3),
      coordinates.subarray(3, 4),
      mask,
    )
  );
  if (query.error !== null || query.value === 0) return null;
  return { x: coordinates[0], y: coordinates[1], mask: mask[0] };
}

/** The pointer's screen position; null when it is on another screen or X refused. */
export function pointerPosition(x: XDisplay): { x: number; y: number } | null {
  const state = queryPointer(x);
  return state === null ? null : { x: state.x, y: state.y };
}

/** X's mask bit for a pointer button (1–5); 0 for buttons the core protocol has no bit for. */
export function buttonMask(button: number): number {
  return button >= 1 && button <= 5 ? 1 << (7 + button) : 0;
}

/** Whether the server has processed a press of `button` that is not yet released; null when X refused. */
export function buttonDown(x: XDisplay, button: number): boolean | null {
  const state = queryPointer(x);
  return state === null ? null : (state.mask & buttonMask(button)) !== 0;
}
