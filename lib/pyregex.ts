// Client-supplied regexes follow Python `re` (spec README, implementation notes). This
// translates Python syntax to an equivalent JS RegExp and returns null for patterns it cannot
// express or that are invalid; callers treat null as "never matches".
//
// Python semantics kept explicitly because JS differs: `.` excludes only "\n", `$` also matches
// before a final "\n", `^`/`$` under (?m) only break lines at "\n", `\A`/`\Z` are absolute,
// escaped punctuation (`re.escape` output such as `\-` or `\ `) is a literal, a `{` that does
// not form a quantifier is a literal, and `]` first in a class is a literal.

interface InlineFlags {
  ignoreCase: boolean;
  multiline: boolean;
  dotAll: boolean;
}

const INPUT_START = "(?<![\\s\\S])";
const INPUT_END = "(?![\\s\\S])";
const HEX = /^[0-9a-fA-F]+$/;
const LEADING_FLAG_GROUP = /^\(\?([a-zA-Z]+)\)/;

export function compilePythonRegex(pattern: string): RegExp | null {
  const leading = readLeadingFlags(pattern);
  if (leading === null) return null;
  const source = translate(Array.from(pattern.slice(leading.length)), leading.flags);
  if (source === null) return null;
  try {
    return new RegExp(source, leading.flags.ignoreCase ? "iu" : "u");
  } catch {
    return null;
  }
}

const fullMatchers = new WeakMap<RegExp, RegExp>();

/** Python `re.fullmatch`: the whole string must match (alternation included). */
export function fullMatch(re: RegExp, s: string): boolean {
  let anchored = fullMatchers.get(re);
  if (anchored === undefined) {
    anchored = new RegExp(`^(?:${re.source})$`, re.flags);
    fullMatchers.set(re, anchored);
  }
  return anchored.test(s);
}

/** Python `re.search`: a match anywhere in the string. */
export function search(re: RegExp, s: string): boolean {
  return re.test(s);
}

/** Reads `(?ims)`-style groups at the very start; other flags (e.g. `x`) are unsupported. */
function readLeadingFlags(pattern: string): { flags: InlineFlags; length: number } | null {
  const flags: InlineFlags = { ignoreCase: false, multiline: false, dotAll: false };
  let length = 0;
  for (;;) {
    const m = LEADING_FLAG_GROUP.exec(pattern.slice(length));
    if (m === null) return { flags, length };
    for (const letter of m[1]) {
      if (letter === "i") flags.ignoreCase = true;
      else if (letter === "m") flags.multiline = true;
      else if (letter === "s") flags.dotAll = true;
      else return null;
    }
    length += m[0].length;
  }
}

function translate(cs: string[], flags: InlineFlags): string | null {
  let out = "";
  let classBodyStart = -1; // index of the first class member while inside `[...]`, else -1
  for (let i = 0; i < cs.length; i++) {
    const c = cs[i];
    const inClass = classBodyStart >= 0;
    if (c === "\\") {
      const escape = translateEscape(cs, i, inClass);
      if (escape === null) return null;
      out += escape.text;
      i += escape.length - 1;
    } else if (inClass) {
      if (c === "]" && i > classBodyStart) classBodyStart = -1;
      out += c === "[" || (c === "]" && i === classBodyStart) ? `\\${c}` : c;
    } else if (c === "[") {
      const negated = cs[i + 1] === "^";
      out += negated ? "[^" : "[";
      if (negated) i++;
      classBodyStart = i + 1;
    } else if (c === "(" && cs[i + 1] === "?") {
      const group = translateGroupOpening(cs, i);
      if (group === null) return null;
      out += group.text;
      i += group.length - 1;
    } else if (c === "{") {
      const quantifier = translateBrace(cs, i);
      out += quantifier.text;
      i += quantifier.length - 1;
    } else {
      out += translatePlain(c, flags);
    }
  }
  return classBodyStart >= 0 ? null : out;
}

function translatePlain(c: string, flags: InlineFlags): string {
  switch (c) {
    case ".":
      return flags.dotAll ? "[\\s\\S]" : "[^\\n]";
    case "^":
      return flags.multiline ? `(?:${INPUT_START}|(?<=\\n))` : INPUT_START;
    case "$":
      return flags.multiline ? `(?=\\n|${INPUT_END})` : `(?=\\n?${INPUT_END})`;
    case "}":
    case "]":
      return `\\${c}`;
    default:
      return c;
  }
}

type Piece = { text: string; length: number };

function translateEscape(cs: string[], i: number, inClass: boolean): Piece | null {
  const next = cs[i + 1];
  if (next === undefined) return null;
  if (next === "A" || next === "Z") {
    return inClass ? null : { text: next === "A" ? INPUT_START : INPUT_END, length: 2 };
  }
  if (next === "U") {
    const hex = cs.slice(i + 2, i + 10).join("");
    return hex.length === 8 && HEX.test(hex) ? { text: `\\u{${hex}}`, length: 10 } : null;
  }
  if (/[0-9A-Za-z]/.test(next)) return { text: `\\${next}`, length: 2 };
  // Python lets any punctuation (and any non-ASCII character) be escaped as itself.
  return { text: `\\u{${next.codePointAt(0)!.toString(16)}}`, length: 2 };
}

/** Handles `(?…` openings: Python named groups, comments; scoped flags are unsupported. */
function translateGroupOpening(cs: string[], i: number): Piece | null {
  const rest = cs.slice(i, i + 4).join("");
  if (rest.startsWith("(?P<")) return { text: "(?<", length: 4 };
  if (rest.startsWith("(?P=")) {
    const close = cs.indexOf(")", i);
    if (close < 0) return null;
    return { text: `\\k<${cs.slice(i + 4, close).join("")}>`, length: close - i + 1 };
  }
  if (rest.startsWith("(?#")) {
    const close = cs.indexOf(")", i);
    return close < 0 ? null : { text: "", length: close - i + 1 };
  }
  if (/^\(\?[a-zA-Z-]/.test(rest)) return null;
  return { text: "(?", length: 2 };
}

/** Python reads `{m}`, `{m,}`, `{,n}`, `{m,n}` as quantifiers and any other `{` literally. */
function translateBrace(cs: string[], i: number): Piece {
  const m = /^\{(\d*)(?:(,)(\d*))?\}/.exec(cs.slice(i, i + 64).join(""));
  if (m === null || m[0] === "{}") return { text: "\\{", length: 1 };
  const low = m[1] === "" ? "0" : m[1];
  return { text: m[2] ? `{${low},${m[3]}}` : `{${low}}`, length: m[0].length };
}
