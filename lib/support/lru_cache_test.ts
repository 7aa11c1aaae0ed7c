import { strict as assert } from "node:assert";
import { GenerationalCache, KeptPerObject, LruCache } from "./lru_cache.ts";

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

Deno.test("GenerationalCache: bound, and what was set or found lately is kept", () => {
  const cache = new GenerationalCache<string, number | null>(4);
  cache.set("a", 1);
  cache.set("b", null);
  // The newer generation was full at 2: a and b are the older one now.
  assert.equal(cache.get("a"), 1, "found in the older generation, moved to the newer");
  assert.equal(cache.get("b"), null, "null is a value");
  assert.equal(cache.get("z"), undefined);
  cache.set("c", 3);
  cache.set("d", 4);
  // a and b, moved, filled the newer generation and became the older; c and d did the same.
  assert.equal(cache.get("a"), undefined, "a was dropped with the older generation");
  assert.deepEqual([cache.get("c"), cache.get("d")], [3, 4]);
  const rows: Array<[number, number]> = [[2, 1], [4, 2], [4096, 2048]];
  for (const [capacity, kept] of rows) {
    const bounded = new GenerationalCache<number, number>(capacity);
    for (let i = 0; i < capacity * 3; i++) bounded.set(i, i);
    const held = Array.from({ length: capacity * 3 }, (_, i) => i).filter((i) =>
      bounded.get(i) !== undefined
    );
    assert.ok(held.length <= capacity, `capacity ${capacity}: ${held.length} held`);
    assert.ok(held.includes(capacity * 3 - 1), `capacity ${capacity}: the last set is held`);
    assert.ok(held.length >= kept, `capacity ${capacity}: at least ${kept} held`);
  }
});
