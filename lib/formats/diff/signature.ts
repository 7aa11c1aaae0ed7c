// A content signature of a subtree that ignores positional ids, so equal
// duplicates can be recognised wherever they moved. Memoised per diff: a
// node's signature is computed once from its children's signatures.
// Collisions could only make the pairing less tidy, never the diff wrong,
// since every pair is still compared field by field.

import type { Element } from "../../model/tree.ts";
import { CUSTOM_FIELDS } from "./fields.ts";

export type Signatures = (e: Element) => number;

/** cyrb53: a fast 53-bit string hash. */
function hash53(text: string, seed = 0): number {
  let h1 = 0xdeadbeef ^ seed;
  let h2 = 0x41c6ce57 ^ seed;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export function signatures(): Signatures {
  const memo = new Map<Element, number>();
  const sig = (e: Element): number => {
    const known = memo.get(e);
    if (known !== undefined) return known;
    const parts: unknown[] = CUSTOM_FIELDS.map((k) => e[k]);
    for (const child of e.children) parts.push(sig(child));
    const value = hash53(JSON.stringify(parts));
    memo.set(e, value);
    return value;
  };
  return sig;
}
