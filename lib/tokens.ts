// Tree tokens (spec/observation.md §6): a stored full capture per window that
// a later observation can diff against. 300 s TTL, at most 16 per window.

import type { Element } from "./tree.ts";

const TTL_MS = 300_000;
const PER_WINDOW = 16;

interface StoredTree {
  uid: string;
  tree: Element;
  hash: string;
  storedAt: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, StoredTree>();

  constructor(private readonly now: () => number = Date.now) {}

  mint(uid: string, tree: Element, hash: string): string {
    this.purgeExpired();
    const bytes = crypto.getRandomValues(new Uint8Array(8));
    const token = "tt:" + Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    this.tokens.set(token, { uid, tree, hash, storedAt: this.now() });
    const mine = [...this.tokens.entries()].filter(([, v]) => v.uid === uid);
    for (const [old] of mine.slice(0, Math.max(0, mine.length - PER_WINDOW))) {
      this.tokens.delete(old);
    }
    return token;
  }

  /** The stored tree when the token is known, unexpired and for this window. */
  lookup(token: string, uid: string): StoredTree | null {
    this.purgeExpired();
    const entry = this.tokens.get(token);
    return entry && entry.uid === uid ? entry : null;
  }

  private purgeExpired(): void {
    const limit = this.now() - TTL_MS;
    for (const [token, entry] of this.tokens) {
      if (entry.storedAt < limit) this.tokens.delete(token);
    }
  }
}
