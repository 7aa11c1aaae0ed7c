// Pass 1 of the sketch: occlusion, visibility, tab order and the OCR names
// the caller precomputed, for every element of the tree in pre-order.

import type { Bounds, Element } from "../../model/tree.ts";
import { isFocusableRole, isGroupingRole, isOcrCandidateRole, normaliseRole } from "./roles.ts";
import { strip } from "./text.ts";
import { hidesChildren } from "../views/needed.ts";
import { isStructural } from "../views/structural.ts";

export interface Annotation {
  element: Element;
  /** Pre-order index of the parent; -1 for the root. */
  parent: number;
  /** Fully covered by one later sibling (only with occlusion pruning). */
  occluded: boolean;
  /** Neither the element nor any ancestor is occluded, and no ancestor below the root lacks an area. */
  visible: boolean;
  tabIndex: number | null;
  /** OCR text standing in for the empty name, when there is any. */
  ocrName: string | null;
}

function hasArea(b: Bounds): boolean {
  return b.width >= 1 && b.height >= 1;
}

function contains(outer: Bounds, inner: Bounds): boolean {
  return outer.x <= inner.x && outer.y <= inner.y &&
    outer.x + outer.width >= inner.x + inner.width &&
    outer.y + outer.height >= inner.y + inner.height;
}

/**
 * True when `siblings[index]` has an area and one later sibling alone covers
 * all of it, a sibling that is a surface (not a grouping container).
 */
export function isOccludedBySibling(siblings: Element[], index: number): boolean {
  const { bounds } = siblings[index];
  if (!hasArea(bounds)) return false;
  for (let later = index + 1; later < siblings.length; later++) {
    if (covers(siblings[later], bounds)) return true;
  }
  return false;
}

/**
 * Whether `cover` is a surface over all of `bounds`. An unnamed layout pane
 * is a surface only where something it holds is: Chromium's window lists
 * its caption buttons before the pane that lays out the rest of the window
 * over the same place, and its tab under an empty pane of the same size,
 * and draws them on top.
 */
function covers(cover: Element, bounds: Bounds): boolean {
  if (!contains(cover.bounds, bounds) || isGroupingRole(normaliseRole(cover.role))) return false;
  return !isStructural(cover) || cover.children.some((child) => covers(child, bounds));
}

/** An element worth an OCR crop has a graphic-ish role and no name or value. */
export function needsOcrName(el: Element): boolean {
  return isOcrCandidateRole(normaliseRole(el.role)) && strip(el.name) === "" &&
    strip(el.value ?? "") === "";
}

/** One annotation per element of the whole tree, in pre-order. */
export function annotateTree(
  root: Element,
  occlusionPrune: boolean,
  ocrNames: ReadonlyMap<string, string> = new Map(),
): Annotation[] {
  const annotations: Annotation[] = [];
  let tabCount = 0;
  const visit = (siblings: Element[], index: number, parent: number, parentVisible: boolean) => {
    const el = siblings[index];
    const occluded = occlusionPrune && isOccludedBySibling(siblings, index);
    const visible = parentVisible && !occluded;
    const focusable = visible && isFocusableRole(normaliseRole(el.role));
    const ocrText = visible && ocrNames.has(el.id) && needsOcrName(el) ? ocrNames.get(el.id)! : "";
    const self = annotations.length;
    annotations.push({
      element: el,
      parent,
      occluded,
      visible,
      tabIndex: focusable ? ++tabCount : null,
      ocrName: ocrText === "" ? null : ocrText,
    });
    const childrenVisible = visible && (parent < 0 || !hidesChildren(el));
    el.children.forEach((_, i) => visit(el.children, i, self, childrenVisible));
  };
  visit([root], 0, -1, true);
  return annotations;
}

/** The elements whose screenshot crops the caller should OCR before rendering, in pre-order. */
export function ocrCandidates(root: Element, occlusionPrune: boolean): Element[] {
  return annotateTree(root, occlusionPrune)
    .filter((a) => a.visible && needsOcrName(a.element))
    .map((a) => a.element);
}
