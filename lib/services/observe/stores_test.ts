// The observation stores' limits on a fake clock: tree tokens (300 s, 16 per
// window) and their typed errors, snapshots (300 s, LRU 32), page cursors
// (300 s), the tree cache (TTL, 8 windows by recent use, counters).

import { strict as assert } from "node:assert";
import { ToolError } from "../../model/errors.ts";
import { PageCursorStore } from "../../formats/structure/page_cursors.ts";
import { SnapshotStore } from "./snapshots.ts";
import { requireToken, TokenStore } from "./tree_tokens.ts";
import type { CachedCapture } from "./tree_cache.ts";
import { TreeCache } from "./tree_cache.ts";
import { element } from "../../model/tree.ts";

function clock(start = 1_000_000) {
  let t = start;
  return { now: () => t, advance: (ms: number) => (t += ms) };
}

const TREE = element("Window", "W", [0, 0, 10, 10]);

function code(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    if (e instanceof ToolError) return e.code;
    throw e;
  }
  return "no error";
}

Deno.test("tokens: 300 s TTL, 16 per window, oldest dropped first", () => {
  const c = clock();
  const store = new TokenStore(c.now);
  const first = store.mint("w1", TREE, "h1");
  const other = store.mint("w2", TREE, "h2");
  c.advance(299_000);
  assert.equal(store.lookup(first, "w1")?.hash, "h1");
  assert.equal(store.lookup(first, "w2"), null, "a token belongs to its window");
  c.advance(2_000);
  assert.equal(store.lookup(first, "w1"), null, "expired after 300 s");
  const tokens = Array.from({ length: 17 }, (_, i) => store.mint("w1", TREE, `h${i}`));
  assert.equal(store.find(tokens[0]), null, "the 17th token drops the oldest");
  assert.ok(tokens.slice(1).every((t) => store.find(t) !== null));
  assert.equal(store.find(other), null, "w2's token expired too");
  assert.match(tokens[0], /^tt:[0-9a-f]{16}$/);
});

Deno.test("tokens: the same capture seen again keeps its token, and its 300 s start again", () => {
  const c = clock();
  const store = new TokenStore(c.now);
  const first = store.mint("w1", TREE, "h1");
  c.advance(200_000);
  assert.equal(store.mint("w1", TREE, "h1"), first, "the same tree object, hash and depth");
  c.advance(200_000);
  assert.equal(store.lookup(first, "w1")?.hash, "h1", "kept 300 s from the second mint");
  assert.notEqual(store.mint("w1", TREE, "h1", 3), first, "another depth is another capture");
  const copy = structuredClone(TREE);
  assert.notEqual(store.mint("w1", copy, "h1"), first, "another tree object, another token");
  assert.notEqual(store.mint("w2", TREE, "h1"), first, "another window, another token");
});

Deno.test("requireToken: malformed 400, unknown 410, other window 400", () => {
  const store = new TokenStore();
  const token = store.mint("w1", TREE, "h");
  assert.equal(requireToken(store, token, "w1").hash, "h");
  assert.equal(requireToken(store, token, null).uid, "w1");
  assert.equal(code(() => requireToken(store, "nope", "w1")), "BadRequest");
  assert.equal(code(() => requireToken(store, "tt:0123456789abcdef", "w1")), "SnapshotExpired");
  assert.equal(code(() => requireToken(store, token, "w2")), "BadRequest");
});

Deno.test("snapshots: 300 s TTL and LRU capacity 32; a get refreshes recency", () => {
  const c = clock();
  const store = new SnapshotStore(c.now);
  const content = { windows: [], trees: {}, tree_hashes: {} };
  const first = store.add(content).snapshot_id;
  const second = store.add(content).snapshot_id;
  assert.match(first, /^snap:[0-9a-f]{16}$/);
  for (let i = 0; i < 30; i++) store.add(content);
  assert.ok(store.get(first), "32 fit");
  store.add(content);
  assert.equal(store.get(second), null, "the least recently used went");
  assert.ok(store.get(first), "the refreshed one stayed");
  assert.equal(store.drop(first), true);
  assert.equal(store.drop(first), false);
  const late = store.add(content);
  assert.equal(late.ts, c.now() / 1000);
  c.advance(300_001);
  assert.equal(store.get(late.snapshot_id), null, "expired after 300 s");
});

Deno.test("page cursors: opaque, stable, 300 s; foreign 400, unknown 410", () => {
  const c = clock();
  const store = new PageCursorStore<string>(c.now);
  const cursor = store.issue("listing", 7);
  assert.match(cursor, /^pc:[0-9a-f]{16}$/);
  assert.deepEqual(store.require(cursor), { listing: "listing", offset: 7, storedAt: c.now() });
  assert.equal(store.require(cursor).offset, 7, "the same cursor, the same page");
  assert.equal(code(() => store.require("root.4")), "BadRequest");
  assert.equal(code(() => store.require("pc:0000000000000000")), "SnapshotExpired");
  c.advance(300_001);
  assert.equal(code(() => store.require(cursor)), "SnapshotExpired");
});

function capture(at: number): CachedCapture {
  return {
    tree: TREE,
    hash: "h",
    capturedAt: at,
    captureMs: 3,
    nodeCount: 1,
    namedNodeCount: 0,
    depth: 64,
    depthCut: false,
    cutShort: null,
  };
}

Deno.test("tree cache: TTL, 8 windows by recent use, counters", () => {
  const c = clock();
  const cache = new TreeCache(2000, c.now);
  cache.recordCapture("w0", capture(c.now()));
  assert.ok(cache.lookup("w0"));
  c.advance(2000);
  assert.equal(cache.lookup("w0"), null, "an entry as old as the TTL is a miss");
  assert.equal(cache.size, 0, "and is dropped");
  for (let i = 0; i < 8; i++) cache.recordCapture(`w${i}`, capture(c.now()));
  assert.ok(cache.lookup("w0"), "a hit refreshes recency");
  cache.recordCapture("w8", capture(c.now()));
  assert.equal(cache.peek("w1"), null, "the least recently used went");
  assert.ok(cache.peek("w0"));
  cache.invalidate("w0");
  assert.equal(cache.peek("w0"), null);
  assert.deepEqual(cache.counters(), {
    hits: 2,
    misses: 1,
    entries: 7,
    capture_count: 10,
    capture_ms_total: 30,
    capture_ms_max: 3,
    capture_ms_mean: 3,
  });
  cache.invalidate(null);
  assert.equal(cache.size, 0);
  assert.equal(Object.keys(cache.treeStats()).length, 9, "stats survive invalidation");
});
