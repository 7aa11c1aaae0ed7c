// Pairing an old node's children with a new node's children.
//
// Identity is (role, name). Within one identity, children whose whole
// subtree is unchanged pair up first (so an unchanged duplicate produces
// no change record), then the rest pair by position among equals. A pair
// is reported as moved only when it leaves the longest run of pairs that
// kept their relative order: siblings shifted by an insert or a removal
// are not moves.

import type { Element } from "../../model/tree.ts";
import type { Signatures } from "./signature.ts";

export interface Pair {
  oldIndex: number;
  newIndex: number;
  moved: boolean;
}

export interface ChildMatch {
  /** In old-child order. */
  pairs: Pair[];
  /** Old indices without a partner, ascending. */
  removed: number[];
  /** New indices without a partner, ascending. */
  added: number[];
}

function identity(e: Element): string {
  return `${e.role ?? ""}\u0000${e.name ?? ""}`;
}

function groupByIdentity(oldKids: Element[], newKids: Element[]) {
  const groups = new Map<string, { old: number[]; new: number[] }>();
  const groupOf = (e: Element) => {
    const key = identity(e);
    let g = groups.get(key);
    if (!g) groups.set(key, g = { old: [], new: [] });
    return g;
  };
  oldKids.forEach((e, i) => groupOf(e).old.push(i));
  newKids.forEach((e, i) => groupOf(e).new.push(i));
  return groups.values();
}

/**
 * Pairs duplicates: identical subtrees first (a common prefix and suffix in
 * order, then the rest by signature), then what is left in order.
 */
function pairDuplicates(
  oldIdx: number[],
  newIdx: number[],
  oldKids: Element[],
  newKids: Element[],
  partner: Int32Array,
  signature: Signatures,
): void {
  const same = (i: number, j: number) => signature(oldKids[i]) === signature(newKids[j]);
  let head = 0;
  const shorter = Math.min(oldIdx.length, newIdx.length);
  while (head < shorter && same(oldIdx[head], newIdx[head])) {
    partner[oldIdx[head]] = newIdx[head];
    head++;
  }
  let tail = 0;
  while (
    tail < shorter - head &&
    same(oldIdx[oldIdx.length - 1 - tail], newIdx[newIdx.length - 1 - tail])
  ) {
    partner[oldIdx[oldIdx.length - 1 - tail]] = newIdx[newIdx.length - 1 - tail];
    tail++;
  }
  const oldMiddle = oldIdx.slice(head, oldIdx.length - tail);
  const newMiddle = newIdx.slice(head, newIdx.length - tail);
  const bySignature = new Map<number, number[]>();
  for (const j of newMiddle) {
    const queue = bySignature.get(signature(newKids[j]));
    if (queue) queue.push(j);
    else bySignature.set(signature(newKids[j]), [j]);
  }
  const taken = new Set<number>();
  const leftOver: number[] = [];
  for (const i of oldMiddle) {
    const j = bySignature.get(signature(oldKids[i]))?.shift();
    if (j === undefined) leftOver.push(i);
    else {
      partner[i] = j;
      taken.add(j);
    }
  }
  const freeNew = newMiddle.filter((j) => !taken.has(j));
  leftOver.forEach((i, k) => {
    if (k < freeNew.length) partner[i] = freeNew[k];
  });
}

/** Positions (into `seq`) of one longest strictly increasing subsequence. */
function longestIncreasing(seq: number[]): Set<number> {
  const tails: number[] = []; // index into seq of the smallest tail of each length
  const prev = new Int32Array(seq.length).fill(-1);
  for (let i = 0; i < seq.length; i++) {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (seq[tails[mid]] < seq[i]) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1];
    tails[lo] = i;
  }
  const kept = new Set<number>();
  for (let i = tails.length > 0 ? tails[tails.length - 1] : -1; i >= 0; i = prev[i]) kept.add(i);
  return kept;
}

/** The common case: the same identities in the same places pair by position. */
function aligned(oldKids: Element[], newKids: Element[]): ChildMatch | null {
  if (oldKids.length !== newKids.length) return null;
  for (let i = 0; i < oldKids.length; i++) {
    if (oldKids[i].role !== newKids[i].role || oldKids[i].name !== newKids[i].name) return null;
  }
  const pairs = oldKids.map((_, i) => ({ oldIndex: i, newIndex: i, moved: false }));
  return { pairs, removed: [], added: [] };
}

export function matchChildren(
  oldKids: Element[],
  newKids: Element[],
  signature: Signatures,
): ChildMatch {
  const same = aligned(oldKids, newKids);
  if (same) return same;
  const partner = new Int32Array(oldKids.length).fill(-1);
  for (const g of groupByIdentity(oldKids, newKids)) {
    if (g.old.length === 0 || g.new.length === 0) continue;
    if (g.old.length === 1 && g.new.length === 1) partner[g.old[0]] = g.new[0];
    else pairDuplicates(g.old, g.new, oldKids, newKids, partner, signature);
  }
  const pairs: Pair[] = [];
  const removed: number[] = [];
  const hasPartner = new Uint8Array(newKids.length);
  for (let i = 0; i < oldKids.length; i++) {
    if (partner[i] < 0) removed.push(i);
    else {
      pairs.push({ oldIndex: i, newIndex: partner[i], moved: false });
      hasPartner[partner[i]] = 1;
    }
  }
  const inOrder = longestIncreasing(pairs.map((p) => p.newIndex));
  pairs.forEach((p, k) => (p.moved = !inOrder.has(k)));
  const added: number[] = [];
  for (let j = 0; j < newKids.length; j++) if (!hasPartner[j]) added.push(j);
  return { pairs, removed, added };
}
