// The spatial sketch of a window: a grid of boxes, labels and one-character
// keys laid out as the elements are on screen, then a legend of the keys.
// Entry point, serialisation and the structured records.

import type { Bounds, Element } from "../../model/tree.ts";
import { annotateTree, type Annotation } from "./annotate.ts";
import { type CellRect, GridGeometry, referenceRect } from "./geometry.ts";
import { ASCII_GLYPHS, type Glyphs, toGlyphs, UNICODE_GLYPHS } from "./glyphs.ts";
import { compactLabel } from "./labels.ts";
import { layOut, type PlacedKey } from "./layout.ts";
import type { OcrLine } from "./overlay.ts";
import { buildScene, type Item } from "./scene.ts";
import { legendText } from "./text.ts";

export { needsOcrName, ocrCandidates } from "./annotate.ts";
export type { OcrLine } from "./overlay.ts";

export interface SketchOptions {
  /** Window bounds when a window is resolved; null → the root's bounds. */
  ref: Bounds | null;
  gridWidth: number;
  gridHeight: number;
  unicodeBox: boolean;
  /** Controls drawn with their role's look: `[x] name`, `( ) name`, `[name]`, bars. */
  roleGlyphs: boolean;
  /** Elements fully covered by a later sibling are not drawn. */
  occlusionPrune: boolean;
  /** Legend lines carry the control's tab position (`⇥3`). */
  tabIndexBadges: boolean;
  /** Toolbar, menu bar, dialog... boxes name their role in their title. */
  landmarkHeaders: boolean;
  /** Precomputed OCR: element id → crop text, and the whole-window lines; absent = no OCR. */
  ocr?: { names: Map<string, string>; lines: OcrLine[] };
}

/** Grid corners of a drawn element: [left, top, right, bottom], inclusive. */
export type GridBox = [number, number, number, number];

/** One record per element of the whole tree, in pre-order. */
export interface SketchElementRecord {
  id: string;
  role: string;
  name: string;
  value: string | null;
  bounds_screen: Bounds;
  state: { focused: boolean; enabled: boolean; selected: boolean; expanded: boolean };
  /** Its key on the grid; "" when it has none (its label shows, or it is not drawn). */
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
  /** Key → compact label of every key on the grid, in reading order. */
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

function gridBox({ left, top, right, bottom }: CellRect): GridBox {
  return [left, top, right, bottom];
}

function elementRecord(
  annotation: Annotation,
  item: Item | undefined,
  key: PlacedKey | undefined,
): SketchElementRecord {
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
    legend_key: key?.key ?? "",
    tab_index: annotation.tabIndex,
    occluded: annotation.occluded,
  };
  if (ocrName !== null) record.ocr_text = ocrName;
  if (item !== undefined) record.bounds_grid = gridBox(item.rect);
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
  const geometry = new GridGeometry(ref, options.gridWidth, options.gridHeight);
  const annotations = annotateTree(root, options.occlusionPrune, options.ocr?.names);
  const items = buildScene(annotations, geometry);
  const layout = layOut(items, geometry, {
    roleGlyphs: options.roleGlyphs,
    landmarkHeaders: options.landmarkHeaders,
    glyphs,
    unicode: options.unicodeBox,
    ocrLines: options.ocr?.lines ?? [],
  });

  const itemOf = new Map<number, Item>();
  for (const item of items) for (const member of item.members) itemOf.set(member, item);
  const legend: Array<[string, string]> = [...layout.keys]
    .sort(([, a], [, b]) => a.row - b.row || a.column - b.column)
    .map(([id, { key }]) => {
      const first = items[id].members[0];
      const tabIndex = options.tabIndexBadges ? annotations[first].tabIndex : null;
      const { element, point } = items[id];
      const label = compactLabel(element, tabIndex) + (point ? ` @${point.x},${point.y}` : "");
      return [key, toGlyphs(legendText(label, glyphs.legendLineBreak), glyphs)];
    });
  const elements = annotations.map((annotation, i) => {
    const item = itemOf.get(i);
    return elementRecord(annotation, item, item && layout.keys.get(item.id));
  });
  return { sketch: layout.text + legendBlock(legend, glyphs), legend, elements };
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
