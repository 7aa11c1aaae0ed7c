// Which scenario node a pointer action lands on: the topmost window under the
// point (YAML order is top to bottom), then its last-painted node there — the
// last in pre-order, since children paint over parents and later siblings
// over earlier ones (a drop-down list may lie outside its combo box). An
// element id sent with a click settles overlaps inside that window.

import { containsPoint } from "../../../lib/model/tree.ts";
import type { BuiltNode, BuiltWindow } from "./world.ts";

export function nodeAt(
  windows: BuiltWindow[],
  point: { x: number; y: number },
  elementId?: string,
): BuiltNode | null {
  const { x, y } = point;
  const window = windows.find((w) => containsPoint(w.info.bounds, x, y));
  if (!window) return null;
  const under = window.nodes.filter((n) => containsPoint(n.element.bounds, x, y));
  return under.find((n) => n.element.id === elementId) ?? under.at(-1) ?? null;
}
