// Lookalike normalisation for `=` and `*=`: agents type ASCII for the typographic characters
// that window titles and labels often contain.

const ASCII_FOR: Record<string, string> = {
  "\u2026": "...", // … horizontal ellipsis
  "\u00a0": " ", // no-break space
  "\u2013": "-", // – en dash
  "\u2014": "--", // — em dash
};

export function normalizeLookalikes(text: string): string {
  return text.replace(/[\u2026\u00a0\u2013\u2014]/g, (c) => ASCII_FOR[c]);
}

/** Equality as the `=` operator sees it. */
export function sameText(a: string, b: string): boolean {
  return normalizeLookalikes(a) === normalizeLookalikes(b);
}
