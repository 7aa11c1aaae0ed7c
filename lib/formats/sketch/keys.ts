// Legend keys: one character each, chosen once everything else is on the
// grid so that each occurs there exactly once as a whole word. Two letters or
// digits side by side would read as one word, so crowded keys come from a
// pool of symbols, or alternate letters and symbols; a lone key is a letter.
// Characters already on the grid are skipped: letters that stand alone as a
// word there, symbols anywhere. A thin element's key spans two cells: `A1`.

import { type Canvas, Use } from "./canvas.ts";

const WORD = /[\p{L}\p{N}]/u;

/** Letter or digit; ASCII answered without the regex (most cells are). */
function isWordCode(code: number): boolean {
  if (code < 0x80) {
    return (code >= 0x30 && code <= 0x39) || (code >= 0x41 && code <= 0x5a) ||
      (code >= 0x61 && code <= 0x7a);
  }
  return WORD.test(String.fromCodePoint(code));
}

function range(from: string, to: string): string[] {
  const start = from.codePointAt(0)!;
  return Array.from(
    { length: to.codePointAt(0)! - start + 1 },
    (_, i) => String.fromCodePoint(start + i),
  );
}

/** Letters and digits, easy to tell apart (no I, l, O, 0). */
const LETTERS = [...range("A", "Z"), ...range("a", "z"), ...range("1", "9")]
  .filter((ch) => !"IlO".includes(ch));

/** Symbols that are neither letters nor digits, so they may touch each other. */
const UNICODE_SYMBOLS = [
  ...range("ⓐ", "ⓩ"),
  ...range("Ⓐ", "Ⓩ"),
  ...range("⒜", "⒵"),
  ..."$%&=?@~^!;".split(""),
];
const ASCII_SYMBOLS = "$%&=?@~^!;:<>/\\{}'\"`".split("");

/** Two-character keys: a letter and a digit, one word that no one-character key is part of. */
const PAIRS = range("A", "Z").flatMap((letter) => range("1", "9").map((digit) => letter + digit));

export function symbolPool(unicode: boolean): readonly string[] {
  return unicode ? UNICODE_SYMBOLS : ASCII_SYMBOLS;
}

/** What the grid already shows (keys aside): every character, and those standing alone as a word. */
function shownCharacters(canvas: Canvas): { all: Set<string>; words: Set<string> } {
  const all = new Set<number>();
  const words = new Set<number>();
  const { codes, use, width } = canvas;
  const wordAt = (at: number, column: number) =>
    column >= 0 && column < width && use[at] !== Use.key && isWordCode(codes[at]);
  for (let at = 0; at < codes.length; at++) {
    const code = codes[at];
    if (code === 0x20 || use[at] === Use.key) continue;
    all.add(code);
    const column = at % width;
    if (isWordCode(code) && !wordAt(at - 1, column - 1) && !wordAt(at + 1, column + 1)) {
      words.add(code);
    }
  }
  return {
    all: new Set([...all].map((code) => String.fromCodePoint(code))),
    words: new Set([...words].map((code) => String.fromCodePoint(code))),
  };
}

/** The two-character keys that occur nowhere on the grid yet. */
function unusedPairs(canvas: Canvas): string[] {
  const rows = canvas.rows();
  return PAIRS.filter((pair) => !rows.some((row) => row.includes(pair)));
}

export interface KeyCell {
  item: number;
  row: number;
  column: number;
  /** 2 for a thin item's key, which sits across the edge of two cells. */
  width: 1 | 2;
}

/**
 * A character for each key cell, in the order given (reading order makes the
 * letters run A, B, C… down the grid); null for a cell the pools ran out for.
 */
export function chooseKeys(
  canvas: Canvas,
  cells: readonly KeyCell[],
  symbols: readonly string[],
): Array<string | null> {
  const shown = shownCharacters(canvas);
  const letters = LETTERS.filter((ch) => !shown.words.has(ch)).reverse();
  const marks = symbols.filter((ch) => !shown.all.has(ch)).reverse();
  const pairs = cells.some((cell) => cell.width === 2) ? unusedPairs(canvas).reverse() : [];
  const keys: Array<string | null> = cells.map(() => null);
  for (let first = 0; first < cells.length;) {
    if (cells[first].width === 2) {
      keys[first++] = pairs.pop() ?? null;
      continue;
    }
    let last = first;
    while (isNextTo(cells[last], cells[last + 1])) last++;
    if (first === last) keys[first] = letters.pop() ?? marks.pop() ?? null;
    else fillRun(keys, first, last, letters, marks);
    first = last + 1;
  }
  return keys;
}

function isNextTo(cell: KeyCell, next: KeyCell | undefined): boolean {
  return next !== undefined && next.width === 1 && cell.width === 1 && next.row === cell.row &&
    next.column === cell.column + 1;
}

/**
 * Keys side by side: symbols when there are enough for the whole run; else
 * letters on every other cell with symbols between them while they last (a
 * symbol touching a letter is still found on its own), blanks after that, so
 * no two letters touch.
 */
function fillRun(
  keys: Array<string | null>,
  first: number,
  last: number,
  letters: string[],
  marks: string[],
): void {
  if (marks.length > last - first) {
    for (let at = first; at <= last; at++) keys[at] = marks.pop()!;
    return;
  }
  for (let at = first; at <= last; at++) {
    const letterCell = (at - first) % 2 === 0;
    keys[at] = letterCell ? letters.pop() ?? marks.pop() ?? null : marks.pop() ?? null;
  }
}
