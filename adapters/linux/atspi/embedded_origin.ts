// LibreOffice's GTK 3 backend draws its own (VCL) widgets inside a GTK panel
// below the GTK menu bar, yet reports their boxes from the top of the frame's
// client area: toolbars, the ruler, the document and the status bar come out
// one menu bar (25 px) too high, while the GTK widgets it embeds (the
// sidebar's tab bar) are right. The error is measured on every walk: VCL's
// root pane has its GTK parent's size, and should have its position.

import { type Element, isEmptyBounds } from "../../../lib/model/tree.ts";

export interface Offset {
  x: number;
  y: number;
}

/** Whether GTK itself answers for the node (LibreOffice's welded widgets, the frame). */
function isNative(node: Element): boolean {
  return node.attributes?.toolkit === "gtk";
}

/** A VCL root pane held by a GTK widget. */
export function isEmbeddedPane(node: Element, parent: Element | undefined): boolean {
  return node.platform_role === "root pane" && !isNative(node) &&
    parent !== undefined && isNative(parent);
}

/** How far `pane` is reported from where its GTK parent puts it; null when it is right. */
export function embeddedOffset(parent: Element, pane: Element): Offset | null {
  if (!isEmbeddedPane(pane, parent) || isEmptyBounds(pane.bounds)) return null;
  const [outer, inner] = [parent.bounds, pane.bounds];
  if (outer.width !== inner.width || outer.height !== inner.height) return null;
  const offset = { x: outer.x - inner.x, y: outer.y - inner.y };
  return offset.x === 0 && offset.y === 0 ? null : offset;
}

/**
 * Moves `node` and the VCL nodes below it by `offset`. A GTK widget below is
 * reported right, and so is everything it holds; nodes without an area
 * (hidden, or no extents) keep their sentinel boxes.
 */
export function shiftEmbedded(node: Element, offset: Offset): void {
  if (isNative(node)) return;
  if (!isEmptyBounds(node.bounds)) {
    node.bounds = { ...node.bounds, x: node.bounds.x + offset.x, y: node.bounds.y + offset.y };
  }
  for (const child of node.children) shiftEmbedded(child, offset);
}

/** Corrects every embedded pane in `root`'s tree; the offset found (the first), or null. */
export function correctEmbeddedOrigins(root: Element): Offset | null {
  let found: Offset | null = null;
  const visit = (node: Element) => {
    for (const child of node.children) {
      const offset = embeddedOffset(node, child);
      if (offset === null) visit(child);
      else {
        shiftEmbedded(child, offset);
        found ??= offset;
      }
    }
  };
  visit(root);
  return found;
}
