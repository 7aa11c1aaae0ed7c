// The cl100k_base encoder (GPT-4's), which token budgets count in: OSWorld's
// table and the compact view's max_tokens.

import { Tiktoken } from "js-tiktoken/lite";
import cl100k_base from "js-tiktoken/ranks/cl100k_base";

/**
 * Decoding the bundled ranks holds the thread for about half a second and
 * leaves ~60 MB of maps whose garbage collection would pause requests: the
 * service builds the encoder once, in the token worker, at start-up.
 */
let encoder: Tiktoken | undefined;

export function cl100k(): Tiktoken {
  encoder ??= new Tiktoken(cl100k_base);
  return encoder;
}

/** cl100k_base tokens of `text`; special-token text counts as plain text. */
export function countTokens(text: string): number {
  return cl100k().encode(text, [], []).length;
}
