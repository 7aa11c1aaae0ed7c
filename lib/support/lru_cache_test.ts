import { strict as assert } from "node:assert";
import { KeptPerObject, LruCache } from "./lru_cache.ts";

Deno.test("LruCache: the least recently used goes first; delete and clear", () => {
  const cache = new LruCache<string, number>(2);
  cache.set("a", 1);
  cache.set("b", 2);
  assert.equal(cache.get("a"), 1, "a is now the most recent");
  cache.set("c", 3);
  assert.equal(cache.get("b"), undefined, "b went");
  assert.deepEqual([cache.get("a"), cache.get("c")], [1, 3]);
  cache.delete("a");
  assert.equal(cache.get("a"), undefined);
  cache.clear();
  assert.equal(cache.get("c"), undefined);
  const none = new LruCache<string, number>(0);
  none.set("a", 1);
  assert.equal(none.get("a"), undefined, "capacity 0 keeps nothing");
});

Deno.test("KeptPerObject: per object, bounded, and a failed value dropped", async () => {
  const kept = new KeptPerObject<object, Promise<number>>(2);
  const one = {};
  const other = {};
  kept.set(one, "k", Promise.resolve(1));
  assert.equal(kept.get(other, "k"), undefined, "another object keeps its own");
  assert.equal(await kept.get(one, "k"), 1);
  kept.set(one, "l", Promise.resolve(2));
  kept.set(one, "m", Promise.resolve(3));
  assert.equal(kept.get(one, "k"), undefined, "two at most for one object");
  const failing = Promise.reject(new Error("no"));
  kept.set(one, "bad", failing, failing);
  await failing.catch(() => {});
  await Promise.resolve();
  assert.equal(kept.get(one, "bad"), undefined, "a failed one is not kept");
});
