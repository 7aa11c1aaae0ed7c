// Which scenario node a pointer action lands on: the topmost window under the
// point (YAML order is top to bottom), then its last-painted node there — the
// last in pre-order, since children paint over parents and later siblings
// over earlier ones (a drop-down list may lie outside its combo box). An
// element id sent with a click settles overlaps inside that window.

import type { Bounds } from "../core/tree.ts";
import type { BuiltNode, BuiltWindow } from "./world.ts";

function contains(b: Bounds, x: number, y: number): boolean {
  return x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height;
}

export function nodeAt(
  windows: BuiltWindow[],
  point: { x: number; y: number },
  elementId?: string,
): BuiltNode | null {
  const { x, y } = point;
  const window = windows.find((w) => contains(w.info.bounds, x, y));
  if (!window) return null;
  const under = window.nodes.filter((n) => contains(n.element.bounds, x, y));
  return under.find((n) => n.element.id === elementId) ?? under.at(-1) ?? null;
}
