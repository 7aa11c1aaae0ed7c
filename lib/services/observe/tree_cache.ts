// Per-window tree cache: TTL, LRU capacity 8, cumulative counters, and
// last-capture stats that survive invalidation.

import type { Element } from "../../model/tree.ts";
import type { CutShort } from "../../../adapters/types.ts";

export interface CachedCapture {
  tree: Element;
  hash: string;
  capturedAt: number; // epoch ms
  captureMs: number;
  /** Of captureMs, the application's own time answering the walk (the adapter's Capture.appMs). */
  appMs?: number;
  nodeCount: number;
  namedNodeCount: number;
  /** Levels walked below the root. */
  depth: number;
  /** Whether that depth left nodes out (a deeper request must walk again). */
  depthCut: boolean;
  /** Which limit, if any, cut the walk short (the adapter's Capture.cutShort). */
  cutShort: CutShort;
  /** The adapter's version of a tree it keeps current from events (Capture.version). */
  version?: string;
}

export interface CaptureStats {
  captured_at: number; // epoch seconds
  capture_ms: number;
  node_count: number;
  named_node_count: number;
}

const CAPACITY = 8;
const STATS_CAPACITY = 64;

export class TreeCache {
  private readonly entries = new Map<string, CachedCapture>();
  private readonly stats = new Map<string, CaptureStats>();
  hits = 0;
  misses = 0;
  captureCount = 0;
  captureMsTotal = 0;
  captureMsMax = 0;

  constructor(private readonly ttlMs: number, private readonly now: () => number = Date.now) {}

  /**
   * A fresh entry at least `depth` deep (a hit, refreshing recency) or null (a
   * miss; an expired entry is dropped).
   */
  lookup(uid: string, depth = Infinity): CachedCapture | null {
    const entry = this.entries.get(uid);
    if (
      entry && this.now() - entry.capturedAt < this.ttlMs &&
      (entry.depth >= depth || !entry.depthCut)
    ) {
      this.countHit(uid, entry);
      return entry;
    }
    if (entry) this.entries.delete(uid);
    this.misses++;
    return null;
  }

  /** Counts a hit on an entry the adapter vouched for as current, refreshing its recency. */
  confirm(uid: string): void {
    const entry = this.entries.get(uid);
    if (entry) this.countHit(uid, entry);
  }

  /** A hit: counted, and the entry becomes the most recently used. */
  private countHit(uid: string, entry: CachedCapture): void {
    this.hits++;
    this.entries.delete(uid);
    this.entries.set(uid, entry);
  }

  /** The entry regardless of age, without touching counters or recency. */
  peek(uid: string): CachedCapture | null {
    return this.entries.get(uid) ?? null;
  }

  /** Records a fresh walk: counters and stats always, the entry when there is a uid. */
  recordCapture(uid: string | null, capture: CachedCapture): void {
    this.countWalk(capture.captureMs);
    if (uid === null) return;
    this.entries.delete(uid);
    this.entries.set(uid, capture);
    while (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    this.stats.delete(uid);
    this.stats.set(uid, {
      captured_at: capture.capturedAt / 1000,
      capture_ms: capture.captureMs,
      node_count: capture.nodeCount,
      named_node_count: capture.namedNodeCount,
    });
    while (this.stats.size > STATS_CAPACITY) this.stats.delete(this.stats.keys().next().value!);
  }

  /** Counts a walk of the platform's tree (the cumulative capture counters). */
  countWalk(captureMs: number): void {
    this.captureCount++;
    this.captureMsTotal += captureMs;
    this.captureMsMax = Math.max(this.captureMsMax, captureMs);
  }

  invalidate(uid: string | null): void {
    if (uid === null) this.entries.clear();
    else this.entries.delete(uid);
  }

  get size(): number {
    return this.entries.size;
  }

  treeStats(): Record<string, CaptureStats> {
    return Object.fromEntries(this.stats);
  }

  counters() {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.entries.size,
      capture_count: this.captureCount,
      capture_ms_total: this.captureMsTotal,
      capture_ms_max: this.captureMsMax,
      capture_ms_mean: this.captureCount === 0
        ? 0.0
        : Math.round((this.captureMsTotal / this.captureCount) * 100) / 100,
    };
  }
}
