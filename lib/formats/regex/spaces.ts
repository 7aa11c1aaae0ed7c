// Python's `\s` for str patterns is str.isspace(); RE2's `\s` is only ASCII
// [\t\n\f\r ], so the Python set is spelled out (and complemented for `\S`).

const PYTHON_SPACE: ReadonlyArray<readonly [number, number]> = [
  [0x09, 0x0d],
  [0x1c, 0x20],
  [0x85, 0x85],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
];

const LAST_CODE_POINT = 0x10ffff;

function complement(ranges: ReadonlyArray<readonly [number, number]>): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [from, to] of ranges) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= LAST_CODE_POINT) out.push([next, LAST_CODE_POINT]);
  return out;
}

/** A code point as RE2 reads it anywhere: plain ASCII alphanumerics, else `\x{…}`. */
export function codePointSyntax(codePoint: number): string {
  const c = String.fromCodePoint(codePoint);
  return /^[A-Za-z0-9]$/.test(c) ? c : `\\x{${codePoint.toString(16)}}`;
}

export function rangeSyntax(from: number, to: number): string {
  return from === to ? codePointSyntax(from) : `${codePointSyntax(from)}-${codePointSyntax(to)}`;
}

/** Class members (no brackets) for Python's `\s`. */
export const SPACE_MEMBERS = PYTHON_SPACE.map(([from, to]) => rangeSyntax(from, to)).join("");

/** Class members (no brackets) for Python's `\S`: no cased letter is a space, so (?i) folding
 * cannot pull a space into the complement. */
export const NON_SPACE_MEMBERS = complement(PYTHON_SPACE).map(([from, to]) => rangeSyntax(from, to))
  .join("");
