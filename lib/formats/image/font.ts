// An embedded 5×7 bitmap font (the classic LCD-controller design, redrawn
// here) with two extra rows below the baseline for descenders, so one
// monospace cell is 5×9 plus a 1 px gap. Drawn at scale 2 its capitals are
// 14 px tall. A few glyphs differ from the classic on purpose, because
// tesseract misread them: zero has no slash (read as 6 or 8), parentheses
// reach into the descender rows (read as ¢, { or t), the full stop is 3 px
// wide and V narrows from its fourth row (read as U).

/** Ink columns of a glyph. */
export const GLYPH_WIDTH = 5;
/** Rows of a cell: 7 above the baseline (capitals), 2 below (descenders). */
export const GLYPH_HEIGHT = 9;
/** Rows above the baseline; capitals fill all of them. */
export const CAP_HEIGHT = 7;
/** Horizontal distance from one glyph to the next, at scale 1. */
export const ADVANCE = GLYPH_WIDTH + 1;

// One glyph is a string of two-digit hex rows, top to bottom; bit 4 (0x10) is
// the leftmost column. Rows left out at the end are blank (most glyphs give 7).
const GLYPH_HEX: Record<string, string> = {
  " ": "00000000000000",
  "!": "04040404040004",
  '"': "0a0a0a00000000",
  "#": "0a0a1f0a1f0a0a",
  "$": "040f140e051e04",
  "%": "18190204081303",
  "&": "0c12140815120d",
  "'": "04040400000000",
  "(": "020408080808080402",
  ")": "080402020202020408",
  "*": "0004150e150400",
  "+": "0004041f040400",
  ",": "00000000000c0c0408",
  "-": "0000000e000000",
  ".": "00000000000e0e",
  "/": "00010204081000",
  "0": "0e11111111110e",
  "1": "040c040404040e",
  "2": "0e11010204081f",
  "3": "1f02040201110e",
  "4": "02060a121f0202",
  "5": "1f101e0101110e",
  "6": "0608101e11110e",
  "7": "1f010204080808",
  "8": "0e11110e11110e",
  "9": "0e11110f01020c",
  ":": "000c0c000c0c00",
  ";": "000c0c000c0c0408",
  "<": "02040810080402",
  "=": "00001f001f0000",
  ">": "08040201020408",
  "?": "0e110102040004",
  "@": "0e11010d15150e",
  "A": "0e1111111f1111",
  "B": "1e11111e11111e",
  "C": "0e11101010110e",
  "D": "1c12111111121c",
  "E": "1f10101e10101f",
  "F": "1f10101e101010",
  "G": "0e11101711110f",
  "H": "1111111f111111",
  "I": "0e04040404040e",
  "J": "0702020202120c",
  "K": "11121418141211",
  "L": "1010101010101f",
  "M": "111b1515111111",
  "N": "11111915131111",
  "O": "0e11111111110e",
  "P": "1e11111e101010",
  "Q": "0e11111115120d",
  "R": "1e11111e141211",
  "S": "0f10100e01011e",
  "T": "1f040404040404",
  "U": "1111111111110e",
  "V": "1111110a0a0a04",
  "W": "1111111515150a",
  "X": "11110a040a1111",
  "Y": "1111110a040404",
  "Z": "1f01020408101f",
  "[": "0e08080808080e",
  "\\": "00100804020100",
  "]": "0e02020202020e",
  "^": "040a1100000000",
  "_": "000000000000001f",
  "`": "08040200000000",
  "a": "00000e010f110f",
  "b": "1010161911111e",
  "c": "00000e1010110e",
  "d": "01010d1311110f",
  "e": "00000e111f100e",
  "f": "0609081c080808",
  "g": "00000f1111110f010e",
  "h": "10101619111111",
  "i": "04000c0404040e",
  "j": "02000602020202120c",
  "k": "10101214181412",
  "l": "0c04040404040e",
  "m": "00001a15151111",
  "n": "00001619111111",
  "o": "00000e1111110e",
  "p": "00001e1111111e1010",
  "q": "00000f1111110f0101",
  "r": "00001619101010",
  "s": "00000e100e011e",
  "t": "08081c08080906",
  "u": "0000111111130d",
  "v": "00001111110a04",
  "w": "0000111115150a",
  "x": "0000110a040a11",
  "y": "0000111111110f010e",
  "z": "00001f0204081f",
  "{": "02040408040402",
  "|": "04040404040404",
  "}": "08040402040408",
  "~": "00000815020000",
  // Beyond ASCII: what window titles and UI labels commonly contain.
  "\u00a0": "00000000000000", // no-break space
  "\u2014": "0000001f000000", // — em dash
  "\u2013": "0000001f000000", // – en dash (same ink at this width)
  "\u00b7": "0000000c0c0000", // · middle dot
  "\u2022": "00000e1f1f0e00", // • bullet
  "\u2026": "00000000000015", // … ellipsis
  "\u00d7": "00110a040a1100", // × multiplication sign
  "\u00e9": "02040e111f100e", // é
  "\u00fc": "0a00111111130d", // ü
  "\u00f6": "0a000e1111110e", // ö
  "\u00e4": "0a000e010f110f", // ä
  "\u00df": "0c12121412111610", // ß
  "\u2713": "00000102140800", // ✓ check mark
  "\u2717": "111b0e040e1b11", // ✗ ballot x
  "\u2190": "0004081f080400", // ← left arrow
  "\u2192": "0004021f020400", // → right arrow
  "\u2018": "02040600000000", // ‘
  "\u2019": "0c040800000000", // ’
  "\u201c": "09121b00000000", // “
  "\u201d": "1b091200000000", // ”
};

/** Drawn for characters the font lacks: a hollow box, so gaps stay visible. */
const FALLBACK_HEX = "1f11111111111f";

function parseRows(hex: string): Uint8Array {
  const rows = new Uint8Array(GLYPH_HEIGHT);
  for (let i = 0; i * 2 < hex.length; i++) rows[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return rows;
}

const GLYPHS = new Map<string, Uint8Array>(
  Object.entries(GLYPH_HEX).map(([ch, hex]) => [ch, parseRows(hex)]),
);
const FALLBACK = parseRows(FALLBACK_HEX);

/** The GLYPH_HEIGHT rows of a character (one code point), bit 4 = leftmost column. */
export function glyphRows(ch: string): Uint8Array {
  return GLYPHS.get(ch) ?? FALLBACK;
}

/** One step of EPX (Scale2x): doubles a 0/1 mask, rounding off staircase corners. */
function epx(mask: Uint8Array, width: number, height: number): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const at = (x: number, y: number) =>
    x >= 0 && x < width && y >= 0 && y < height ? mask[y * width + x] : 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const p = mask[y * width + x];
      const [up, right, left, down] = [at(x, y - 1), at(x + 1, y), at(x - 1, y), at(x, y + 1)];
      const o = 2 * y * (2 * width) + 2 * x;
      out[o] = left === up && left !== down && up !== right ? up : p;
      out[o + 1] = up === right && up !== left && right !== down ? right : p;
      out[o + 2 * width] = down === left && down !== right && left !== up ? left : p;
      out[o + 2 * width + 1] = right === down && right !== up && down !== left ? down : p;
    }
  }
  return out;
}

const masks = new WeakMap<Uint8Array, Map<number, Uint8Array>>();

/**
 * A character's cell at an integer scale as a 0/1 mask of
 * (GLYPH_WIDTH·scale)×(GLYPH_HEIGHT·scale), row-major. Power-of-two scales are
 * smoothed with EPX instead of plain pixel blocks: diagonals and curves stop
 * looking like stairs, which is what made tesseract misread blocky glyphs
 * (e.g. "is" as "15"). Other scales repeat pixels. Masks are cached.
 */
export function glyphMask(ch: string, scale: number): Uint8Array {
  const rows = glyphRows(ch);
  const cache = masks.get(rows) ?? new Map<number, Uint8Array>();
  masks.set(rows, cache);
  const cached = cache.get(scale);
  if (cached) return cached;
  let mask: Uint8Array = new Uint8Array(GLYPH_WIDTH * GLYPH_HEIGHT);
  for (let r = 0; r < GLYPH_HEIGHT; r++) {
    for (let c = 0; c < GLYPH_WIDTH; c++) {
      mask[r * GLYPH_WIDTH + c] = (rows[r] >> (GLYPH_WIDTH - 1 - c)) & 1;
    }
  }
  let size = 1;
  while (size * 2 <= scale && scale % (size * 2) === 0) {
    mask = epx(mask, GLYPH_WIDTH * size, GLYPH_HEIGHT * size);
    size *= 2;
  }
  const factor = scale / size; // what EPX did not cover: plain pixel repetition
  if (factor > 1) {
    const w = GLYPH_WIDTH * size;
    const out = new Uint8Array(w * factor * GLYPH_HEIGHT * scale);
    for (let y = 0; y < GLYPH_HEIGHT * scale; y++) {
      for (let x = 0; x < w * factor; x++) {
        out[y * w * factor + x] = mask[Math.floor(y / factor) * w + Math.floor(x / factor)];
      }
    }
    mask = out;
  }
  cache.set(scale, mask);
  return mask;
}

/** Whether the font has a glyph of its own for the character (vs the fallback box). */
export function hasGlyph(ch: string): boolean {
  return GLYPHS.has(ch);
}
