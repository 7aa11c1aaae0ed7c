// Snapshots: every window and its tree at one moment, kept in memory (TTL
// 300 s, 32 by least-recent use), and the diff of two of them.

import {
  type CustomChange,
  type DiffFormat,
  diffTrees,
  type PatchOperation,
} from "../../formats/diff/index.ts";
import type { Element, WindowInfo } from "../../model/tree.ts";
import { randomHex } from "../../model/hex.ts";

const TTL_MS = 300_000;
const CAPACITY = 32;

export interface Snapshot {
  snapshot_id: string;
  /** Epoch seconds, not milliseconds. */
  ts: number;
  windows: WindowInfo[];
  trees: Record<string, Element>;
  tree_hashes: Record<string, string>;
}

export class SnapshotStore {
  private readonly entries = new Map<string, Snapshot>();

  constructor(private readonly now: () => number = Date.now) {}

  add(content: Omit<Snapshot, "snapshot_id" | "ts">): Snapshot {
    this.purgeExpired();
    const id = "snap:" + randomHex(8);
    const snapshot = { snapshot_id: id, ts: this.now() / 1000, ...content };
    this.entries.set(id, snapshot);
    while (this.entries.size > CAPACITY) this.entries.delete(this.entries.keys().next().value!);
    return snapshot;
  }

  /** The snapshot, refreshed as most recently used; null when unknown or expired. */
  get(id: string): Snapshot | null {
    this.purgeExpired();
    const snapshot = this.entries.get(id);
    if (!snapshot) return null;
    this.entries.delete(id);
    this.entries.set(id, snapshot);
    return snapshot;
  }

  drop(id: string): boolean {
    this.purgeExpired();
    return this.entries.delete(id);
  }

  private purgeExpired(): void {
    const limit = this.now() / 1000 - TTL_MS / 1000;
    for (const [id, snapshot] of this.entries) if (snapshot.ts < limit) this.entries.delete(id);
  }
}

export interface SnapshotDiff {
  windows_added: string[];
  windows_removed: string[];
  per_window_changes: Record<
    string,
    { format: DiffFormat; changes: CustomChange[] | PatchOperation[]; unchanged: boolean }
  >;
}

function uidsOf(s: Snapshot): Set<string> {
  return new Set(s.windows.map((w) => w.window_uid).filter((uid) => uid !== ""));
}

export function diffSnapshots(a: Snapshot, b: Snapshot, format: DiffFormat): SnapshotDiff {
  const before = uidsOf(a);
  const after = uidsOf(b);
  const perWindow: SnapshotDiff["per_window_changes"] = {};
  for (const uid of [...after].filter((u) => before.has(u)).sort()) {
    const [oldTree, newTree] = [a.trees[uid], b.trees[uid]];
    if (!oldTree || !newTree) continue;
    const changes = diffTrees(oldTree, newTree, format);
    perWindow[uid] = { format, changes, unchanged: changes.length === 0 };
  }
  return {
    windows_added: [...after].filter((u) => !before.has(u)).sort(),
    windows_removed: [...before].filter((u) => !after.has(u)).sort(),
    per_window_changes: perWindow,
  };
}
