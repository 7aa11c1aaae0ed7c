// Walks a window into the service's Element tree within the capture limits
// (depth, nodes, time; the deadline is checked before each node). Children
// keep the order TreeNode.children gives, so an element id ("root.3.2") is
// also the path back to it (operations.ts).

import { type Capture, type CaptureLimits, captureMsSince, WindowGoneError } from "../../types.ts";
import { assignIds, type Element } from "../../../lib/model/tree.ts";
import { WindowNode } from "./accessible_nodes.ts";
import type { TreeNode, WalkContext } from "./tree_node.ts";
import { focusedWindow, isWindow } from "./win32_controls.ts";
import { foregroundWindow } from "../win32/windows.ts";
import { markDepthCut, roomForNode, type WalkBudget } from "../../walk_budget.ts";

export function walkContext(): WalkContext {
  return { focus: focusedWindow(), foreground: foregroundWindow() };
}

/** Adds `node`'s children below `element`; false once a limit stopped the walk. */
function walkChildren(walk: WalkBudget, node: TreeNode, element: Element, depth: number): boolean {
  if (depth >= walk.limits.maxDepth) {
    markDepthCut(walk, element, node.childCount());
    return true;
  }
  // One more than there is room for, so that a list the node limit cuts says so.
  const children = node.children(Math.max(0, walk.limits.maxNodes - walk.nodes) + 1);
  try {
    for (const child of children) {
      if (!roomForNode(walk)) return false;
      walk.nodes++;
      const childElement = child.describe();
      element.children.push(childElement);
      if (!walkChildren(walk, child, childElement, depth + 1)) return false;
    }
    return true;
  } finally {
    for (const child of children) child.dispose();
  }
}

/** Walks `root` and below within `limits` (the caller disposes `root`); ids are assigned. */
export function walkTree(
  root: TreeNode,
  limits: CaptureLimits,
): Pick<Capture, "root" | "nodeCount" | "cutShort"> {
  const walk: WalkBudget = {
    limits,
    deadline: performance.now() + limits.timeoutMs,
    nodes: 1,
    cutShort: null,
  };
  const element = root.describe();
  walkChildren(walk, root, element, 0);
  return { root: assignIds(element), nodeCount: walk.nodes, cutShort: walk.cutShort };
}

/** The tree of top-level window `hwnd`; WindowGoneError when it is not (or no longer) a window. */
export function captureWindow(hwnd: bigint, handle: string, limits: CaptureLimits): Capture {
  if (!isWindow(hwnd)) throw new WindowGoneError(handle);
  const started = performance.now();
  const root = new WindowNode(hwnd, true, walkContext());
  try {
    const walked = walkTree(root, limits);
    // A window that closed during the walk leaves a tree of whatever was read before.
    if (!isWindow(hwnd)) throw new WindowGoneError(handle);
    return { ...walked, captureMs: captureMsSince(started) };
  } finally {
    root.dispose();
  }
}
