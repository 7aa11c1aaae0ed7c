// @ts-check
// Pure geometry of the inspector's screenshot pane: which element is under a
// screen point, and the pan/zoom view that maps screen pixels to the pane.
// Screenshots are of the full primary screen, so image pixels are screen
// pixels.

/** @typedef {{ x: number, y: number, width: number, height: number }} Bounds */
/** @typedef {{ id: string, name: string, role: string, bounds: Bounds, children: Node[] }} Node */
/** @typedef {{ scale: number, x: number, y: number }} View */

export const MIN_SCALE = 0.05;
export const MAX_SCALE = 16;

/**
 * Every node in tree order (a parent before its children).
 * @param {Node} root
 * @returns {Node[]}
 */
export function flatten(root) {
  /** @type {Node[]} */
  const nodes = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = /** @type {Node} */ (stack.pop());
    nodes.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]);
  }
  return nodes;
}

/**
 * The element painted at a screen point, as the service picks it: the last
 * node in tree order whose box holds the point (children paint over parents).
 * @param {Node} root
 * @param {number} x
 * @param {number} y
 * @returns {Node | null}
 */
export function nodeAt(root, x, y) {
  let found = null;
  for (const node of flatten(root)) {
    const b = node.bounds;
    if (x >= b.x && y >= b.y && x < b.x + b.width && y < b.y + b.height) found = node;
  }
  return found;
}

/**
 * The view that shows `area` (screen pixels) whole inside a pane, centred.
 * @param {Bounds} area
 * @param {{ width: number, height: number }} pane
 * @returns {View}
 */
export function fitView(area, pane) {
  const width = Math.max(1, area.width);
  const height = Math.max(1, area.height);
  const scale = clampScale(Math.min(pane.width / width, pane.height / height));
  return {
    scale,
    x: (pane.width - width * scale) / 2 - area.x * scale,
    y: (pane.height - height * scale) / 2 - area.y * scale,
  };
}

/** @param {number} scale */
function clampScale(scale) {
  return Math.min(MAX_SCALE, Math.max(MIN_SCALE, scale));
}

/**
 * Zooms by `factor` keeping the pane point (px, py) over the same screen pixel.
 * @param {View} view
 * @param {number} factor
 * @param {number} px
 * @param {number} py
 * @returns {View}
 */
export function zoomAround(view, factor, px, py) {
  const scale = clampScale(view.scale * factor);
  const ratio = scale / view.scale;
  return { scale, x: px - (px - view.x) * ratio, y: py - (py - view.y) * ratio };
}

/**
 * The screen pixel under a pane point.
 * @param {View} view
 * @param {number} px
 * @param {number} py
 */
export function screenPoint(view, px, py) {
  return { x: Math.floor((px - view.x) / view.scale), y: Math.floor((py - view.y) / view.scale) };
}
