// Walks a window's UI Automation tree into the service's Element tree,
// bounded by depth, node count and time. Each level's children come from one
// FindAllBuildCache on their parent, which brings every property a node needs
// in that one round trip; a node's properties are then read from the cache
// in-process. When the cache fails (a provider that cannot build it) the
// level, or the node, is read live instead, a round trip a property.
// Children keep their FindAll index as their position, so an element id
// ("root.3.2") is also the path back to the element (operations.ts).

import { assignIds, type Element } from "../../../lib/model/tree.ts";
import {
  AppNotRespondingError,
  type Capture,
  type CaptureLimits,
  WindowGoneError,
} from "../../types.ts";
import { release } from "../com/vtable.ts";
import { type ElementArray, timedOut, type UiaClient } from "./automation.ts";
import { type PropertySource, readFacts } from "./facts.ts";
import { elementFromFacts, unreadableNode } from "./node.ts";
import { markDepthCut, roomForNode, type WalkBudget } from "../../walk_budget.ts";
import { captureMsSince, withUnresponsive } from "../../types.ts";

interface Walk extends WalkBudget {
  client: UiaClient;
  /** UIA gave up on the application: nothing more is asked of it. */
  unresponsive: boolean;
}

/** Notes an error that ends what a walk may ask: an application that did not answer. */
function noteFailure(walk: Walk, error: unknown): void {
  if (!timedOut(error)) return;
  walk.unresponsive = true;
  walk.cutShort = withUnresponsive(walk.cutShort);
}

/** The element's node, from the cache when it has one, else live; null when neither reads. */
function describe(walk: Walk, element: Deno.PointerObject, source: PropertySource): Element | null {
  const sources: PropertySource[] = source === "cached" ? ["cached", "current"] : ["current"];
  for (const from of sources) {
    try {
      return elementFromFacts(readFacts(element, from));
    } catch (e) {
      noteFailure(walk, e);
      if (walk.unresponsive) return null;
    }
  }
  return null;
}

/** The element's children with their properties cached, else live; null when neither lists. */
function listChildren(
  walk: Walk,
  element: Deno.PointerObject,
): { list: ElementArray; source: PropertySource } | null {
  for (const source of ["cached", "current"] as const) {
    try {
      return { list: walk.client.children(element, source === "cached"), source };
    } catch (e) {
      noteFailure(walk, e);
      if (walk.unresponsive) return null;
    }
  }
  return null;
}

/** Marks a node at the depth limit that has children (counted with a FindAll). */
function cutAtDepth(walk: Walk, element: Deno.PointerObject, node: Element): void {
  let count = 0;
  try {
    const list = walk.client.children(element, false);
    count = list.length;
    list.release();
  } catch (e) {
    noteFailure(walk, e);
  }
  markDepthCut(walk, node, count);
}

/** Adds the element's children below `node`; false once a limit stopped the walk. */
function walkChildren(
  walk: Walk,
  element: Deno.PointerObject,
  node: Element,
  depth: number,
): boolean {
  if (depth >= walk.limits.maxDepth) {
    cutAtDepth(walk, element, node);
    return !walk.unresponsive;
  }
  const listed = listChildren(walk, element);
  if (listed === null) {
    node.truncated = true; // children unread
    return !walk.unresponsive;
  }
  try {
    for (let i = 0; i < listed.list.length; i++) {
      if (!roomForNode(walk)) return false;
      let child: Deno.PointerObject;
      try {
        child = listed.list.element(i);
      } catch (e) {
        noteFailure(walk, e);
        node.truncated = true; // the rest of the children unread
        return !walk.unresponsive;
      }
      walk.nodes++;
      try {
        const childNode = describe(walk, child, listed.source);
        node.children.push(childNode ?? unreadableNode());
        if (walk.unresponsive) return false;
        if (childNode !== null && !walkChildren(walk, child, childNode, depth + 1)) return false;
      } finally {
        release(child);
      }
    }
    return true;
  } finally {
    listed.list.release();
  }
}

/**
 * The window's tree within `limits`. Throws WindowGoneError when `hwnd` is
 * no window, AppNotRespondingError when its application does not answer.
 */
export function captureWindow(
  client: UiaClient,
  hwnd: bigint,
  handle: string,
  limits: CaptureLimits,
): Capture {
  const started = performance.now();
  const walk: Walk = {
    client,
    limits,
    deadline: started + limits.timeoutMs,
    nodes: 1,
    cutShort: null,
    unresponsive: false,
  };
  let source: PropertySource = "cached";
  let element: Deno.PointerObject;
  try {
    element = client.elementFromHandle(hwnd, handle, true);
  } catch (e) {
    if (e instanceof WindowGoneError || e instanceof AppNotRespondingError) throw e;
    // The cache failed: read the window live.
    source = "current";
    element = client.elementFromHandle(hwnd, handle, false);
  }
  try {
    const root = describe(walk, element, source) ?? unreadableNode();
    if (!walk.unresponsive && root.truncated !== true) walkChildren(walk, element, root, 0);
    return {
      root: assignIds(root),
      nodeCount: walk.nodes,
      captureMs: captureMsSince(started),
      cutShort: walk.cutShort,
    };
  } finally {
    release(element);
  }
}
