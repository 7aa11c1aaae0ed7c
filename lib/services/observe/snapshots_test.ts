// diffSnapshots as a pure function: windows added and removed (sorted uids),
// per-window changes only for windows with a tree in both.

import { strict as assert } from "node:assert";
import { diffSnapshots, type Snapshot } from "./snapshots.ts";
import { assignIds, element, type WindowInfo } from "../../model/tree.ts";

function window(uid: string): WindowInfo {
  return {
    handle: uid,
    title: uid,
    process: "p",
    pid: 0,
    bounds: { x: 0, y: 0, width: 1, height: 1 },
    focused: false,
    window_uid: uid,
  };
}

const tree = (value: string) =>
  assignIds(element("Window", "W", [0, 0, 9, 9], {}, [
    element("Edit", "E", [0, 0, 5, 5], { value }),
  ]));

function snapshot(entries: Array<[string, string | null]>): Snapshot {
  const trees: Snapshot["trees"] = {};
  for (const [uid, value] of entries) if (value !== null) trees[uid] = tree(value);
  return {
    snapshot_id: "s",
    ts: 0,
    windows: entries.map(([uid]) => window(uid)),
    trees,
    tree_hashes: {},
  };
}

Deno.test("windows added and removed, sorted; changes per shared window", () => {
  const a = snapshot([["w3", "x"], ["w1", "x"], ["gone", "x"], ["w2", "x"], ["blank", null]]);
  const b = snapshot([["w2", "x"], ["new-b", "x"], ["w1", "y"], ["new-a", null], ["w3", null]]);
  assert.deepEqual(diffSnapshots(a, b, "custom"), {
    windows_added: ["new-a", "new-b"],
    windows_removed: ["blank", "gone"],
    per_window_changes: {
      w1: {
        format: "custom",
        changes: [{ op: "replace", path: "0", fields: { value: "y" } }],
        unchanged: false,
      },
      w2: { format: "custom", changes: [], unchanged: true },
    },
  });
  assert.deepEqual(diffSnapshots(a, b, "json-patch").per_window_changes.w1, {
    format: "json-patch",
    changes: [{ op: "replace", path: "/children/0/value", value: "y" }],
    unchanged: false,
  });
});
