// get_window_structure: depth limit or scope, then filters, then paging by
// opaque cursor.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { earlyCapture, screenOf, targetWindow } from "../services/observe/capture.ts";
import { PageCursorStore } from "../formats/structure/page_cursors.ts";
import { perSession } from "../support/per_session.ts";
import type { Session } from "../runtime/session.ts";
import { filterTree } from "../formats/structure/filter.ts";
import { flatten, pageAt } from "../formats/structure/paging.ts";
import {
  compileFilter,
  conflictingKeys,
  type ListingQuery,
  listingQuery,
} from "../formats/structure/query.ts";
import { countNodes, type Element, findById } from "../model/tree.ts";
import { visibleRegions } from "../formats/geometry/visibility.ts";
import { limitLevels } from "../formats/views/levels.ts";
import { levelView } from "../formats/views/reuse.ts";
import { positionalId } from "../formats/views/refs.ts";
import { type ListedWindow, windowNamed } from "../formats/geometry/window_order.ts";
import { windowArgs } from "./shared/args.ts";
import { turnFor } from "../model/turns.ts";
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
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import { parseSpace, spaceName } from "../formats/geometry/coordinate_space.ts";
import {
  capturedTreeFields,
  capturePerfSchema,
  compactFields,
  cutShortSchema,
  depthTruncatedField,
  depthUsedField,
} from "./shared/view_results.ts";

const roleList = z.array(
  z.string().min(1).max(100).describe("A role, exactly as in the tree: Button, Edit, MenuItem..."),
).max(100);

/** A filter drops a node only when no descendant passes (and, with prune_empty, containers). */
const FILTER = "Nodes that fail a filter stay when a descendant passes.";

export const structureInput = z.object({
  ...windowArgs,
  depth: DEPTH,
  fresh: FRESH,
  scope: z.string().min(1).optional().describe(
    "An element id (e.g. root.1.0) or a compact view's ref (e.g. e12): return only its " +
      "subtree, depth counted from it " +
      "(ElementNotFound when it is not in the tree).",
  ),
  roles: roleList.optional().describe(
    `Keep nodes whose role is one of these (at most 100). ${FILTER}`,
  ),
  exclude_roles: roleList.optional().describe(
    `Keep nodes whose role is none of these (at most 100). ${FILTER}`,
  ),
  name_regex: z.string().max(1000).optional().describe(
    "Keep nodes whose name matches: Python re syntax, searched anywhere; lookaround and " +
      `backreferences are refused. At most 1000 characters. ${FILTER}`,
  ),
  visible_only: z.boolean().optional().describe(
    "true: keep nodes at least partly visible on screen (not covered by other windows). " +
      `${FILTER} Default false.`,
  ),
  max_text_len: z.number().int().min(1).optional().describe(
    "Shorten names and values to this many characters (a cut text ends with …). Default: " +
      "full text.",
  ),
  prune_empty: z.boolean().optional().describe(
    "true: also drop containers left with no children by the filters. Default false.",
  ),
  max_nodes: z.number().int().min(1).optional().describe(
    "Page size: at most this many nodes per page, in pre-order; next_cursor then names the " +
      "next page. Default: everything in one answer.",
  ),
  detail: DETAIL,
  view: VIEW,
  max_tokens: MAX_TOKENS,
  page_cursor: z.string().optional().describe(
    "next_cursor from an earlier page: returns that page of the same listing (300 s; other " +
      "arguments must match the listing's or be omitted).",
  ),
  coordinate_space: coordinateSpaceArg,
});

type StructureArgs = z.output<typeof structureInput>;

/** get_window_structure's answer (get_element_tree's too): a page of the tree, or its compact view. */
export const structureOutput = z.object({
  ...capturedTreeFields,
  element_count: z.number().int().describe("Nodes in the whole captured tree."),
  ...windowWarning,
  ...spaceResultField,
  scope: z.string().optional().describe("With scope: the element whose subtree this is."),
  tree_token: z.string().nullable().describe(
    "A token for the tree seen now (observe_window's since); null with scope.",
  ),
  depth_used: depthUsedField,
  depth_truncated: depthTruncatedField.optional().describe(
    "Without scope: whether the depth limit cut nodes off (those carry truncated and " +
      "child_count).",
  ),
  perf: capturePerfSchema.extend({
    cut_short: cutShortSchema.optional().describe(
      "Why the capture stopped early: depth, nodes (tree.max_nodes), time " +
        "(tree.capture_timeout_ms) or unresponsive.",
    ),
  }).describe("The capture's cost (a later page: capture_ms 0, cache hit)."),
  node_count: z.number().int().describe("Nodes in this answer (this page), after the filters."),
  tree: elementSchema.optional().describe(
    'view tree: the tree, filtered; with max_nodes, a page: a "[paged]" Group (id ' +
      "page-root) whose children are the page's nodes in pre-order, flat.",
  ),
  ...compactFields,
  truncated: z.boolean().describe("More pages follow (next_cursor names the next)."),
  next_cursor: z.string().nullable().describe(
    "Pass as page_cursor for the next page (300 s); null on the last page.",
  ),
}).describe("A window's accessibility tree.");

/** What later pages of one listing are served from. */
interface Listing {
  windowUid: string;
  capture: Element;
  nodes: Element[];
  query: ListingQuery;
  fields: ToolResult;
}

const cursors = perSession(() => new PageCursorStore<Listing>());

/** Scoped results carry no truncation markers. */
function stripMarkers(node: Element): void {
  delete node.truncated;
  delete node.child_count;
  for (const c of node.children) stripMarkers(c);
}

async function regionsOf(session: Session, window: ListedWindow) {
  const above = await session.adapter.windowsAbove(window.handle);
  return visibleRegions(window.bounds, await screenOf(session), above);
}

/** One page of a stored listing, and the cursor of the next one. */
function servePage(session: Session, listing: Listing, offset: number, maxNodes?: number) {
  const page = pageAt(listing.nodes, offset, maxNodes);
  session.recordServed(listing.windowUid, listing.capture);
  return {
    ...listing.fields,
    node_count: page.nodeCount,
    tree: page.tree,
    truncated: page.next !== null,
    next_cursor: page.next === null ? null : cursors(session).issue(listing, page.next),
  };
}

async function nextPage(session: Session, args: StructureArgs, cursor: string) {
  const { listing, offset } = cursors(session).require(cursor);
  const depth = args.depth === undefined ? undefined : depthUsed(session, args.depth);
  const conflicts = conflictingKeys(args, depth, listing.query);
  if (conflicts.length > 0) {
    throw new ToolError(
      "BadRequest",
      `page_cursor belongs to a listing with other ${conflicts.join(", ")}`,
      { page_cursor: cursor },
    );
  }
  if (windowNamed(args)) {
    const { window } = await targetWindow(session, args);
    if (window.window_uid !== listing.windowUid) {
      throw new ToolError("BadRequest", `page_cursor belongs to window ${listing.windowUid}`, {
        page_cursor: cursor,
        window_uid: window.window_uid,
      });
    }
  }
  // A listing is in one space: the one it was made in, whatever the session's is now.
  const space = listing.fields.coordinate_space;
  const asked = args.coordinate_space === undefined
    ? space
    : spaceName(parseSpace(args.coordinate_space));
  if (asked !== space) {
    throw new ToolError("BadRequest", `page_cursor belongs to a listing in ${space}`, {
      page_cursor: cursor,
      coordinate_space: space,
    });
  }
  const fields = {
    ...listing.fields,
    perf: { ...(listing.fields.perf as object), capture_ms: 0, cache: "hit" },
  };
  return servePage(session, { ...listing, fields }, offset, args.max_nodes);
}

export const getWindowStructureTool = defineTool({
  name: "get_window_structure",
  description:
    "Return a window's accessibility tree as JSON: every element has id, role, name, value, " +
    "enabled, focused, keyboard_shortcut and bounds {x, y, width, height} in the " +
    "coordinate_space the answer names (absolute screen pixels unless one is given or set; " +
    "click an element at its centre, x + width / 2, y + height / 2). `depth` limits levels " +
    "(nodes cut short carry truncated and child_count); `scope` returns one element's subtree. " +
    "Filters keep matching nodes and the containers on their path: roles, exclude_roles, " +
    "name_regex (Python regex, search), visible_only; prune_empty also drops containers left " +
    "empty; max_text_len shortens names and values. max_nodes pages the result in pre-order: " +
    "pass next_cursor back as page_cursor for the next page. Defaults to the focused window.",
  kind: "perception",
  input: structureInput,
  output: structureOutput,
  annotations: READ_ONLY,
  async run(args, { session }) {
    checkViewArgs(args);
    if (args.view === "compact" && (args.max_nodes ?? args.page_cursor) !== undefined) {
      throw new ToolError(
        "BadRequest",
        "max_nodes and page_cursor page the tree view; view compact takes max_tokens",
      );
    }
    if (args.page_cursor !== undefined) return nextPage(session, args, args.page_cursor);
    const captureOf = earlyCapture(session, args, args.fresh ? "walk" : "allow");
    const mapping = await callSpace(session, args.coordinate_space);
    const { window, warning } = await targetWindow(session, args);
    const depth = depthUsed(session, args.depth);
    const filter = await compileFilter(
      args,
      () => regionsOf(session, window),
      session.config.limits.regex_length,
    );
    const capture = await captureOf(window);
    const scopeId = args.scope === undefined ? undefined : positionalId(
      args.scope,
      session.lastServed(window.window_uid),
      capture.tree,
    );
    await turnFor(capture.nodeCount);
    session.recordServed(window.window_uid, capture.tree);
    const perf = {
      ...capturePerf(capture, depth),
      ...(capture.cutShort ? { cut_short: capture.cutShort } : {}),
    };
    const common = {
      window: window.title,
      window_uid: window.window_uid,
      element_count: capture.nodeCount,
      tree_hash: capture.hash,
      ...spaceField(mapping),
      ...(warning ? { warning } : {}),
    };
    let limited: Element;
    let fields: ToolResult;
    if (scopeId !== undefined) {
      const scoped = scopeId === null ? null : findById(capture.tree, scopeId);
      if (!scoped) {
        throw new ToolError("ElementNotFound", `no element with id '${args.scope}' to scope to`, {
          scope: args.scope,
          window_uid: window.window_uid,
        });
      }
      limited = withDetail(limitLevels(scoped, depth).tree, args.detail);
      stripMarkers(limited);
      fields = { ...common, scope: args.scope, tree_token: null, depth_used: depth, perf };
    } else {
      // Made once per tree, depth and detail (an unchanged window's answer is the same view).
      const { tree, truncated } = levelView(capture.tree, depth, args.detail);
      limited = tree;
      fields = {
        ...common,
        tree_token: session.tokens.mint(
          window.window_uid,
          capture.tree,
          capture.hash,
          capture.depthCut ? capture.depth : Infinity,
        ),
        depth_used: depth,
        depth_truncated: truncated,
        perf,
        ...degradedHint(session, capture.namedNodeCount),
      };
    }
    const filtered = filterTree(limited, filter);
    if (args.view === "compact") {
      return {
        ...fields,
        node_count: countNodes(filtered),
        ...await compactOf(capture.tree, filtered, window, args.max_tokens, mapping),
        truncated: false,
        next_cursor: null,
      };
    }
    const tree = treeInCallSpace(filtered, mapping);
    const nodes = args.max_nodes === undefined ? null : flatten(tree);
    if (nodes && args.max_nodes! < nodes.length) {
      const listing: Listing = {
        windowUid: window.window_uid,
        capture: capture.tree,
        nodes,
        query: listingQuery(args, depth),
        fields,
      };
      return servePage(session, listing, 0, args.max_nodes);
    }
    // Redacting and writing the answer are passes of their own.
    await turnFor(capture.nodeCount);
    return {
      ...fields,
      node_count: nodes?.length ?? countNodes(tree),
      tree,
      truncated: false,
      next_cursor: null,
    };
  },
});
