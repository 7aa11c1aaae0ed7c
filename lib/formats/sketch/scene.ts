// Which elements the sketch draws, and how: a box (a container, or a control
// big enough for a frame around its label) or an inline label or key.
// Unnamed layout containers, elements without a cell, and containers too
// flat for a frame are not drawn; their children are.

import { center, type Element } from "../../model/tree.ts";
import { isStructural } from "../views/structural.ts";
import { isInteractiveRole, isNeeded } from "../views/needed.ts";
import type { Annotation } from "./annotate.ts";
import { type CellRect, type GridGeometry, rectHeight, rectWidth } from "./geometry.ts";
import { displayName, displayValue } from "./labels.ts";
import { normaliseRole } from "./roles.ts";
import { length } from "./text.ts";

/** Placement order: needed controls first, then other controls, content, containers. */
export const Rank = { needed: 0, control: 1, content: 2, container: 3 } as const;

export interface Item {
  id: number;
  /** The element drawn, with its OCR name when it had none. */
  element: Element;
  /** Its name as the grid shows it. */
  name: string;
  /** Annotation indices the item stands for: the element and duplicates sharing its key. */
  members: number[];
  /** The cells the item may use: those whose centre lies inside the element. */
  rect: CellRect;
  box: boolean;
  /** Too thin for a cell: its key takes the two cells either side of an edge inside it. */
  pair: boolean;
  /**
   * Too short for any row's centre (or a pair's): its key goes on a cell it
   * overlaps, and the legend gives this screen point to click instead.
   */
  point?: { x: number; y: number };
  /** Has drawn descendants (a box then carries a title, not an inner label). */
  container: boolean;
  rank: number;
  /** The nearest drawn ancestor item, -1 for none. */
  parent: number;
}

const MIN_BOX = 3;

function hasContent(el: Element): boolean {
  return displayName(el) !== "" || displayValue(el) !== "";
}

function withOcrName(a: Annotation): Element {
  return a.ocrName === null ? a.element : { ...a.element, name: a.ocrName };
}

function rankOf(el: Element, area: GridGeometry["ref"]): number {
  if (isNeeded(el, area)) return Rank.needed;
  if (isInteractiveRole(el.role)) return Rank.control;
  return hasContent(el) ? Rank.content : Rank.container;
}

function fitsFrame(rect: CellRect): boolean {
  return rectWidth(rect) >= MIN_BOX && rectHeight(rect) >= MIN_BOX;
}

/** The drawn items, in pre-order. */
export function buildScene(annotations: Annotation[], geometry: GridGeometry): Item[] {
  const rects = annotations.map((a) =>
    a.visible && !isStructural(a.element) ? geometry.clickCells(a.element.bounds) : null
  );
  // Children come after their parent in pre-order: walk backwards so each
  // element knows whether anything below it is drawn before it decides.
  const drawnBelow = new Uint8Array(annotations.length);
  const kinds: Array<"box" | "inline" | "pair" | "point" | null> = Array(annotations.length)
    .fill(null);
  for (let i = annotations.length - 1; i >= 0; i--) {
    const el = annotations[i].element;
    if (rects[i] === null && annotations[i].visible && isInteractiveRole(el.role)) {
      rects[i] = geometry.straddlingCells(el.bounds);
      if (rects[i] !== null) kinds[i] = "pair";
      else {
        rects[i] = geometry.overlappedCells(el.bounds);
        if (rects[i] !== null) kinds[i] = "point";
      }
    }
    const rect = rects[i];
    if (rect !== null && kinds[i] === null) {
      if (drawnBelow[i]) {
        if (fitsFrame(rect)) kinds[i] = "box";
        else if (isInteractiveRole(el.role)) kinds[i] = "inline";
      } else if (isInteractiveRole(el.role)) {
        kinds[i] = fitsFrame(rect) && rectWidth(rect) - 2 >= length(displayName(el))
          ? "box"
          : "inline";
      } else if (hasContent(withOcrName(annotations[i])) && !repeatsParent(annotations, i)) {
        kinds[i] = "inline";
      }
    }
    const parent = annotations[i].parent;
    if (parent >= 0 && (kinds[i] !== null || drawnBelow[i])) drawnBelow[parent] = 1;
  }
  const items: Item[] = [];
  const itemOf = new Int32Array(annotations.length).fill(-1);
  annotations.forEach((a, i) => {
    const kind = kinds[i];
    if (kind === null) return;
    let parent = a.parent;
    while (parent >= 0 && itemOf[parent] < 0) parent = annotations[parent].parent;
    const element = withOcrName(a);
    const parentItem = parent < 0 ? -1 : itemOf[parent];
    itemOf[i] = items.length;
    items.push({
      id: items.length,
      element,
      name: displayName(element),
      members: [i],
      rect: rects[i]!,
      box: kind === "box",
      pair: kind === "pair",
      ...(kind === "point" ? { point: center(element.bounds) } : {}),
      container: drawnBelow[i] === 1,
      rank: rankOf(element, geometry.ref),
      parent: parentItem,
    });
  });
  return mergeNestedTwins(mergeDuplicates(items));
}

/**
 * A caption saying what its parent (past layout containers) already says:
 * GTK's frame label inside the named frame, the text inside a button.
 */
function repeatsParent(annotations: readonly Annotation[], index: number): boolean {
  const el = annotations[index].element;
  const text = displayName(el) || displayValue(el);
  let parent = annotations[index].parent;
  while (parent >= 0 && isStructural(annotations[parent].element)) {
    parent = annotations[parent].parent;
  }
  if (parent < 0 || text === "") return false;
  const owner = annotations[parent].element;
  const name = displayName(owner);
  return isInteractiveRole(owner.role) ? name.includes(text) : name === text;
}

function intersection(a: CellRect, b: CellRect): CellRect | null {
  const rect = {
    left: Math.max(a.left, b.left),
    top: Math.max(a.top, b.top),
    right: Math.min(a.right, b.right),
    bottom: Math.min(a.bottom, b.bottom),
  };
  return rect.left <= rect.right && rect.top <= rect.bottom ? rect : null;
}

/**
 * Toolkits report some controls twice at one place (LibreOffice's two menu
 * bars): a needed control with the role and name of an earlier one whose
 * cells it shares becomes one item, drawn once, on the shared cells.
 */
function mergeDuplicates(items: Item[]): Item[] {
  const byName = new Map<string, Item[]>();
  const kept: Item[] = [];
  for (const item of items) {
    const name = item.name;
    if (item.box || item.pair || item.point || item.rank !== Rank.needed || name === "") {
      kept.push(item);
      continue;
    }
    const key = `${item.element.role}\u0000${name}`;
    const earlier = byName.get(key) ?? [];
    const twin = earlier.find((other) => intersection(other.rect, item.rect) !== null);
    if (twin === undefined) {
      byName.set(key, [...earlier, item]);
      kept.push(item);
    } else {
      twin.rect = intersection(twin.rect, item.rect)!;
      twin.members.push(...item.members);
    }
  }
  return renumbered(items, kept);
}

function isPlainControl(item: Item): boolean {
  return !item.box && !item.pair && item.point === undefined &&
    isInteractiveRole(item.element.role);
}

/**
 * GTK 4's menu button holds a toggle button that holds its label: two buttons
 * at one place, the outer named after its class ("GtkMenuButton"), the inner
 * "Basic". A control whose only drawn child is a control of the same role on
 * cells it shares becomes one item with the child: drawn once, named as the
 * innermost, and one key for both (a click on it is a click on each). Apart,
 * the outer's label covered the inner's cells and left it no key.
 */
function mergeNestedTwins(items: Item[]): Item[] {
  const children = new Int32Array(items.length);
  for (const item of items) if (item.parent >= 0) children[item.parent]++;
  const dropped = new Set<Item>();
  // Deepest first, so a chain of such controls folds into its outermost.
  for (let i = items.length - 1; i >= 0; i--) {
    const inner = items[i];
    const outer = inner.parent < 0 ? undefined : items[inner.parent];
    if (outer === undefined || children[outer.id] !== 1) continue;
    if (!isPlainControl(inner) || !isPlainControl(outer)) continue;
    if (normaliseRole(inner.element.role) !== normaliseRole(outer.element.role)) continue;
    const shared = intersection(outer.rect, inner.rect);
    if (shared === null) continue;
    const named = inner.name !== "" ? inner : outer;
    outer.element = named.element;
    outer.name = named.name;
    outer.members = [...inner.members, ...outer.members];
    outer.rect = shared;
    outer.rank = Math.min(outer.rank, inner.rank);
    outer.container = inner.container;
    children[outer.id] = children[inner.id];
    dropped.add(inner);
  }
  return dropped.size === 0 ? items : renumbered(items, items.filter((item) => !dropped.has(item)));
}

/** The kept items numbered afresh, each under its nearest kept ancestor. */
function renumbered(items: readonly Item[], kept: readonly Item[]): Item[] {
  const renumber = new Map(kept.map((item, id) => [item.id, id]));
  return kept.map((item, id) => ({ ...item, id, parent: renumberParent(item, items, renumber) }));
}

/** The parent's new id; a merged-away parent is replaced by its own nearest kept ancestor. */
function renumberParent(item: Item, items: readonly Item[], renumber: Map<number, number>): number {
  let parent = item.parent;
  while (parent >= 0 && !renumber.has(parent)) parent = items[parent].parent;
  return parent < 0 ? -1 : renumber.get(parent)!;
}
