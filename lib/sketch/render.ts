// The ASCII/Unicode spatial sketch (spec/ascii-sketch.md): entry point,
// serialisation (§8) and structured output (§9).

import type { Bounds, Element } from "../core/tree.ts";
import { annotateTree, type Annotation } from "./annotate.ts";
import { drawElement, type DrawnElement } from "./draw.ts";
import { ASCII_GLYPHS, type Glyphs, toGlyphs, UNICODE_GLYPHS } from "./glyphs.ts";
import { coordinateMap, Grid, type GridBox, referenceRect } from "./grid.ts";
import { type OcrLine, overlayOcrLines } from "./overlay.ts";
import { legendText } from "./text.ts";

export { needsOcrName, ocrCandidates } from "./annotate.ts";
export type { OcrLine } from "./overlay.ts";

export interface SketchOptions {
  /** Window bounds when a window is resolved; null → the root's bounds (§1). */
  ref: Bounds | null;
  gridWidth: number;
  gridHeight: number;
  unicodeBox: boolean;
  roleGlyphs: boolean;
  occlusionPrune: boolean;
  tabIndexBadges: boolean;
  landmarkHeaders: boolean;
  /** Precomputed OCR (§7): element id → crop text, and the whole-window lines; absent = no OCR. */
  ocr?: { names: Map<string, string>; lines: OcrLine[] };
}

/** §9: one record per element of the whole tree, in pre-order. */
export interface SketchElementRecord {
  id: string;
  role: string;
  name: string;
  value: string | null;
  bounds_screen: Bounds;
  state: { focused: boolean; enabled: boolean; selected: boolean; expanded: boolean };
  legend_key: string;
  tab_index: number | null;
  occluded: boolean;
  ocr_text?: string;
  bounds_grid?: GridBox;
  value_now?: number;
  value_min?: number;
  value_max?: number;
  identifier?: string;
  keyboard_shortcut?: string;
}

export interface SketchResult {
  sketch: string;
  /** Key → compact label of every drawn element, in drawing order. */
  legend: Array<[string, string]>;
  elements: SketchElementRecord[];
}

const LEGEND_RULE_LENGTH = 50;

function checkGridSize(width: number, height: number): void {
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new RangeError(`grid size must be positive integers, got ${width}×${height}`);
  }
}

function legendBlock(legend: Array<[string, string]>, glyphs: Glyphs): string {
  if (legend.length === 0) return "";
  const entries = legend.map(([key, label]) => `\n  ${key.padStart(4)}  ${label}`).join("");
  return `\n\n  LEGEND\n  ${glyphs.legendRule.repeat(LEGEND_RULE_LENGTH)}${entries}`;
}

function elementRecord(annotation: Annotation, drawn: DrawnElement | null): SketchElementRecord {
  const { element: el, ocrName } = annotation;
  const record: SketchElementRecord = {
    id: el.id,
    role: el.role,
    name: el.name || ocrName || "",
    value: el.value,
    bounds_screen: { ...el.bounds },
    state: {
      focused: el.focused,
      enabled: el.enabled,
      selected: el.selected ?? false,
      expanded: el.expanded ?? false,
    },
    legend_key: annotation.key,
    tab_index: annotation.tabIndex,
    occluded: annotation.occluded,
  };
  if (ocrName !== null) record.ocr_text = ocrName;
  if (drawn !== null) record.bounds_grid = drawn.box;
  if (typeof el.value_now === "number") record.value_now = el.value_now;
  if (typeof el.value_min === "number") record.value_min = el.value_min;
  if (typeof el.value_max === "number") record.value_max = el.value_max;
  if (el.identifier) record.identifier = el.identifier;
  if (el.keyboard_shortcut) record.keyboard_shortcut = el.keyboard_shortcut;
  return record;
}

function render(root: Element, options: SketchOptions): SketchResult {
  checkGridSize(options.gridWidth, options.gridHeight);
  const glyphs = options.unicodeBox ? UNICODE_GLYPHS : ASCII_GLYPHS;
  const ref = referenceRect(options.ref, root.bounds);
  const map = coordinateMap(ref, options.gridWidth, options.gridHeight);
  const grid = new Grid(options.gridWidth, options.gridHeight, glyphs);
  const annotations = annotateTree(root, options.occlusionPrune, options.ocr?.names);

  const legend: Array<[string, string]> = [];
  const elements = annotations.map((annotation) => {
    const drawn = annotation.visible ? drawElement(grid, map, annotation, options) : null;
    if (drawn !== null && drawn.legendLabel !== null) {
      const label = toGlyphs(legendText(drawn.legendLabel, glyphs.legendLineBreak), glyphs);
      legend.push([annotation.key, label]);
    }
    return elementRecord(annotation, drawn);
  });
  if (options.ocr) overlayOcrLines(grid, map, ref, options.ocr.lines);
  return { sketch: grid.toText() + legendBlock(legend, glyphs), legend, elements };
}

/** Renders the sketch; any failure becomes `[ASCII render error: <message>]`. */
export function renderSketch(root: Element, options: SketchOptions): SketchResult {
  try {
    return render(root, options);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { sketch: `[ASCII render error: ${message}]`, legend: [], elements: [] };
  }
}
