// Pass 1 of the sketch (ascii-sketch.md §3): legend keys, occlusion, visibility,
// tab order and the OCR names the caller precomputed.

import type { Bounds, Element } from "../core/tree.ts";
import { isFocusableRole, isOcrCandidateRole, normaliseRole } from "./roles.ts";
import { strip } from "./text.ts";

export interface Annotation {
  element: Element;
  key: string;
  /** Fully covered by one later sibling (only with occlusion pruning). */
  occluded: boolean;
  /** Neither the element nor any ancestor is occluded. */
  visible: boolean;
  tabIndex: number | null;
  /** OCR text standing in for the empty name (§4.5), when there is any. */
  ocrName: string | null;
}

/** key(n): `A`…`Z`, then `A1`…`Z1`, `A2`… */
export function legendKey(n: number): string {
  const letter = String.fromCharCode(65 + (n % 26));
  return n < 26 ? letter : `${letter}${Math.floor(n / 26)}`;
}

function hasArea(b: Bounds): boolean {
  return b.width >= 1 && b.height >= 1;
}

function contains(outer: Bounds, inner: Bounds): boolean {
  return outer.x <= inner.x && outer.y <= inner.y &&
    outer.x + outer.width >= inner.x + inner.width &&
    outer.y + outer.height >= inner.y + inner.height;
}

/** True when `siblings[index]` has an area and one later sibling alone covers all of it. */
export function isOccludedBySibling(siblings: Element[], index: number): boolean {
  const { bounds } = siblings[index];
  if (!hasArea(bounds)) return false;
  for (let later = index + 1; later < siblings.length; later++) {
    if (contains(siblings[later].bounds, bounds)) return true;
  }
  return false;
}

/** §7 pass 1: an element worth an OCR crop has a graphic-ish role and no name or value. */
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
  const visit = (siblings: Element[], index: number, parentVisible: boolean) => {
    const el = siblings[index];
    const occluded = occlusionPrune && isOccludedBySibling(siblings, index);
    const visible = parentVisible && !occluded;
    const focusable = visible && isFocusableRole(normaliseRole(el.role));
    const ocrText = visible && needsOcrName(el) ? ocrNames.get(el.id) ?? "" : "";
    annotations.push({
      element: el,
      key: legendKey(annotations.length),
      occluded,
      visible,
      tabIndex: focusable ? ++tabCount : null,
      ocrName: ocrText === "" ? null : ocrText,
    });
    el.children.forEach((_, i) => visit(el.children, i, visible));
  };
  visit([root], 0, true);
  return annotations;
}

/** The elements whose screenshot crops the caller should OCR before rendering, in pre-order. */
export function ocrCandidates(root: Element, occlusionPrune: boolean): Element[] {
  return annotateTree(root, occlusionPrune)
    .filter((a) => a.visible && needsOcrName(a.element))
    .map((a) => a.element);
}
