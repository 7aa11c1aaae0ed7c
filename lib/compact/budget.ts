// Fitting a compact view into a token budget: lines go least important first
// (groups, then text, then unnamed controls, needed controls last), later
// lines before earlier ones, and a parent only after its children; a note
// says what was left out.

import { type CompactLine, Importance } from "./lines.ts";

/** Tokens the closing note of a cut view may take (it is counted exactly afterwards). */
export const NOTE_RESERVE = 40;

/** Lines in the order they are given up: least important first, later before earlier. */
function dropOrder(lines: readonly CompactLine[]): number[] {
  const order = lines.map((_, i) => i);
  return order.sort((a, b) => lines[b].importance - lines[a].importance || b - a);
}

/**
 * Which lines fit in `maxTokens` given each line's token count (newlines
 * count one each): a mask over `lines`. The root stays, and so does a line
 * while any line below it does (it gives its children their place).
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
  const order = dropOrder(lines);
  // A parent passed over while a child stayed is looked at again once the child goes.
  for (let dropped = true; dropped && total > budget;) {
    dropped = false;
    for (const i of order) {
      if (total <= budget) break;
      if (!kept[i] || i === 0 || keptChildren[i] > 0) continue;
      // A group left with nothing to group goes with its last child.
      for (let j = i; j > 0; j = lines[j].parent) {
        kept[j] = false;
        total -= counts[j] + 1;
        const parent = lines[j].parent;
        if (--keptChildren[parent] > 0 || lines[parent].importance !== Importance.group) break;
      }
      dropped = true;
    }
  }
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
  return `[cut to max_tokens ${maxTokens}: ${left.length} of ${lines.length} lines left out ` +
    `(${parts.join(", ")}); raise max_tokens or narrow with scope]`;
}
