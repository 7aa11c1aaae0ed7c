// Nesting depth of JSON text, measured in one flat pass over the characters so
// that nothing recursive ever sees untrusted nesting. Containers nested deeper
// than the limit are cut out, leaving a shallow document that still parses
// (and so still yields the request's id) but can be refused.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]); // [ {
const CLOSERS = new Set([0x5d, 0x7d]); // ] }

export interface PrunedJson {
  text: string;
  /** Whether any container was nested deeper than the limit (and replaced by `null`). */
  pruned: boolean;
}

/**
 * `text` with every object or array that opens below `maxDepth` levels replaced
 * by `null` (the top-level value is level 1). Malformed text stays malformed.
 */
export function pruneTooDeep(text: string, maxDepth: number): PrunedJson {
  const kept: string[] = [];
  let keptUpTo = 0;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const char = text.charCodeAt(i);
    if (inString) {
      if (char === BACKSLASH) i++;
      else if (char === QUOTE) inString = false;
    } else if (char === QUOTE) {
      inString = true;
    } else if (OPENERS.has(char)) {
      depth++;
      if (depth === maxDepth + 1) kept.push(text.slice(keptUpTo, i), "null");
    } else if (CLOSERS.has(char) && depth > 0) {
      if (depth === maxDepth + 1) keptUpTo = i + 1;
      depth--;
    }
  }
  if (kept.length === 0) return { text, pruned: false };
  // A too-deep container that never closes is cut to the end.
  if (depth <= maxDepth) kept.push(text.slice(keptUpTo));
  return { text: kept.join(""), pruned: true };
}
