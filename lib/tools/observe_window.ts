// observe_window: a full tree, a diff against a tree token (`since`), or
// the changes since the cached capture (`changed_only`). Every call
// mints a token for the tree it saw.

import { z } from "zod";
import { diffTrees } from "../formats/diff/index.ts";
import {
  type CacheUse,
  type Captured,
  captureTarget,
  captureWindow,
  targetWindow,
} from "../services/observe/capture.ts";
import type { Session } from "../runtime/session.ts";
import { requireToken, type StoredTree } from "../services/observe/tree_tokens.ts";
import { type Element, limitDepth } from "../model/tree.ts";
import { type ListedWindow, windowNamed } from "../formats/geometry/window_order.ts";
import { windowArgs } from "./shared/args.ts";
import { compactDiffView } from "../formats/compact/view.ts";
import { levelView } from "../formats/views/reuse.ts";
import { defineTool, READ_ONLY, type ToolResult } from "../runtime/registry.ts";
import {
  capturePerf,
  checkViewArgs,
  compactOf,
  degradedHint,
  DEPTH,
  depthUsed,
  DETAIL,
  FRESH,
  MAX_TOKENS,
  treeInCallSpace,
  VIEW,
  withDetail,
} from "./shared/tree_view_args.ts";
import { elementSchema, windowWarning } from "./shared/results.ts";
import {
  capturedTreeFields,
  capturePerfSchema,
  compactDiffFields,
  compactFields,
  depthTruncatedField,
  depthUsedField,
  treeChangesSchema,
} from "./shared/view_results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import type { SpaceMapping } from "../formats/geometry/coordinate_space.ts";

const observeInput = z.object({
  ...windowArgs,
  since: z.string().optional().describe(
    "A tree_token from an earlier capture: return only the changes since that tree, plus a " +
      "new tree_token. Without window arguments the token's own window is observed. Tokens " +
      "expire after 300 s (SnapshotExpired: observe again without since).",
  ),
  format: z.enum(["custom", "json-patch"]).default("custom").describe(
    "Diff format with since: custom (default; replace/add/remove/move records with " +
      "child-index paths) or json-patch (RFC 6902, turns the earlier tree into the current " +
      "one). changed_only always uses custom.",
  ),
  depth: DEPTH,
  fresh: FRESH,
  detail: DETAIL,
  view: VIEW,
  max_tokens: MAX_TOKENS,
  changed_only: z.boolean().default(false).describe(
    "true: only the changes since this server's last capture of the window (the full tree " +
      "when there was none). Ignored when since is given. Default false.",
  ),
  coordinate_space: coordinateSpaceArg,
});

type ObserveArgs = z.output<typeof observeInput>;

/** observe_window's answer in every mode: a full tree, or the changes since a tree. */
export const observeOutput = z.object({
  ...capturedTreeFields,
  tree_token: z.string().describe(
    "A token for the tree seen now: pass it as since (here or to wait_for's tree_changes) " +
      "for the changes since this call. Expires after 300 s.",
  ),
  perf: capturePerfSchema,
  ...windowWarning,
  ...spaceResultField,
  changed_only: z.literal(true).optional().describe("Present when changed_only was asked."),
  format: z.enum(["full", "custom", "json-patch", "compact"]).optional().describe(
    "What the answer holds: full (the whole tree, or compact with view compact), custom or " +
      "json-patch (`changes` in that format), compact (`compact_diff`). Absent when " +
      "changed_only found nothing changed.",
  ),
  base_token: z.string().nullable().optional().describe(
    "The since token the changes are against; null for a full tree. Absent on changed_only " +
      "diffs.",
  ),
  tree: elementSchema.optional().describe("format full, view tree: the window's tree."),
  ...compactFields,
  depth_used: depthUsedField.optional().describe(
    "format full: the depth the tree was cut to (levels below the root).",
  ),
  depth_truncated: depthTruncatedField.optional(),
  changes: treeChangesSchema.optional(),
  compact_diff: compactDiffFields.compact_diff,
  unchanged: z.boolean().optional().describe("A diff: true when nothing changed."),
}).describe("A window's tree, or what changed in it.");

/**
 * The window, its tree and the `since` token's tree: without window arguments
 * the token names the window.
 */
async function observed(session: Session, args: ObserveArgs, use: CacheUse) {
  if (args.since === undefined) return { ...await captureTarget(session, args, use), base: null };
  const hint = windowNamed(args) ? null : requireToken(session.tokens, args.since, null);
  const found = await captureTarget(session, hint ? { window_uid: hint.uid } : args, use);
  return { ...found, base: requireToken(session.tokens, args.since, found.window.window_uid) };
}

/** The fields every mode shares; records the capture as served and mints its token. */
function served(
  session: Session,
  window: ListedWindow,
  capture: Captured,
  depth: number,
  mapping: SpaceMapping,
  warning?: string,
): ToolResult {
  session.recordServed(window.window_uid, capture.tree);
  return {
    window: window.title,
    window_uid: window.window_uid,
    tree_hash: capture.hash,
    tree_token: session.tokens.mint(window.window_uid, capture.tree, capture.hash),
    perf: capturePerf(capture, depth),
    ...degradedHint(session, capture.namedNodeCount),
    ...spaceField(mapping),
    ...(warning ? { warning } : {}),
  };
}

async function full(
  capture: Captured,
  window: ListedWindow,
  depth: number,
  args: ObserveArgs,
  mapping: SpaceMapping,
): Promise<ToolResult> {
  const compact = args.view === "compact";
  // The kept level views: an unchanged window's view is the same object, and
  // so is its compact view. The compact view reads platform detail (editable,
  // toggle buttons, actions), so it is made of the full one.
  const { tree, truncated } = levelView(capture.tree, depth, compact ? "full" : args.detail);
  return {
    format: "full",
    ...(compact
      ? await compactOf(capture.tree, tree, window, args.max_tokens, mapping)
      : { tree: treeInCallSpace(tree, mapping) }),
    base_token: null,
    depth_used: depth,
    depth_truncated: truncated,
  };
}

/**
 * The changes from `before` to `after`: compact lines, or `changes` records of
 * `format`; their bounds and points in the call's space (the trees are mapped
 * before they are compared, so a change too small to show there is none).
 */
async function changesBetween(
  before: Element,
  after: Element,
  window: ListedWindow,
  args: ObserveArgs,
  format: ObserveArgs["format"],
  mapping: SpaceMapping,
): Promise<ToolResult> {
  if (args.view === "compact") {
    return { ...await compactDiffView(before, after, window.bounds, args.max_tokens, mapping) };
  }
  // The same capture (an unchanged window's): nothing to copy, map or compare.
  if (before === after) return { changes: [], unchanged: true };
  const changes = diffTrees(
    treeInCallSpace(withDetail(before, args.detail, "copy"), mapping),
    treeInCallSpace(withDetail(after, args.detail, "copy"), mapping),
    format,
  );
  return { changes, unchanged: changes.length === 0 };
}

/**
 * `tree` cut to the levels of an earlier tree that a depth limit cut (a
 * shallow structure listing): changes below them were never seen.
 */
function asDeepAs(tree: Element, depth: number): Element {
  return depth === Infinity ? tree : limitDepth(tree, depth).tree;
}

async function sinceDiff(
  args: ObserveArgs,
  base: StoredTree,
  capture: Captured,
  window: ListedWindow,
  mapping: SpaceMapping,
): Promise<ToolResult> {
  const now = asDeepAs(capture.tree, base.depth);
  const changes = await changesBetween(base.tree, now, window, args, args.format, mapping);
  return {
    format: args.view === "compact" ? "compact" : args.format,
    base_token: args.since,
    ...changes,
  };
}

export const observeWindowTool = defineTool({
  name: "observe_window",
  description: "Observe a window cheaply. Without `since`: the full tree (depth-limited) and a " +
    "tree_token. With `since` = an earlier tree_token: only the changes since that tree " +
    "(format custom: replace/add/remove/move records with child-index paths; format " +
    "json-patch: an RFC 6902 patch that turns the earlier tree into the current one), plus a " +
    "new tree_token; `unchanged` says nothing changed. An expired token (300 s) is an error: " +
    "observe again without `since`. changed_only: changes since the last capture of the window.",
  kind: "perception",
  input: observeInput,
  output: observeOutput,
  annotations: READ_ONLY,
  async run(args, { session }) {
    checkViewArgs(args);
    const depth = depthUsed(session, args.depth);
    const mapping = await callSpace(session, args.coordinate_space);
    if (args.since !== undefined || !args.changed_only) {
      const { window, warning, base, capture } = await observed(
        session,
        args,
        args.fresh ? "walk" : "allow",
      );
      return {
        ...served(session, window, capture, depth, mapping, warning),
        ...await (base
          ? sinceDiff(args, base, capture, window, mapping)
          : full(capture, window, depth, args, mapping)),
      };
    }
    // The baseline is the tree held before this call's capture.
    const { window, warning } = await targetWindow(session, args);
    const baseline = session.cache.peek(window.window_uid);
    const capture = await captureWindow(session, window, args.fresh ? "walk" : "current");
    const fields = {
      ...served(session, window, capture, depth, mapping, warning),
      changed_only: true,
    };
    if (!baseline) return { ...fields, ...await full(capture, window, depth, args, mapping) };
    const now = asDeepAs(capture.tree, baseline.depthCut ? baseline.depth : Infinity);
    const changes = await changesBetween(baseline.tree, now, window, args, "custom", mapping);
    // An unchanged changed_only result has no format key.
    if (changes.unchanged) return { ...fields, unchanged: true };
    return { ...fields, format: args.view === "compact" ? "compact" : "custom", ...changes };
  },
});
