// The arguments and answers every tree-reading tool shares (get_window_structure,
// observe_window, get_desktop_tree): depth, view, detail, freshness, token budget,
// and the tree in the call's coordinate space.

import { z } from "zod";
import { ToolError } from "../../model/errors.ts";
import { copyTree, type Element, PLATFORM_DETAIL, stripDetail } from "../../model/tree.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import { refsOf } from "../../formats/views/refs.ts";
import { type CompactView, compactView } from "../../formats/compact/view.ts";
import type { Session } from "../../runtime/session.ts";
import type { ToolResult } from "../../model/tool_call.ts";
import { KeptPerObject } from "../../support/lru_cache.ts";
import type { SpaceMapping } from "../../formats/geometry/coordinate_space.ts";
import { mappingKey, treeInSpace } from "../../formats/geometry/in_space.ts";
import { sanitizedForReuse } from "../../model/untrusted.ts";
import { reuseTreeJsonOf } from "../../model/json_text.ts";
import type { Captured } from "../../services/observe/capture.ts";

/** Levels of a window's tree to return (get_window_structure, observe_window). */
export const DEPTH = z.number().int().optional().describe(
  "Levels below the root to return, counted in levels a person sees: an unnamed layout " +
    "container (a Pane or Group without name, value, text or actions, such as GTK's filler " +
    "and panel) sits on its parent's level and is returned without using one up. Clamped to " +
    "0..tree.max_depth (64 unless configured); default tree.default_depth (5 unless " +
    "configured), which reaches every control of typical windows. Nodes cut short carry " +
    "truncated and child_count.",
);

/** How a window's tree is answered (get_window_structure, observe_window). */
export const VIEW = z.enum(["tree", "compact"]).optional().describe(
  "tree (default): the elements as JSON. compact: `compact`, a text for language models, " +
    "one line per element: indentation for nesting, its ref (e12; element verbs, scope and " +
    "focus_element take it as element_id), role, name, = text, the states that matter " +
    "(focused, disabled, checked, selected, expanded, collapsed), @x,y (the point to click, " +
    "the centre, in the answer's coordinate_space; containers add their size WxH), and +N hidden (named or interactive elements below it " +
    "that are not on screen). Layout containers without a name are left out, their children " +
    "shown in their place; unnamed single-child containers give way to their child; " +
    "separators and unnamed icons are dropped.",
);

/** The compact view's token budget. */
export const MAX_TOKENS = z.number().int().min(1).max(1_000_000).optional().describe(
  "With view compact: at most this many cl100k tokens. Lines are left out least important " +
    "first (containers, then texts, then unnamed or disabled controls; the controls an agent " +
    "needs last) and a closing line says what was left out; `tokens` is the count. Only " +
    "with view compact.",
);

/** Refuses view arguments that do not go together. */
export function checkViewArgs(args: { view?: string; max_tokens?: number }): void {
  if (args.max_tokens !== undefined && args.view !== "compact") {
    throw new ToolError("BadRequest", "max_tokens applies to view compact only", {
      max_tokens: args.max_tokens,
    });
  }
}

/**
 * The compact view of `tree`, a part of `capture` (refs count over the whole
 * capture), its points and sizes in the call's space.
 */
export function compactOf(
  capture: Element,
  tree: Element,
  window: ListedWindow,
  maxTokens: number | undefined,
  mapping: SpaceMapping,
): Promise<CompactView> {
  const key = `${maxTokens} ${JSON.stringify(window.bounds)}${mappingKey(mapping)}`;
  const kept = compacted.get(tree, key);
  if (kept?.capture === capture) return kept.view;
  const view = compactView(tree, {
    refs: refsOf(capture),
    area: window.bounds,
    maxTokens,
    mapping,
  });
  compacted.set(tree, key, { capture, view }, view);
  return view;
}

/**
 * Compact views made of a tree view, by budget, window place and space: an unchanged
 * window's view is the same object (reuse.ts), and so is its compact view.
 */
const compacted = new KeptPerObject<Element, { capture: Element; view: Promise<CompactView> }>(4);

/** Trees mapped to a space, per tree served and mapping: an unchanged window is mapped once. */
const mappedTrees = new KeptPerObject<Element, Element>(2);

/**
 * A tree served (its view, never changed once made) in the call's space: in
 * the screen's, the tree itself; in another, a copy made once per tree and
 * space, kept sanitized and with its JSON text, as the views are.
 */
export function treeInCallSpace(tree: Element, mapping: SpaceMapping): Element {
  const key = mappingKey(mapping);
  if (key === "") return tree;
  let mapped = mappedTrees.get(tree, key);
  if (mapped === undefined) {
    mapped = sanitizedForReuse(treeInSpace(tree, mapping));
    reuseTreeJsonOf(mapped);
    mappedTrees.set(tree, key, mapped);
  }
  return mapped;
}

/** Whether elements carry the platform detail (tree.ts PLATFORM_DETAIL). */
export const DETAIL = z.enum(["basic", "full"]).optional().describe(
  "basic (default): the element fields every adapter has. full: also the platform's detail " +
    "where the adapter reads it: platform_role (AT-SPI role name), states (booleans: enabled, " +
    "sensitive, showing, visible, focusable, focused, editable, checkable, checked, " +
    "expandable, expanded, selectable, selected, multi_line, modal, active always; any other " +
    "set state as true), text (Text interface content), value_step, attributes (object " +
    "attributes), actions ({name, description, key_binding}) and interfaces.",
);

/**
 * `tree` without platform detail unless `detail` is full: stripped in place
 * when the caller owns it, else in a copy ("copy"; the tree itself when it
 * carries no detail, as on the mock).
 */
export function withDetail(
  tree: Element,
  detail: "basic" | "full" | undefined,
  owner: "mine" | "copy" = "mine",
): Element {
  if (detail === "full" || !PLATFORM_DETAIL.some((key) => key in tree)) return tree;
  return stripDetail(owner === "mine" ? tree : copyTree(tree, { maxDepth: Infinity }).tree);
}

/** Shared by structure and observe: walk the window instead of answering from a cache or mirror. */
export const FRESH = z.boolean().default(false).describe(
  "true: walk the window now. Otherwise the answer may come from the tree cache (up to " +
    "tree.cache_ttl_s old, 2 s unless configured) or, on Linux (tree.live_mirror, on by " +
    "default), from the adapter's mirror kept current by accessibility events (never older " +
    "than the last event received before the call). The new tree replaces the cached one. " +
    "(structure " +
    "ignores it with page_cursor.) Default false.",
);

/** The requested depth clamped to [0, tree.max_depth], else tree.default_depth. */
export function depthUsed(session: Session, depth: number | undefined): number {
  const { max_depth, default_depth } = session.config.tree;
  return Math.min(Math.max(depth ?? default_depth, 0), max_depth);
}

/** What the capture behind a tree cut to `depth` cost (view_results.ts capturePerfSchema). */
export function capturePerf(capture: Captured, depth: number) {
  return {
    capture_ms: capture.captureMs,
    ...(capture.appMs === undefined ? {} : { app_ms: capture.appMs }),
    node_count: capture.nodeCount,
    cache: capture.cache,
    depth_used: depth,
  };
}

/** A tree with too few named nodes to act on: say so, and which tools read the pixels. */
export function degradedHint(session: Session, namedNodeCount: number): ToolResult {
  const threshold = session.config.tree.sparse_threshold;
  if (namedNodeCount >= threshold) return {};
  return {
    degraded: {
      reason: "sparse_accessibility_tree",
      named_node_count: namedNodeCount,
      threshold,
      suggested_fallbacks: ["get_ocr", "get_screen_description"],
    },
  };
}
