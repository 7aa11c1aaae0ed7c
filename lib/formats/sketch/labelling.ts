// Labels: each item's label where it fits whole (else a key will stand for
// it), a cut text for content nobody clicks by name, titles on box frames.

import type { CellRect } from "./geometry.ts";
import { rectWidth } from "./geometry.ts";
import { boxTitle, displayValue, inlineLabels, type LabelText, shortened } from "./labels.ts";
import { centredStart, interior, type Placement } from "./placement.ts";
import { isControl, isLabelled } from "./ranking.ts";
import { normaliseRole } from "./roles.ts";
import type { Item } from "./scene.ts";

const CENTRED_ROLES: ReadonlySet<string> = new Set([
  "button",
  "togglebutton",
  "splitbutton",
  "tabitem",
  "tab",
  "headeritem",
]);

/** Where and how an item's label may go: the texts to try, richest first, the area and rows. */
export interface LabelPlan {
  labels: LabelText[];
  area: CellRect;
  rows: number[];
}

/**
 * Inline: the item's cells. A control in a box: inside the frame, except that
 * one holding a value (a document, a text area) names itself in its top border
 * as a container does, and shows the value inside.
 */
export function labelPlan(p: Placement, item: Item): LabelPlan {
  const { rect, element } = item;
  const { roleGlyphs } = p.options;
  if (!item.box) {
    const labels = inlineLabels(element, roleGlyphs, rectWidth(rect));
    return { labels, area: rect, rows: p.rowsOf(rect) };
  }
  const inner = interior(rect);
  const title = boxTitle(element, false);
  if (displayValue(element) !== "" && title !== null) {
    const border = { ...inner, top: rect.top, bottom: rect.top };
    return { labels: [title], area: border, rows: [rect.top] };
  }
  const labels = inlineLabels(element, roleGlyphs, rectWidth(inner));
  return { labels, area: inner, rows: p.rowsOf(inner) };
}

/**
 * Buttons and tabs centre their label; other controls and texts start at
 * their left, one cell in when that is the side of a box.
 */
function aimFor(p: Placement, item: Item, area: CellRect, length: number): number {
  const centred = CENTRED_ROLES.has(normaliseRole(item.element.role)) ||
    (item.box && area.top > item.rect.top);
  if (centred) return centredStart(area, length);
  return p.isOnSide(area.top, area.left) ? area.left + 1 : area.left;
}

/** Whether any of the item's labels would fit on an empty grid. */
function labelCanFit(p: Placement, item: Item, { labels, area, rows }: LabelPlan): boolean {
  if (labels.some((label) => label.text.length <= rectWidth(area) - 2)) return true;
  return labels.some((label) =>
    p.findSpot(item, label, area, rows, aimFor(p, item, area, label.text.length)) !== null
  );
}

/** Controls that need a key whatever happens: unnamed, twins, or too small for any label. */
export function needsKeyFirst(p: Placement, item: Item, plan: LabelPlan | undefined): boolean {
  if (item.pair) return true;
  if (!isControl(item) || plan === undefined) return false;
  if (item.members.length > 1 || item.name === "") return true;
  return !labelCanFit(p, item, plan);
}

/** Writes labels; returns the named controls whose label found no room. */
export function placeLabels(
  p: Placement,
  ordered: readonly Item[],
  plans: ReadonlyMap<number, LabelPlan>,
  keyed: ReadonlySet<Item>,
): Item[] {
  const homeless: Item[] = [];
  for (const item of ordered) {
    const plan = plans.get(item.id);
    if (plan === undefined || (keyed.has(item) && item.name !== "")) continue;
    const { labels, area, rows } = plan;
    const placed = labels.some((label) =>
      p.placeLabel(item, label, area, rows, aimFor(p, item, area, label.text.length)) !== null
    );
    if (placed || labels.length === 0) continue;
    if (isControl(item) && item.name !== "") homeless.push(item);
    else placeShortened(p, item, labels[labels.length - 1].text, area, rows);
  }
  return homeless;
}

/** The widest stretch of one row of the area a text can take: [start, width]. */
export function widestRoom(p: Placement, area: CellRect, row: number): [number, number] {
  let best: [number, number] = [area.left, 0];
  for (let c = area.left; c <= area.right;) {
    if (!p.canvas.isFree(row, c)) {
      c++;
      continue;
    }
    let end = c;
    while (end + 1 <= area.right && p.canvas.isFree(row, end + 1)) end++;
    const start = p.canvas.canBeGap(row, c - 1) ? c : c + 1;
    const last = p.canvas.canBeGap(row, end + 1) ? end : end - 1;
    if (last - start + 1 > best[1]) best = [start, last - start + 1];
    c = end + 1;
  }
  return best;
}

/** As much of `text` as fits, cut with an ellipsis, for an item nobody finds by that text. */
function placeShortened(p: Placement, item: Item, text: string[], area: CellRect, rows: number[]) {
  for (const row of rows) {
    const [start, width] = widestRoom(p, area, row);
    const cut = shortened(text, width);
    if (cut !== null) {
      p.write(item.id, { row, column: start }, cut);
      return;
    }
  }
}

/** The nearest box around the item, if any. */
function enclosingBox(items: readonly Item[], item: Item): Item | undefined {
  let parent = item.parent;
  while (parent >= 0 && !items[parent].box) parent = items[parent].parent;
  return parent < 0 ? undefined : items[parent];
}

/** Whether the box around says the same (a root pane named like its window). */
function repeatsTitle(items: readonly Item[], item: Item): boolean {
  const outer = enclosingBox(items, item);
  return item.name !== "" && outer !== undefined && outer.name === item.name;
}

/** Box titles in the top border; a control whose title finds no room gets a key. */
export function placeTitles(p: Placement, items: readonly Item[]): void {
  for (const item of items) {
    if (isLabelled(item) || repeatsTitle(items, item)) continue;
    const title = boxTitle(item.element, p.options.landmarkHeaders);
    const { left, top, right } = item.rect;
    const border = { left: left + 1, top, right: right - 1, bottom: top };
    const spot = title === null ? null : p.placeLabel(item, title, border, [top], left + 1);
    if (spot === null && isControl(item)) p.addKey(item);
  }
}
