// Python's repr() of a str, used where values are printed as Python literals.

/**
 * str.isprintable(): everything except the categories Cc, Cf, Cs, Co, Cn, Zl,
 * Zp and Zs, with the ASCII space as the one printable separator.
 */
const NON_PRINTABLE = /^[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]$/u;

const NAMED_ESCAPES: ReadonlyMap<string, string> = new Map([
  ["\\", "\\\\"],
  ["\n", "\\n"],
  ["\r", "\\r"],
  ["\t", "\\t"],
]);

function hexEscape(codePoint: number): string {
  if (codePoint <= 0xff) return `\\x${codePoint.toString(16).padStart(2, "0")}`;
  if (codePoint <= 0xffff) return `\\u${codePoint.toString(16).padStart(4, "0")}`;
  return `\\U${codePoint.toString(16).padStart(8, "0")}`;
}

function escapeCodePoint(ch: string, quote: string): string {
  if (ch === quote) return `\\${quote}`;
  const named = NAMED_ESCAPES.get(ch);
  if (named !== undefined) return named;
  return ch !== " " && NON_PRINTABLE.test(ch) ? hexEscape(ch.codePointAt(0)!) : ch;
}

/** `'text'`, or `"text"` when it holds `'` and no `"`; non-printables escaped. */
export function pythonRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  return quote + Array.from(text, (ch) => escapeCodePoint(ch, quote)).join("") + quote;
}
