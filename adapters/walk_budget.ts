// The node and time budget of an adapter's tree walk (CaptureLimits), shared
// by every adapter that walks a platform tree node by node.

import type { CaptureLimits, CutShort } from "./types.ts";
import type { Element } from "../lib/model/tree.ts";

export interface WalkBudget {
  limits: CaptureLimits;
  /** performance.now() after which no node is added. */
  deadline: number;
  /** Nodes added so far. */
  nodes: number;
  cutShort: CutShort;
}

/** Whether the walk may add another node; sets why not. */
export function roomForNode(walk: WalkBudget): boolean {
  if (walk.nodes >= walk.limits.maxNodes) {
    walk.cutShort = "nodes";
    return false;
  }
  if (performance.now() > walk.deadline) {
    walk.cutShort = "time";
    return false;
  }
  return true;
}

/** Marks a node whose `count` children the depth limit leaves out (none: nothing is cut). */
export function markDepthCut(walk: WalkBudget, node: Element, count: number): void {
  if (count <= 0) return;
  node.truncated = true;
  node.child_count = count;
  walk.cutShort ??= "depth";
}
