// Clickability from the sketch: an agent that reads only the sketch text
// (grid + legend) looks an element up in the legend, finds its key (or its
// name) exactly once in the grid, maps that cell back to screen pixels and
// clicks — or clicks the screen point the key's legend line gives (`@x,y`,
// for controls too short for any row). Also counts labels another glyph has cut into ("②dit") and the
// controls no text of a grid that size could click.

import type { Bounds, Element } from "../../lib/model/tree.ts";

export interface SketchReading {
  /** The grid rows, as code-point arrays. */
  rows: string[][];
  /** Legend key → label. */
  legend: Map<string, string>;
}

const LEGEND_HEADER = /\n\n {2}LEGEND\n/;

/** Splits the sketch text into its grid and its legend. */
export function readSketch(text: string): SketchReading {
  const [grid, legendText = ""] = text.split(LEGEND_HEADER);
  const legend = new Map<string, string>();
  for (const line of legendText.split("\n").slice(1)) {
    const match = /^ {2} *(\S+) {2}(.*)$/.exec(line);
    if (match) legend.set(match[1], match[2]);
  }
  return { rows: grid.split("\n").map((row) => Array.from(row)), legend };
}

const WORD = /[\p{L}\p{N}]/u;

/**
 * Cells [row, column] where `text` starts in the grid; whole words only when
 * `word`: a letter or digit at either end of the text must not touch another
 * (key `A` is not the A of "Apple", nor of "AB"; key `$` in "A$B" is itself).
 */
export function occurrences(rows: string[][], text: string, word: boolean): [number, number][] {
  const needle = Array.from(text);
  const found: [number, number][] = [];
  const joins = (a: string | undefined, b: string) => WORD.test(a ?? " ") && WORD.test(b);
  rows.forEach((row, r) => {
    for (let c = 0; c + needle.length <= row.length; c++) {
      if (!needle.every((ch, i) => row[c + i] === ch)) continue;
      if (word && (joins(row[c - 1], needle[0]) || joins(row[c + needle.length], needle.at(-1)!))) {
        continue;
      }
      found.push([r, c]);
    }
  });
  return found;
}

export interface SketchGeometry {
  ref: Bounds;
  gridWidth: number;
  gridHeight: number;
}

/**
 * The screen point of a grid position: `row` and `column` in cells, possibly
 * fractional (the middle of a text of `n` cells starting at column `c` is
 * `c + n / 2`).
 */
export function gridToScreen(row: number, column: number, g: SketchGeometry) {
  return {
    x: Math.floor(g.ref.x + column * g.ref.width / g.gridWidth),
    y: Math.floor(g.ref.y + row * g.ref.height / g.gridHeight),
  };
}

/** The screen point a legend line gives to click (`… @x,y` at its end), or null. */
export function legendPoint(label: string): { x: number; y: number } | null {
  const match = / @(-?\d+),(-?\d+)$/.exec(label);
  return match ? { x: Number(match[1]), y: Number(match[2]) } : null;
}

function inside(b: Bounds, p: { x: number; y: number }): boolean {
  return p.x >= b.x && p.y >= b.y && p.x < b.x + b.width && p.y < b.y + b.height;
}

export interface ClickTarget {
  element: Element;
  /** The element's legend key in this sketch (from the structured output), if it has one. */
  key: string | null;
}

export interface ClickOutcome {
  element: Element;
  clickable: boolean;
  /** How the agent found it: its key, its name, or nothing unique. */
  via: "key" | "name" | null;
}

/**
 * Whether each target can be clicked from the sketch text: its key (when the
 * legend lists it) else its name appears exactly once in the grid, and the
 * centre of that occurrence (or the key's legend point) maps into the
 * element's bounds.
 */
export function clickability(
  text: string,
  targets: ClickTarget[],
  geometry: SketchGeometry,
): ClickOutcome[] {
  const { rows, legend } = readSketch(text);
  return targets.map(({ element, key }) => {
    const tries: Array<["key" | "name", string, boolean]> = [];
    if (key !== null && legend.has(key)) tries.push(["key", key, true]);
    const name = element.name.trim();
    if (name !== "") tries.push(["name", name, false]);
    for (const [via, needle, word] of tries) {
      const found = occurrences(rows, needle, word);
      if (found.length !== 1) continue;
      const [r, c] = found[0];
      const point = (via === "key" ? legendPoint(legend.get(key!)!) : null) ??
        gridToScreen(r + 0.5, c + Array.from(needle).length / 2, geometry);
      return { element, clickable: inside(element.bounds, point), via };
    }
    return { element, clickable: false, via: null };
  });
}

/**
 * Whether the sketch could click `element` at all: it overlaps the grid's
 * reference rectangle. A text whose middle maps inside it does, else a key on
 * a cell it overlaps with the point to click in the legend. Controls failing
 * this are beyond every sketch of the window, the ceiling of the measure.
 */
export function reachableFromGrid(element: Element, geometry: SketchGeometry): boolean {
  const { ref } = geometry;
  const b = element.bounds;
  return b.width > 0 && b.height > 0 && b.x < ref.x + ref.width && b.y < ref.y + ref.height &&
    b.x + b.width > ref.x && b.y + b.height > ref.y;
}

/** Whether two equally long strings differ in 1..2 code points. */
function nearlyEqual(a: string[], b: string[]): boolean {
  let differences = 0;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i] && ++differences > 2) return false;
  return differences > 0;
}

/**
 * Names (3+ code points) of elements whose label was cut by another glyph (a
 * badge, key or border): the name never appears intact in the grid, but a
 * copy with one or two characters replaced does, where the element stands
 * (its middle maps inside the element). A near-copy elsewhere is another
 * text that resembles the name ("Page" for "Save"), not a cut.
 */
export function cutLabels(text: string, elements: Element[], geometry: SketchGeometry): string[] {
  const { rows } = readSketch(text);
  return elements.filter((el) => {
    const name = Array.from(el.name.trim());
    if (name.length < 3 || occurrences(rows, el.name.trim(), false).length > 0) return false;
    return rows.some((row, r) => {
      for (let c = 0; c + name.length <= row.length; c++) {
        if (!nearlyEqual(name, row.slice(c, c + name.length))) continue;
        if (inside(el.bounds, gridToScreen(r + 0.5, c + name.length / 2, geometry))) return true;
      }
      return false;
    });
  }).map((el) => el.name);
}
