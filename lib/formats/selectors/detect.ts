// Grammar detection on the selector with every quoted string collapsed to `""`, so a name
// containing `/`, `>` or `:has-text(` cannot change how the selector is read (derived selectors
// must round-trip).
//
// Two deliberate widenings, each only turning would-be parse errors into working selectors:
// * a `/` outside quotes always means XPath-ish (a CSS step can never contain one, so e.g.
//   `Window/MenuItem:has-text("Ed")` or `.Window/MenuBar` now parse);
// * rule 2 (word, whitespace, word) also counts `]`, `)` and a closing quote as the end of a
//   word and `.` as the start of one, so `Window[name="x"] MenuItem` is a CSS descendant.

import type { Grammar } from "./ast.ts";
import { type Chars, isQuoteStart, scanQuoted } from "./quoting.ts";

const CSS_TRIGGERS: RegExp[] = [
  />/,
  /[A-Za-z_*\])"]\s+[A-Za-z_*.]/u,
  /:nth-of-type/,
  /\[\s*[A-Za-z_][A-Za-z0-9_-]*(?:\(\))?\s*[*^$|]=/,
  /:(?:has-text|text)\(/,
  /^\./,
];

/** `chars` is the trimmed selector. */
export function detectGrammar(chars: Chars): Grammar {
  const skeleton = collapseQuotedStrings(chars);
  if (skeleton.includes("/")) return "xpath";
  return CSS_TRIGGERS.some((trigger) => trigger.test(skeleton)) ? "css" : "xpath";
}

function collapseQuotedStrings(chars: Chars): string {
  let out = "";
  for (let i = 0; i < chars.length;) {
    if (isQuoteStart(chars, i)) {
      out += '""';
      i = scanQuoted(chars, i)?.end ?? chars.length;
    } else {
      out += chars[i];
      i++;
    }
  }
  return out;
}
