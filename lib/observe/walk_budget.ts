// The node and time budget of an adapter's tree walk (CaptureLimits), shared
// by every adapter that walks a platform tree node by node.

import type { CaptureLimits, CutShort } from "../../adapters/types.ts";

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
