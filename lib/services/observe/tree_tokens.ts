// Tree tokens: a stored full capture per window that a later observation can
// diff against. 300 s TTL, at most 16 per window.

import { ToolError } from "../../model/errors.ts";
import type { Element } from "../../model/tree.ts";
import { randomHex } from "../../model/hex.ts";

const TTL_MS = 300_000;
const PER_WINDOW = 16;

export const TOKEN_FORMAT = /^tt:[0-9a-f]{16}$/;

export interface StoredTree {
  uid: string;
  tree: Element;
  hash: string;
  storedAt: number;
  /** Levels the tree holds when a depth limit cut it (Infinity: the whole tree). */
  depth: number;
}

export class TokenStore {
  private readonly tokens = new Map<string, StoredTree>();
  /** Each window's most recent token. */
  private readonly latest = new Map<string, string>();

  constructor(private readonly now: () => number = Date.now) {}

  mint(uid: string, tree: Element, hash: string, depth = Infinity): string {
    this.purgeExpired();
    // The tree this window's latest token names, seen again (an unchanged window): the same token.
    const latest = this.latest.get(uid);
    const stored = latest === undefined ? undefined : this.tokens.get(latest);
    if (stored && stored.tree === tree && stored.hash === hash && stored.depth === depth) {
      this.tokens.delete(latest!);
      this.tokens.set(latest!, { ...stored, storedAt: this.now() });
      return latest!;
    }
    const token = "tt:" + randomHex(8);
    this.latest.set(uid, token);
    this.tokens.set(token, { uid, tree, hash, storedAt: this.now(), depth });
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

  /** The stored tree whatever its window, when the token is known and unexpired. */
  find(token: string): StoredTree | null {
    this.purgeExpired();
    return this.tokens.get(token) ?? null;
  }

  private purgeExpired(): void {
    const limit = this.now() - TTL_MS;
    for (const [token, entry] of this.tokens) {
      if (entry.storedAt >= limit) continue;
      this.tokens.delete(token);
      // A window seen no more leaves nothing behind.
      if (this.latest.get(entry.uid) === token) this.latest.delete(entry.uid);
    }
  }
}

/**
 * The tree a client-supplied token names, or a typed error: a string that is
 * no token is `BadRequest`; a token that is unknown or expired (it may have
 * existed: tokens live 300 s, 16 per window) is `SnapshotExpired`, 410 and
 * recoverable by observing afresh; a token of another window is `BadRequest`.
 */
export function requireToken(
  store: TokenStore,
  token: string,
  uid: string | null,
  arg = "since",
): StoredTree {
  if (!TOKEN_FORMAT.test(token)) {
    throw new ToolError("BadRequest", `${arg} is not a tree token (tt: and 16 hex digits)`, {
      [arg]: token,
    });
  }
  const entry = store.find(token);
  if (!entry) {
    throw new ToolError(
      "SnapshotExpired",
      `tree token ${token} is unknown or expired; observe without ${arg} for a full tree`,
      { token },
    );
  }
  if (uid !== null && entry.uid !== uid) {
    throw new ToolError(
      "BadRequest",
      `tree token ${token} belongs to window ${entry.uid}, not ${uid}`,
      { token, window_uid: uid, token_window_uid: entry.uid },
    );
  }
  return entry;
}
