// Text hygiene for the sketch: what a grid cell or a legend line may hold.
// Lengths everywhere are code points.

/** Whitespace as Python's str.isspace() sees it (the reference trims and strips with it). */
const PYTHON_SPACE = "\\t\\n\\v\\f\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029" +
  "\\u202f\\u205f\\u3000";
const LEADING_SPACE = new RegExp(`^[${PYTHON_SPACE}]+`);
const SPACE_CHAR = new RegExp(`^[${PYTHON_SPACE}]$`);
const ONLY_SPACE = new RegExp(`^[${PYTHON_SPACE}]*$`);

/** Line breaks as Python's str.splitlines() sees them; `\r\n` is one break. */
// deno-lint-ignore no-control-regex -- matching control characters is the point
const LINE_BREAK = /\r\n|[\n\r\v\f\x1c-\x1e\x85\u2028\u2029]/g;
const CONTROL_EXCEPT_TAB = /[^\P{Cc}\t]/gu;

export function codePoints(text: string): string[] {
  return Array.from(text);
}

export function length(text: string): number {
  return codePoints(text).length;
}

/** The first `count` code points. */
function cut(text: string, count: number): string {
  return codePoints(text).slice(0, Math.max(0, count)).join("");
}

/** Python `text[:keep] + "…"` when the text is longer than `limit`. */
export function ellipsize(text: string, limit: number, keep: number): string {
  return length(text) > limit ? cut(text, keep) + "…" : text;
}

/** Whether the UTF-16 unit is printable ASCII other than the space: no stripping needed there. */
function isPlainEdge(unit: number): boolean {
  return unit > 0x20 && unit < 0x7f;
}

export function strip(text: string): string {
  if (
    text === "" ||
    (isPlainEdge(text.charCodeAt(0)) && isPlainEdge(text.charCodeAt(text.length - 1)))
  ) {
    return text;
  }
  return stripEnd(text.replace(LEADING_SPACE, ""));
}

export function stripEnd(text: string): string {
  // A scan from the end: the `\s+$` regex backtracks quadratically on the
  // long runs of blanks every grid row has.
  let end = text.length;
  while (end > 0 && SPACE_CHAR.test(text[end - 1])) end--;
  return text.slice(0, end);
}

export function isBlank(text: string): boolean {
  return ONLY_SPACE.test(text);
}

export function replaceLineBreaks(text: string, replacement: string): string {
  return text.replace(LINE_BREAK, replacement);
}

/** Removes control characters that would corrupt a grid row; tabs stay for textwrap to expand. */
export function dropControls(text: string): string {
  return text.replace(CONTROL_EXCEPT_TAB, "");
}

// deno-lint-ignore no-control-regex -- matching control characters is the point
const NEEDS_CLEANING = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;

/** Text for one grid row: line breaks and tabs become spaces, other control characters go. */
export function cellText(text: string): string {
  if (!NEEDS_CLEANING.test(text)) return text;
  return dropControls(replaceLineBreaks(text, " ")).replace(/\t/g, " ");
}

/** Text for one legend line: each line break becomes `lineBreak`, the rest as cellText. */
export function legendText(text: string, lineBreak: string): string {
  return cellText(replaceLineBreaks(text, lineBreak));
}
