// A table of text lines cut to a budget of cl100k_base tokens, at a token
// boundary as OSWorld cuts its accessibility table, with a marker where it was
// cut. Pure apart from the encoder: the service runs it in the token worker
// (off_thread.ts), tests call it directly.

import type { Tiktoken } from "js-tiktoken/lite";

/**
 * What OSWorld appends to a cut table. Like OSWorld, it comes on top of the
 * budget: the text before it is at most `maxTokens` tokens.
 */
export const CUT_MARKER = "[...]\n";

export interface LinearizedTable {
  /** Header and rows joined by "\n", plus CUT_MARKER when cut. */
  table: string;
  /** cl100k_base tokens of the table before the marker (≤ maxTokens when cut). */
  tokens: number;
  cut: boolean;
  /** Rows (kept nodes) of the whole table, before any cut; the header not counted. */
  rows: number;
}

/** The table's `lines` joined and cut to `maxTokens` tokens of `enc` (OSWorld's run.py defaults to 10000). */
export function cutTable(lines: string[], maxTokens: number, enc: Tiktoken): LinearizedTable {
  if (!Number.isInteger(maxTokens) || maxTokens < 0) {
    throw new RangeError(`maxTokens must be a non-negative integer, got ${maxTokens}`);
  }
  const rows = Math.max(0, lines.length - 1);
  // Rows are encoded one at a time and only until the budget is passed, so
  // the cost follows the budget, not the tree. That equals encoding the whole
  // table: every line ends with ")" and the next starts with a tag's letter or
  // "_", and no cl100k_base pre-token spans ")\n" into a letter.
  const tokens: number[] = [];
  let text = "";
  for (let i = 0; i < lines.length && tokens.length <= maxTokens; i++) {
    const line = i < lines.length - 1 ? `${lines[i]}\n` : lines[i];
    // Special-token text ("<|endoftext|>" in a title) is plain text here, not an error.
    for (const token of enc.encode(line, [], [])) tokens.push(token);
    text += line;
  }
  if (tokens.length <= maxTokens) return { table: text, tokens: tokens.length, cut: false, rows };
  // Cut at a token boundary as OSWorld does. A cut inside a multi-byte
  // character decodes to U+FFFD; OSWorld keeps that, we step back to the last
  // whole character.
  let kept = maxTokens;
  let head = enc.decode(tokens.slice(0, kept));
  while (!text.startsWith(head)) head = enc.decode(tokens.slice(0, --kept));
  return { table: head + CUT_MARKER, tokens: kept, cut: true, rows };
}
