// The two glyph sets of the sketch. Labels are composed with the Unicode glyphs;
// in ASCII mode (`unicode_box` false) every code point is mapped to ONE ASCII
// code point on its way into the grid or the legend, so the layout is the same
// cell for cell. Keys are not mapped: each mode has its own key symbols
// (lib/formats/sketch/keys.ts).
//
// ASCII stand-ins (one cell each):
//
//   ┌ ┐ └ ┘  +      box corners            ─  -   box edge, slider track
//   │        |      box edge               ├ ┤  [ ]  slider ends
//   ●        *      focus mark, thumb      •  *   selected radio `(*)`
//   ✗        x      disabled (legend)      ⌨  ^   shortcut (legend) `^Ctrl+S`
//   ▾ ▼      v      combo box              ▶ ▸  >   collapsed, submenu
//   …        ~      cut text               ⇥  #   tab position (legend) `#3`
//   ▓        #      progress filled        ░  .   progress empty
//
// Also: the legend line break ⏎ is the two characters `\n`, the legend rule
// ─ × 50 is `-` × 50. Content text (names, values, OCR) goes through the same
// map: common punctuation gets a look-alike, accented Latin letters lose their
// accents, any other non-ASCII code point becomes `?`.

export interface Glyphs {
  /** The code point the grid or legend stores for one code point of rendered text. */
  cell: (codePoint: string) => string;
  legendLineBreak: string;
  legendRule: string;
}

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
  ["▾", "v"],
  ["⇥", "#"],
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

export const UNICODE_GLYPHS: Glyphs = {
  cell: (codePoint) => codePoint,
  legendLineBreak: "⏎",
  legendRule: "─",
};

export const ASCII_GLYPHS: Glyphs = {
  cell: asciiCell,
  legendLineBreak: "\\n",
  legendRule: "-",
};

/** Maps every code point of `text` through the glyph set (one in, one out). */
export function toGlyphs(text: string, glyphs: Glyphs): string {
  if (glyphs === UNICODE_GLYPHS) return text; // the identity mapping: skip the per-character walk
  return Array.from(text, glyphs.cell).join("");
}
