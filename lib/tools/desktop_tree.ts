// get_desktop_tree: every application on the desktop (or one) as one tree,
// popup windows included; the view OSWorld-style agents observe.

import { z } from "zod";
import { captureDesktop } from "../services/observe/capture.ts";
import { depthWasCut } from "../model/tree.ts";
import { defineTool, READ_ONLY } from "../runtime/registry.ts";
import { DETAIL, treeInCallSpace, withDetail } from "./shared/tree_view_args.ts";
import { elementTree } from "./shared/results.ts";
import { cutShortSchema } from "./shared/view_results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";

export const desktopTreeInput = z.object({
  application: z.string().min(1).max(1000).optional().describe(
    "Only this application (its accessible name, any case, e.g. mousepad); a name no " +
      "application has is WindowGone. Default: every application.",
  ),
  depth: z.number().int().optional().describe(
    "Levels below the desktop to walk (applications are level 1, their windows level 2), " +
      "clamped to 0..tree.max_depth; default tree.max_depth (64 unless configured). Nodes cut " +
      "short carry truncated and child_count.",
  ),
  detail: DETAIL,
  coordinate_space: coordinateSpaceArg,
});

export const getDesktopTreeTool = defineTool({
  name: "get_desktop_tree",
  description:
    "Return the whole desktop's accessibility tree as JSON: a Desktop root, one Application " +
    "node per application, its top-level windows below, every element with role, name, value " +
    "and bounds (in the coordinate_space the answer names: absolute screen pixels unless one " +
    "is given or set). Open popups (menus, combo popups, tooltips) are included " +
    "wherever their toolkit lists them: as windows of their own or under the widget that " +
    "opened them (GTK3 menus). `application` keeps one application. Element ids are paths in " +
    "this tree: act with coordinates (bounds centre), or use list_windows and the window " +
    "tools for element actions. Bounded by tree.max_nodes and tree.capture_timeout_ms; " +
    "cut_short says which limit cut it, or `unresponsive`: an application that does not " +
    "answer (hung or stopped) keeps its node, with truncated: true and no children.",
  kind: "perception",
  input: desktopTreeInput,
  output: z.object({
    application: z.string().nullable().describe("The application asked for; null: all of them."),
    node_count: z.number().int().describe("Nodes in the tree."),
    depth_used: z.number().int().describe("Levels walked below the desktop."),
    depth_truncated: z.boolean().describe(
      "Whether the depth limit cut nodes off (those carry truncated and child_count).",
    ),
    cut_short: cutShortSchema.nullable().describe(
      "Why the walk stopped early (depth, nodes, time, unresponsive); null when it did not.",
    ),
    perf: z.object({
      capture_ms: z.number().describe("How long the walk took, ms."),
    }).describe("The walk's cost."),
    ...spaceResultField,
    tree: elementTree(
      "The Desktop root, an Application node per application, their windows below.",
    ),
  }).describe("The whole desktop's accessibility tree."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    const mapping = await callSpace(session, args.coordinate_space);
    const { max_depth } = session.config.tree;
    const depth = Math.min(Math.max(args.depth ?? max_depth, 0), max_depth);
    const capture = await captureDesktop(session, args.application ?? null, depth);
    return {
      application: args.application ?? null,
      node_count: capture.nodeCount,
      depth_used: depth,
      depth_truncated: depthWasCut(capture.tree, capture.cutShort),
      cut_short: capture.cutShort,
      perf: { capture_ms: capture.captureMs },
      ...spaceField(mapping),
      tree: treeInCallSpace(withDetail(capture.tree, args.detail), mapping),
    };
  },
});
