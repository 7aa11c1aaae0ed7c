// snapshot, snapshot_get, snapshot_diff, snapshot_drop.

import { z } from "zod";
import { ToolError } from "../model/errors.ts";
import { captureWindow, listWindows } from "../services/observe/capture.ts";
import { perSession } from "../support/per_session.ts";
import { diffSnapshots, SnapshotStore } from "../services/observe/snapshots.ts";
import type { Element, WindowInfo } from "../model/tree.ts";
import { defineTool, READ_ONLY, STORES } from "../runtime/registry.ts";
import { setOwn } from "../model/own.ts";
import { elementSchema, listedWindowSchema } from "./shared/results.ts";
import { diffFormatSchema, treeChangesSchema } from "./shared/view_results.ts";
import {
  callSpace,
  coordinateSpaceArg,
  spaceField,
  spaceResultField,
} from "./shared/coordinate_args.ts";
import type { SpaceMapping } from "../formats/geometry/coordinate_space.ts";
import { allPlacesInSpace } from "../formats/geometry/in_space.ts";
import { treeInCallSpace } from "./shared/tree_view_args.ts";
import type { Snapshot } from "../services/observe/snapshots.ts";

const snapshots = perSession(() => new SnapshotStore());

const snapshotId = z.string().min(1).max(200).optional();

const SNAPSHOT_ID = "A snapshot_id returned by snapshot (kept 5 minutes).";

const snapshotIdField = z.string().describe("The snapshot's id.");
const tsField = z.number().describe("When it was taken, epoch seconds.");

/** A stored snapshot with its windows' bounds and trees in the call's space (itself in the screen's). */
function snapshotInSpace<S extends Snapshot>(snapshot: S, mapping: SpaceMapping): S {
  if (!("frame" in mapping)) return snapshot;
  return {
    ...snapshot,
    windows: allPlacesInSpace(snapshot.windows, ["bounds"], mapping),
    trees: Object.fromEntries(
      Object.entries(snapshot.trees).map(([uid, tree]) => [uid, treeInCallSpace(tree, mapping)]),
    ),
  };
}

export const snapshotTool = defineTool({
  name: "snapshot",
  description: "Record every window and its full tree now, to compare later with snapshot_diff " +
    "(kept 5 minutes, the 32 most recently used). Returns snapshot_id and counts.",
  kind: "other",
  input: z.object({}),
  // It leaves the desktop alone but stores a new snapshot on every call.
  output: z.object({
    snapshot_id: snapshotIdField,
    ts: tsField,
    summary: z.object({
      windows: z.number().int().describe("Windows recorded."),
      trees: z.number().int().describe("Of them, windows whose tree was captured."),
    }).describe("What was recorded."),
  }).describe("A new snapshot."),
  annotations: STORES,
  async run(_args, { session }) {
    const listed = await listWindows(session);
    const windows: WindowInfo[] = listed.map(({ index: _index, ...w }) => w);
    const trees: Record<string, Element> = {};
    const hashes: Record<string, string> = {};
    for (const window of listed) {
      if (!window.window_uid) continue;
      try {
        const capture = await captureWindow(session, window);
        setOwn(trees, window.window_uid, capture.tree);
        setOwn(hashes, window.window_uid, capture.hash);
      } catch (e) {
        // A window that closed or failed mid-snapshot is listed without a tree.
        if (!(e instanceof ToolError)) throw e;
      }
    }
    const s = snapshots(session).add({ windows, trees, tree_hashes: hashes });
    return {
      snapshot_id: s.snapshot_id,
      ts: s.ts,
      summary: { windows: windows.length, trees: Object.keys(trees).length },
    };
  },
});

export const snapshotGetTool = defineTool({
  name: "snapshot_get",
  description: "Return a stored snapshot: its windows, their full trees and tree hashes.",
  kind: "perception",
  input: z.object({
    snapshot_id: snapshotId.describe(`Required. ${SNAPSHOT_ID}`),
    coordinate_space: coordinateSpaceArg,
  }),
  output: z.object({
    snapshot_id: snapshotIdField,
    ts: tsField,
    windows: z.array(listedWindowSchema.omit({ index: true }).describe("A window, as listed."))
      .describe("The windows listed then, as list_windows had them (without index)."),
    trees: z.record(z.string(), elementSchema).describe(
      "Each captured window's full tree, by window_uid.",
    ),
    tree_hashes: z.record(z.string(), z.string()).describe(
      "Each captured window's tree_hash, by window_uid.",
    ),
    ...spaceResultField,
  }).describe("A stored snapshot."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    if (!args.snapshot_id) throw new ToolError("BadRequest", "snapshot_id is required");
    const mapping = await callSpace(session, args.coordinate_space);
    const s = snapshots(session).get(args.snapshot_id);
    if (!s) {
      throw new ToolError("SnapshotExpired", "snapshot expired or not found", {
        snapshot_id: args.snapshot_id,
      });
    }
    return { ...snapshotInSpace(s, mapping), ...spaceField(mapping) };
  },
});

export const snapshotDiffTool = defineTool({
  name: "snapshot_diff",
  description: "Compare snapshots a (before) and b (after): windows_added, windows_removed " +
    "(uids) and per_window_changes {uid: {format, changes, unchanged}} for windows in both; " +
    "format custom (default) or json-patch (RFC 6902, applies to a's tree to give b's).",
  kind: "perception",
  input: z.object({
    a: snapshotId.describe(`The earlier (before) snapshot, required. ${SNAPSHOT_ID}`),
    b: snapshotId.describe(`The later (after) snapshot, required. ${SNAPSHOT_ID}`),
    format: z.enum(["custom", "json-patch"]).default("custom").describe(
      "Per-window diff format: custom (default; replace/add/remove/move records with " +
        "child-index paths) or json-patch (RFC 6902, applies to a's tree to give b's).",
    ),
    coordinate_space: coordinateSpaceArg,
  }),
  output: z.object({
    windows_added: z.array(z.string()).describe("window_uids only in b."),
    windows_removed: z.array(z.string()).describe("window_uids only in a."),
    per_window_changes: z.record(
      z.string(),
      z.object({
        format: diffFormatSchema.describe("The diff's format."),
        changes: treeChangesSchema,
        unchanged: z.boolean().describe("Whether the tree is the same in both."),
      }).describe("How one window's tree changed."),
    ).describe("By window_uid, for windows with a tree in both snapshots."),
    ...spaceResultField,
  }).describe("What changed between two snapshots."),
  annotations: READ_ONLY,
  async run(args, { session }) {
    if (!args.a || !args.b) throw new ToolError("BadRequest", "a and b are required");
    const mapping = await callSpace(session, args.coordinate_space);
    const store = snapshots(session);
    const [a, b] = [store.get(args.a), store.get(args.b)];
    if (!a || !b) {
      throw new ToolError("SnapshotExpired", "one or both snapshots are missing", {
        a: args.a,
        b: args.b,
        missing: [...(a ? [] : [args.a]), ...(b ? [] : [args.b])],
      });
    }
    // The trees are mapped before they are compared, as observe_window's are.
    const [before, after] = [snapshotInSpace(a, mapping), snapshotInSpace(b, mapping)];
    return { ...diffSnapshots(before, after, args.format), ...spaceField(mapping) };
  },
});

export const snapshotDropTool = defineTool({
  name: "snapshot_drop",
  description: "Forget a snapshot. dropped is false when it did not exist (never an error).",
  kind: "other",
  input: z.object({
    snapshot_id: snapshotId.describe(`The snapshot to forget, required. ${SNAPSHOT_ID}`),
  }),
  output: z.object({
    dropped: z.boolean().describe("Whether it existed (and is now gone)."),
  }),
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true },
  run(args, { session }) {
    if (!args.snapshot_id) throw new ToolError("BadRequest", "snapshot_id is required");
    return Promise.resolve({ dropped: snapshots(session).drop(args.snapshot_id) });
  },
});
