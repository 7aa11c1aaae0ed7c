// Pass 2 of the sketch (ascii-sketch.md §4): one element's box, header, key,
// tab badge and interior label.

import type { Bounds } from "../core/tree.ts";
import type { Annotation } from "./annotate.ts";
import type { CoordinateMap, Grid, GridBox } from "./grid.ts";
import { compactLabel, interiorLines } from "./labels.ts";
import { landmarkLabel, normaliseRole } from "./roles.ts";
import { cellText, cut } from "./text.ts";

export interface DrawSwitches {
  roleGlyphs: boolean;
  tabIndexBadges: boolean;
  landmarkHeaders: boolean;
}

export interface DrawnElement {
  box: GridBox;
  /** The compact label for the legend; null when the box has no interior (inner width < 1). */
  legendLabel: string | null;
}

/** §4.1: the grid box of screen bounds, at least 2 cells apart, or null when off the grid. */
function gridBox(bounds: Bounds, map: CoordinateMap, grid: Grid): GridBox | null {
  const x1 = map.column(bounds.x);
  const y1 = map.row(bounds.y);
  const x2 = Math.min(Math.max(x1 + 2, map.column(bounds.x + bounds.width)), grid.width - 1);
  const y2 = Math.min(Math.max(y1 + 2, map.row(bounds.y + bounds.height)), grid.height - 1);
  if (x1 >= grid.width || y1 >= grid.height || x2 <= x1 || y2 <= y1) return null;
  return [x1, y1, x2, y2];
}

function drawLandmarkHeader(grid: Grid, [x1, y1, x2]: GridBox, label: string, name: string) {
  const header = name === "" ? ` ${label} ` : ` ${label} "${name}" `;
  grid.overwrite(y1, x1 + 1, cut(header, x2 - x1 - 1));
}

/** Draws a visible element; null when it has no area or falls off the grid. */
export function drawElement(
  grid: Grid,
  map: CoordinateMap,
  annotation: Annotation,
  switches: DrawSwitches,
): DrawnElement | null {
  const { key, tabIndex, ocrName } = annotation;
  const el = ocrName === null ? annotation.element : { ...annotation.element, name: ocrName };
  if (el.bounds.width < 1 || el.bounds.height < 1) return null;
  const box = gridBox(el.bounds, map, grid);
  if (box === null) return null;
  const [x1, y1, x2, y2] = box;
  grid.drawBox(box);

  const landmark = landmarkLabel(normaliseRole(el.role));
  if (switches.landmarkHeaders && landmark !== null && x2 - x1 >= 6) {
    drawLandmarkHeader(grid, box, landmark, cellText(el.name));
  }

  const innerWidth = x2 - x1 - 1;
  const innerHeight = y2 - y1 - 1;
  if (innerWidth < 1) return { box, legendLabel: null };

  const keyFits = innerWidth >= key.length + 1;
  if (keyFits && innerHeight >= 1) grid.write(y1 + 1, x2 - key.length, key, x2);
  const hasBadge = switches.tabIndexBadges && tabIndex !== null;
  if (hasBadge) {
    grid.write(innerHeight < 1 ? y1 : y1 + 1, x1 + 1, grid.glyphs.tabBadge(tabIndex), x2);
  }

  const legendLabel = compactLabel(el);
  if (innerHeight < 1 || innerWidth < 3) {
    // Tight box (§4.6): the key alone, from the centre cell.
    grid.write(Math.floor((y1 + y2) / 2), Math.floor((x1 + x2) / 2), cut(key, 2), x2);
    return { box, legendLabel };
  }

  // §4.7: the label starts below the key/badge row when there is one and rows are left.
  let firstRow = hasBadge || keyFits ? 2 : 1;
  let rows = innerHeight - (firstRow - 1);
  if (rows < 1) {
    firstRow = 1;
    rows = innerHeight;
  }
  interiorLines(el, innerWidth, rows, switches.roleGlyphs).forEach((line, i) => {
    const row = y1 + firstRow + i;
    if (row < y2) grid.write(row, x1 + 1, line, x2);
  });
  return { box, legendLabel };
}
