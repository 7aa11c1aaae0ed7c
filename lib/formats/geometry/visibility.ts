// Visible regions and occlusion, as pure geometry.

import { type Bounds, isEmptyBounds } from "../../model/tree.ts";

export function intersect(a: Bounds, b: Bounds): Bounds | null {
  const x = Math.max(a.x, b.x);
  const y = Math.max(a.y, b.y);
  const right = Math.min(a.x + a.width, b.x + b.width);
  const bottom = Math.min(a.y + a.height, b.y + b.height);
  return right > x && bottom > y ? { x, y, width: right - x, height: bottom - y } : null;
}

/** R minus O: up to four pieces — top strip, bottom strip, left strip, right strip. */
export function subtract(r: Bounds, o: Bounds): Bounds[] {
  const overlap = intersect(r, o);
  if (!overlap) return [r];
  const pieces: Bounds[] = [];
  const rBottom = r.y + r.height;
  const oBottom = overlap.y + overlap.height;
  if (overlap.y > r.y) pieces.push({ x: r.x, y: r.y, width: r.width, height: overlap.y - r.y });
  if (oBottom < rBottom) {
    pieces.push({ x: r.x, y: oBottom, width: r.width, height: rBottom - oBottom });
  }
  if (overlap.x > r.x) {
    pieces.push({ x: r.x, y: overlap.y, width: overlap.x - r.x, height: overlap.height });
  }
  const oRight = overlap.x + overlap.width;
  if (oRight < r.x + r.width) {
    pieces.push({ x: oRight, y: overlap.y, width: r.x + r.width - oRight, height: overlap.height });
  }
  return pieces;
}

/** The parts of `bounds` on screen and not covered by any of `above`. */
export function visibleRegions(bounds: Bounds, screen: Bounds, above: Bounds[]): Bounds[] {
  const clipped = intersect(bounds, screen);
  if (!clipped || isEmptyBounds(clipped)) return [];
  let regions = [clipped];
  for (const occluder of above) {
    if (isEmptyBounds(occluder)) continue;
    regions = regions.flatMap((r) => subtract(r, occluder));
  }
  return regions;
}

export function isOccluded(bounds: Bounds, screen: Bounds, above: Bounds[]): boolean {
  return visibleRegions(bounds, screen, above).length === 0;
}

/** Union of monitor bounds, or null when there are none. */
export function screenBounds(monitors: Array<{ bounds: Bounds }>): Bounds | null {
  if (monitors.length === 0) return null;
  const xs = monitors.map((m) => m.bounds.x);
  const ys = monitors.map((m) => m.bounds.y);
  const rights = monitors.map((m) => m.bounds.x + m.bounds.width);
  const bottoms = monitors.map((m) => m.bounds.y + m.bounds.height);
  const x = Math.min(...xs);
  const y = Math.min(...ys);
  return { x, y, width: Math.max(...rights) - x, height: Math.max(...bottoms) - y };
}
