// Pass 2 of the sketch: keys for the controls that cannot show their label,
// labels for the rest, keys for those too short for any row (the legend
// gives the point to click), then box titles, contents, a key for every label an
// agent could not find by its name, the focus mark, frames, and the key
// characters. Each step writes only on cells nothing holds yet, most
// important items first, so a label is either whole on the grid or absent.

import { placeHint, placeValue } from "./contents.ts";
import { keyUnfindable } from "./findable.ts";
import { drawFrames, markFocus, type PlacedKey, writeKeys } from "./finish.ts";
import type { GridGeometry } from "./geometry.ts";
import { labelPlan, needsKeyFirst, placeLabels, placeTitles } from "./labelling.ts";
import { type OcrLine, overlayOcrLines } from "./overlay.ts";
import { type LayoutOptions, Placement } from "./placement.ts";
import { byPriority, isLabelled } from "./ranking.ts";
import type { Item } from "./scene.ts";

export type { PlacedKey } from "./finish.ts";

export interface Layout {
  text: string;
  /** Item id → its key on the grid. */
  keys: Map<number, PlacedKey>;
}

/** Lays the items (in pre-order) out on the grid. */
export function layOut(
  items: readonly Item[],
  geometry: GridGeometry,
  options: LayoutOptions & { unicode: boolean; ocrLines: readonly OcrLine[] },
): Layout {
  const p = new Placement(items, geometry, options);
  const ordered = [...items].sort(byPriority);
  const plans = new Map(
    items.filter(isLabelled).map((item) => [item.id, labelPlan(p, item)]),
  );
  const keyFirst = ordered.filter((item) => needsKeyFirst(p, item, plans.get(item.id)));
  p.placeKeys(keyFirst);
  const homeless = placeLabels(p, ordered, plans, new Set(keyFirst));
  // Controls too short for a row take the cells labels left: a label clicks without the legend.
  const pointed = ordered.filter((item) => item.point !== undefined);
  p.placeKeys([...keyFirst, ...homeless, ...pointed].sort(byPriority));
  placeTitles(p, items);
  for (const item of ordered) {
    placeValue(p, item);
    placeHint(p, item);
  }
  overlayOcrLines(p.canvas, geometry, options.ocrLines, options.glyphs);
  keyUnfindable(p, ordered);
  markFocus(p, items);
  drawFrames(p, items);
  return { keys: writeKeys(p, options.unicode), text: p.canvas.toText() };
}
