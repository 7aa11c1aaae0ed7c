// Where the X pointer is, as XQueryPointer reports it on the root window.

import type { XDisplay } from "./display.ts";

/** The pointer's screen position; null when it is on another screen or X refused. */
export function pointerPosition(x: XDisplay): { x: number; y: number } | null {
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
  return { x: coordinates[0], y: coordinates[1] };
}
