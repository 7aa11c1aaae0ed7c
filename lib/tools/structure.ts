// get_window_structure (spec/rest-api.md §2, observation.md §4, §11.1).

import { z } from "zod";
import { ToolError } from "../errors.ts";
import { captureWindow, targetWindow } from "../observe.ts";
import { countNodes, findById, limitDepth } from "../tree.ts";
import { windowArgs } from "./args.ts";
import { defineTool, READ_ONLY } from "./registry.ts";

export const structureInput = z.object({
  ...windowArgs,
  depth: z.number().int().optional(),
  scope: z.string().min(1).optional(),
});

export const getWindowStructureTool = defineTool({
  name: "get_window_structure",
  description:
    "Return a window's accessibility tree as JSON: every element has id, role, name, value, " +
    "enabled, focused, keyboard_shortcut and bounds {x, y, width, height} in absolute screen " +
    "pixels (click an element at x + width // 2, y + height // 2). `depth` limits levels " +
    "(nodes cut short carry truncated and child_count); `scope` returns one element's subtree. " +
    "Defaults to the focused window.",
  kind: "perception",
  input: structureInput,
  annotations: READ_ONLY,
  async run(args, { session }) {
    const { max_depth, default_depth, sparse_threshold } = session.config.tree;
    const { window, warning } = await targetWindow(session, args);
    const depthUsed = Math.min(Math.max(args.depth ?? default_depth, 0), max_depth);
    const capture = await captureWindow(session, window);
    const perf = {
      capture_ms: capture.captureMs,
      node_count: capture.nodeCount,
      cache: capture.cache,
      depth_used: depthUsed,
      ...(capture.cutShort && capture.cutShort !== "depth" ? { cut_short: capture.cutShort } : {}),
    };
    const common = {
      window: window.title,
      window_uid: window.window_uid,
      element_count: capture.nodeCount,
      tree_hash: capture.hash,
      ...(warning ? { warning } : {}),
    };
    if (args.scope !== undefined) {
      const scoped = findById(capture.tree, args.scope);
      if (!scoped) {
        throw new ToolError("ElementNotFound", `no element with id '${args.scope}' to scope to`, {
          scope: args.scope,
          window_uid: window.window_uid,
        });
      }
      const { tree } = limitDepth(scoped, depthUsed);
      session.recordServed(window.window_uid, capture.tree);
      stripMarkers(tree);
      return {
        ...common,
        scope: args.scope,
        node_count: countNodes(tree),
        tree,
        tree_token: null,
        depth_used: depthUsed,
        perf,
      };
    }
    const { tree, truncated } = limitDepth(capture.tree, depthUsed);
    session.recordServed(window.window_uid, capture.tree);
    const degraded = capture.namedNodeCount < sparse_threshold
      ? {
        degraded: {
          reason: "sparse_accessibility_tree",
          named_node_count: capture.namedNodeCount,
          threshold: sparse_threshold,
          suggested_fallbacks: ["get_ocr", "get_screen_description"],
        },
      }
      : {};
    return {
      ...common,
      node_count: countNodes(tree),
      tree,
      tree_token: session.tokens.mint(window.window_uid, capture.tree, capture.hash),
      truncated: false,
      next_cursor: null,
      depth_used: depthUsed,
      depth_truncated: truncated,
      perf,
      ...degraded,
    };
  },
});

/** Scoped results carry no truncation markers (conflicts.md Q20). */
function stripMarkers(node: { truncated?: boolean; child_count?: number; children: unknown[] }) {
  delete node.truncated;
  delete node.child_count;
  for (const c of node.children) stripMarkers(c as typeof node);
}
