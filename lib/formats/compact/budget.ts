// Fitting a compact view into a token budget: lines go least important first
// (groups, then text, then unnamed controls, needed controls last), later
// lines before earlier ones. A parent goes after its children, unless the
// needed controls themselves would have to go: then the lines that only hold
// them (toolbars, panes) go first, since an agent acts on the controls. A note
// says what was left out.

import { type CompactLine, Importance } from "./lines.ts";

/** Tokens the closing note of a cut view may take (it is counted exactly afterwards). */
export const NOTE_RESERVE = 28;

/** Lines in the order they are given up: least important first, later before earlier. */
function dropOrder(lines: readonly CompactLine[]): number[] {
  const order = lines.map((_, i) => i);
  return order.sort((a, b) => lines[b].importance - lines[a].importance || b - a);
}

/**
 * Which lines fit in `maxTokens` given each line's token count (newlines
 * count one each): a mask over `lines`. The root always stays.
 */
export function linesWithin(
  lines: readonly CompactLine[],
  counts: readonly number[],
  maxTokens: number,
): boolean[] {
  const kept = counts.map(() => true);
  let total = counts.reduce((sum, c) => sum + c, 0) + counts.length - 1;
  if (total <= maxTokens) return kept;
  const budget = Math.max(0, maxTokens - NOTE_RESERVE);
  const keptChildren = lines.map(() => 0);
  for (const line of lines) if (line.parent >= 0) keptChildren[line.parent]++;
  const drop = (i: number) => {
    kept[i] = false;
    total -= counts[i] + 1;
    if (lines[i].parent >= 0) keptChildren[lines[i].parent]--;
  };
  /**
   * Drops the lines of `order` that `may` allow, parents after their
   * children: a parent no more important than its last child goes with it.
   */
  const dropAll = (order: number[], may: (i: number) => boolean) => {
    for (const i of order) {
      if (total <= budget) return;
      if (!kept[i] || i === 0 || !may(i)) continue;
      drop(i);
      for (let j = i, parent = lines[j].parent; parent > 0; j = parent, parent = lines[j].parent) {
        if (!kept[parent] || keptChildren[parent] > 0) break;
        if (lines[parent].importance < lines[j].importance) break;
        drop(parent);
      }
    }
  };
  const order = dropOrder(lines);
  const childless = (i: number) => keptChildren[i] === 0;
  dropAll(order.filter((i) => lines[i].importance !== Importance.needed), childless);
  dropAll(order.filter((i) => lines[i].importance !== Importance.needed), () => true);
  dropAll(order, childless);
  return kept;
}

const WHAT: Record<Importance, string> = {
  [Importance.needed]: "controls",
  [Importance.control]: "other controls",
  [Importance.text]: "texts",
  [Importance.group]: "groups",
};

/** The note closing a cut view. */
export function cutNote(
  lines: readonly CompactLine[],
  kept: readonly boolean[],
  maxTokens: number,
) {
  const left = lines.filter((_, i) => !kept[i]);
  const counts = new Map<Importance, number>();
  for (const line of left) counts.set(line.importance, (counts.get(line.importance) ?? 0) + 1);
  const parts = [...counts].sort(([a], [b]) => a - b).map(([k, n]) => `${n} ${WHAT[k]}`);
  return `[max_tokens ${maxTokens}: left out ${parts.join(", ")}; raise it or narrow with scope]`;
}
