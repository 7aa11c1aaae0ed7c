// The two glyph sets of the sketch. Labels are composed with the Unicode glyphs;
// in ASCII mode (`unicode_box` false) every code point is mapped to ONE ASCII
// code point on its way into the grid or the legend, so the layout rules and
// every width computation stay exactly as in Unicode mode (conflicts.md Q2).
//
// ASCII stand-ins (one cell each):
//
//   ┌ ┐ └ ┘  +      box corners            ─  -   box edge, slider track
//   │        |      box edge               ├ ┤  [ ]  slider ends
//   ●        *      focused badge, thumb   •  *   selected radio `(*)`
//   ✗        x      disabled badge         ⌨  ^   shortcut badge `^Ctrl+S`
//   ▼        v      expanded combo box     ▶  >   collapsed combo box
//   ▸        >      expanded menu item     …  ~   truncation mark
//   ▓        #      progress filled        ░  .   progress empty
//
// Stand-ins that are not one cell (they never change a box's geometry rule):
//
//   tab badge ①…⑳   the decimal index, `1`…`20` (`#21`… as in Unicode mode)
//   legend line break ⏎   the two characters `\n`
//   legend rule ─ × 50    `-` × 50
//
// Content text (names, values, OCR) goes through the same map: common
// punctuation gets a look-alike, accented Latin letters lose their accents,
// any other non-ASCII code point becomes `?`.

export interface Glyphs {
  /** The code point the grid or legend stores for one code point of rendered text. */
  cell: (codePoint: string) => string;
  tabBadge: (tabIndex: number) => string;
  legendLineBreak: string;
  legendRule: string;
}

const CIRCLED_NUMBERS = Array.from("①②③④⑤⑥⑦⑧⑨⑩⑪⑫⑬⑭⑮⑯⑰⑱⑲⑳");

const ASCII_STAND_INS: ReadonlyMap<string, string> = new Map([
  ["┌", "+"],
  ["┐", "+"],
  ["└", "+"],
  ["┘", "+"],
  ["─", "-"],
  ["│", "|"],
  ["├", "["],
  ["┤", "]"],
  ["●", "*"],
  ["•", "*"],
  ["✗", "x"],
  ["⌨", "^"],
  ["▼", "v"],
  ["▶", ">"],
  ["▸", ">"],
  ["…", "~"],
  ["▓", "#"],
  ["░", "."],
  // Punctuation that commonly appears in window titles and values.
  ["—", "-"],
  ["–", "-"],
  ["‐", "-"],
  ["−", "-"],
  ["‘", "'"],
  ["’", "'"],
  ["“", '"'],
  ["”", '"'],
  ["«", '"'],
  ["»", '"'],
  ["·", "."],
  ["×", "x"],
]);

function asciiCell(codePoint: string): string {
  if (codePoint < "\x80") return codePoint;
  const standIn = ASCII_STAND_INS.get(codePoint);
  if (standIn !== undefined) return standIn;
  if (/^\p{Zs}$/u.test(codePoint)) return " ";
  const base = codePoint.normalize("NFD").replace(/\p{M}/gu, "");
  return base.length === 1 && base < "\x80" ? base : "?";
}

function circledBadge(tabIndex: number): string {
  return CIRCLED_NUMBERS[tabIndex - 1] ?? `#${tabIndex}`;
}

export const UNICODE_GLYPHS: Glyphs = {
  cell: (codePoint) => codePoint,
  tabBadge: circledBadge,
  legendLineBreak: "⏎",
  legendRule: "─",
};

export const ASCII_GLYPHS: Glyphs = {
  cell: asciiCell,
  tabBadge: (tabIndex) => tabIndex <= CIRCLED_NUMBERS.length ? String(tabIndex) : `#${tabIndex}`,
  legendLineBreak: "\\n",
  legendRule: "-",
};

/** Maps every code point of `text` through the glyph set (one in, one out). */
export function toGlyphs(text: string, glyphs: Glyphs): string {
  if (glyphs === UNICODE_GLYPHS) return text; // the identity mapping: skip the per-character walk
  return Array.from(text, glyphs.cell).join("");
}
