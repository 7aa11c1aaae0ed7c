// The application's router: Hono's trie router (its regular-expression router
// refuses the trace routes' static and parameter paths side by side), with
// each method and path's match remembered: clients call the same few dozen
// paths over and over, and a match is a walk of the trie.

import type { Result, Router } from "hono/router";
import { TrieRouter } from "hono/router/trie-router";
import { LruCache } from "../lib/support/lru_cache.ts";

/** Matches remembered at most: paths with ids in them come and go. */
const REMEMBERED = 512;

export class RememberingRouter<T> implements Router<T> {
  readonly name = "RememberingRouter";
  private readonly inner = new TrieRouter<T>();
  private readonly matches = new LruCache<string, Result<T>>(REMEMBERED);

  add(method: string, path: string, handler: T): void {
    this.matches.clear();
    this.inner.add(method, path, handler);
  }

  match(method: string, path: string): Result<T> {
    const key = `${method} ${path}`;
    let result = this.matches.get(key);
    if (result === undefined) this.matches.set(key, result = this.inner.match(method, path));
    return result;
  }
}
