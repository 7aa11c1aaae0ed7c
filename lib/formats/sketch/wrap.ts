// Python's textwrap.wrap(text, width) with its default options: tabs expanded
// (size 8), every whitespace character treated as a space, whitespace dropped
// at line boundaries, long words split, breaks allowed after hyphens.
// Widths are counted in code points, as Python's len() does.

import { codePoints, isBlank, length } from "./text.ts";

// The character classes of textwrap.TextWrapper.wordsep_re, in JS syntax.
const WHITESPACE = "[\\t\\n\\v\\f\\r ]";
const NOT_WHITESPACE = "[^\\t\\n\\v\\f\\r ]";
const WORD = "[\\p{L}\\p{N}_]";
const WORD_PUNCT = "[\\p{L}\\p{N}_!\"'&.,?]";
const LETTER = "[\\p{L}\\p{Nl}\\p{No}_]";

const WORD_SEPARATOR = new RegExp(
  `(${WHITESPACE}+` +
    `|(?<=${WORD_PUNCT})-{2,}(?=${WORD})` +
    `|${NOT_WHITESPACE}+?(?:` +
    `-(?:(?<=${LETTER}{2}-)|(?<=${LETTER}-${LETTER}-))(?=${LETTER}-?${LETTER})` +
    `|(?=${WHITESPACE}|$)` +
    `|(?<=${WORD_PUNCT})(?=-{2,}${WORD})` +
    `))`,
  "u",
);

const TAB_SIZE = 8;

/** str.expandtabs(8): the column restarts after `\n` and `\r`. */
function expandTabs(text: string): string {
  let column = 0;
  let out = "";
  for (const ch of text) {
    if (ch === "\t") {
      const spaces = TAB_SIZE - (column % TAB_SIZE);
      out += " ".repeat(spaces);
      column += spaces;
    } else {
      out += ch;
      column = ch === "\n" || ch === "\r" ? 0 : column + 1;
    }
  }
  return out;
}

function splitChunks(text: string): string[] {
  const spaced = expandTabs(text).replace(/[\n\v\f\r]/g, " ");
  return spaced.split(WORD_SEPARATOR).filter((chunk) => chunk !== "");
}

/**
 * Puts as much of the too-long next chunk on the line as fits, preferring to
 * break after its last hyphen (textwrap's _handle_long_word).
 */
function splitLongChunk(chunk: string, spaceLeft: number): [string, string] {
  const chars = codePoints(chunk);
  let end = spaceLeft;
  const hyphen = chars.slice(0, spaceLeft).lastIndexOf("-");
  if (hyphen > 0 && chars.slice(0, hyphen).some((c) => c !== "-")) end = hyphen + 1;
  return [chars.slice(0, end).join(""), chars.slice(end).join("")];
}

export function wrap(text: string, width: number): string[] {
  if (width < 1) throw new RangeError(`invalid wrap width ${width} (must be > 0)`);
  // A stack: the next chunk is at the end.
  const chunks = splitChunks(text).reverse();
  const lines: string[] = [];
  while (chunks.length > 0) {
    const line: string[] = [];
    let lineLength = 0;
    if (lines.length > 0 && isBlank(chunks[chunks.length - 1])) chunks.pop();
    while (chunks.length > 0 && lineLength + length(chunks[chunks.length - 1]) <= width) {
      const chunk = chunks.pop()!;
      line.push(chunk);
      lineLength += length(chunk);
    }
    if (chunks.length > 0 && length(chunks[chunks.length - 1]) > width) {
      const [head, tail] = splitLongChunk(chunks[chunks.length - 1], width - lineLength);
      line.push(head);
      chunks[chunks.length - 1] = tail;
    }
    if (line.length > 0 && isBlank(line[line.length - 1])) line.pop();
    if (line.length > 0) lines.push(line.join(""));
  }
  return lines;
}
