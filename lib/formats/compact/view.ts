// The compact view of a tree: the lines of display.ts + lines.ts, cut to a
// cl100k token budget when one is given.

import type { Bounds, Element } from "../../model/tree.ts";
import { countTokensOffThread } from "../tokens/off_thread.ts";
import { refsOf } from "../views/refs.ts";
import { cutNote, linesWithin, NOTE_RESERVE } from "./budget.ts";
import { compactDiff } from "./diff.ts";
import { shownTree } from "./display.ts";
import { type CompactLine, compactLines, lineWithIndent } from "./lines.ts";
import type { SpaceMapping } from "../geometry/coordinate_space.ts";

export interface CompactRequest {
  /** Element id → ref over the capture the tree comes from (refs.ts). */
  refs: ReadonlyMap<string, string>;
  /** The window's bounds: what lies outside is hidden. */
  area: Bounds;
  maxTokens?: number;
  /** The coordinate space of the lines' points and sizes; default the screen's. */
  mapping?: SpaceMapping;
}

export interface CompactView {
  compact: string;
  /** cl100k tokens of `compact`; counted only under a budget. */
  tokens?: number;
  cut: boolean;
}

const TEXT_LIMIT = 100;

/** The lines of the compact view of `tree`. */
export function compactLinesOf(tree: Element, request: CompactRequest): CompactLine[] {
  return compactLines(shownTree(tree, request.area), {
    refs: request.refs,
    area: request.area,
    textLimit: TEXT_LIMIT,
    mapping: request.mapping,
  });
}

/** `lines` cut to `maxTokens` (least important first), with a note when cut. */
export async function fitToBudget(lines: CompactLine[], maxTokens: number): Promise<CompactView> {
  const texts = lines.map(lineWithIndent);
  const counts = await countTokensOffThread(texts);
  // Line-by-line counts are close to, not exactly, the joined text's: check
  // the whole answer and cut again, by the overshoot, until it fits.
  for (let limit = maxTokens;;) {
    const kept = linesWithin(lines, counts, limit);
    const cut = kept.some((k) => !k);
    const text = texts.filter((_, i) => kept[i]).join("\n") +
      (cut ? `\n${cutNote(lines, kept, maxTokens)}` : "");
    const [tokens] = await countTokensOffThread([text]);
    const onlyRoot = kept.every((k, i) => k === (i === 0));
    if (tokens <= maxTokens || onlyRoot) return { compact: text, tokens, cut };
    limit -= tokens - maxTokens;
  }
}

export async function compactView(tree: Element, request: CompactRequest): Promise<CompactView> {
  const lines = compactLinesOf(tree, request);
  if (request.maxTokens === undefined) {
    return { compact: lines.map(lineWithIndent).join("\n"), cut: false };
  }
  return await fitToBudget(lines, request.maxTokens);
}

export interface CompactDiffView {
  compact_diff: string;
  tokens?: number;
  cut: boolean;
  unchanged: boolean;
}

/**
 * What changed from `before` to `after` as compact lines (diff.ts), the
 * first ones that fit in `maxTokens` when a budget is given; points and
 * sizes in `mapping`'s space (default the screen's).
 */
export async function compactDiffView(
  before: Element,
  after: Element,
  area: Bounds,
  maxTokens?: number,
  mapping?: SpaceMapping,
): Promise<CompactDiffView> {
  const lines = (tree: Element) => compactLinesOf(tree, { refs: refsOf(tree), area, mapping });
  // The same capture (an unchanged window's) has no changed line, and no token to count.
  const changed = before === after ? [] : compactDiff(lines(before), lines(after));
  const unchanged = changed.length === 0;
  if (maxTokens === undefined) return { compact_diff: changed.join("\n"), cut: false, unchanged };
  if (unchanged) return { compact_diff: "", tokens: 0, cut: false, unchanged };
  const [all, ...counts] = await countTokensOffThread([changed.join("\n"), ...changed]);
  if (all <= maxTokens) {
    return { compact_diff: changed.join("\n"), tokens: all, cut: false, unchanged };
  }
  let total = 0;
  let kept = 0;
  while (kept < changed.length && total + counts[kept] + 1 <= maxTokens - NOTE_RESERVE) {
    total += counts[kept++] + 1;
  }
  const note = `[max_tokens ${maxTokens}: left out ${changed.length - kept} of ` +
    `${changed.length} changed lines; raise it or narrow with scope]`;
  const text = [...changed.slice(0, kept), note].join("\n");
  const [tokens] = await countTokensOffThread([text]);
  return { compact_diff: text, tokens, cut: true, unchanged };
}
