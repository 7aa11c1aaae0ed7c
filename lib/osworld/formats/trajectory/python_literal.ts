// Python source for values put into pyautogui code: the code is a string
// OSWorld runs with exec(), so text typed by an agent must stay one literal.

const NAMED_ESCAPES: Record<string, string> = {
  "\\": "\\\\",
  "'": "\\'",
  "\n": "\\n",
  "\r": "\\r",
  "\t": "\\t",
};

function hex(codePoint: number, digits: number): string {
  return codePoint.toString(16).padStart(digits, "0");
}

/**
 * A single-quoted Python 3 str literal of `text`: backslash, quote and line
 * breaks escaped, other control characters (and lone surrogates, line and
 * paragraph separators) as \x / \u escapes, everything else as is.
 */
export function pythonString(text: string): string {
  let out = "'";
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const named = NAMED_ESCAPES[ch];
    if (named !== undefined) out += named;
    else if (cp < 0x20 || (cp >= 0x7f && cp <= 0x9f)) out += `\\x${hex(cp, 2)}`;
    else if ((cp >= 0xd800 && cp <= 0xdfff) || cp === 0x2028 || cp === 0x2029) {
      out += `\\u${hex(cp, 4)}`;
    } else out += ch;
  }
  return `${out}'`;
}

/** A number as Python reads it back equal (integers and finite floats). */
export function pythonNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`${value} has no Python literal`);
  return String(value);
}
