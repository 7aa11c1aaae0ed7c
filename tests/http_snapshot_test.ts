// Snapshot routes over HTTP: create, get, diff (both formats, real changes
// on the interactive mock), delete, LRU capacity 32, SnapshotExpired and
// BadRequest failures.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode } from "./helpers/observe_api.ts";

Deno.test("snapshots over HTTP", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const { get, post, del, uid } = api(svc);
  try {
    const notepad = await uid("Notepad");
    let first = "";

    await t.step("POST /api/snapshot: id, ts and counts; the body is ignored", async () => {
      const r = await post("/api/snapshot", "not json at all");
      assert.equal(r.status, 200);
      assert.match(String(r.body.snapshot_id), /^snap:[0-9a-f]{16}$/);
      assert.equal(typeof r.body.ts, "number");
      assert.ok(Math.abs(Number(r.body.ts) - Date.now() / 1000) < 60, "epoch seconds");
      assert.deepEqual(r.body.summary, { windows: 3, trees: 3 });
      assert.equal(typeof r.body.step_id, "number");
      assert.equal(r.body.untrusted, undefined, "snapshot itself shows no screen content");
      first = String(r.body.snapshot_id);
    });

    await t.step("GET /api/snapshot/<id>: windows, full trees, hashes", async () => {
      const r = await get(`/api/snapshot/${first}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.snapshot_id, first);
      assert.equal(r.body.untrusted, true);
      const windows = r.body.windows as Body[];
      assert.equal(windows.length, 3);
      assert.ok(windows.every((w) => !("index" in w)), "snapshot windows carry no index");
      const trees = r.body.trees as Record<string, Body>;
      const hashes = r.body.tree_hashes as Record<string, string>;
      assert.deepEqual(Object.keys(trees).sort(), windows.map((w) => w.window_uid).sort());
      assert.match(hashes[notepad], /^sha1:[0-9a-f]{40}$/);
      assert.equal((trees[notepad].children as Body[]).length, 7);
    });

    await t.step("POST /api/snapshot/diff: per-window changes after typing", async () => {
      await post("/api/action", { action: "type", value: "Z" });
      const second = String((await post("/api/snapshot")).body.snapshot_id);
      const r = await post("/api/snapshot/diff", { a: first, b: second });
      assert.equal(r.status, 200);
      assert.equal(r.body.untrusted, true);
      assert.deepEqual(r.body.windows_added, []);
      assert.deepEqual(r.body.windows_removed, []);
      const perWindow = r.body.per_window_changes as Record<string, Body>;
      assert.equal(Object.keys(perWindow).length, 3);
      assert.deepEqual(Object.keys(perWindow), Object.keys(perWindow).sort());
      const changes = perWindow[notepad].changes as Body[];
      assert.equal(perWindow[notepad].format, "custom");
      assert.deepEqual(changes.map((c) => [c.op, c.path]), [["replace", "1"]]);
      assert.match(String((changes[0].fields as Body).value), /Z$/);
      const others = Object.entries(perWindow).filter(([u]) => u !== notepad);
      assert.ok(others.every(([, v]) => v.unchanged === true));
      const patch = await post("/api/snapshot/diff", { a: first, b: second, format: "json-patch" });
      const ops = (patch.body.per_window_changes as Record<string, Body>)[notepad].changes;
      assert.deepEqual((ops as Body[]).map((o) => o.path), ["/children/1/value"]);
    });

    await t.step("DELETE /api/snapshot/<id>: dropped true, then false", async () => {
      const id = String((await post("/api/snapshot")).body.snapshot_id);
      assert.equal((await del(`/api/snapshot/${id}`)).body.dropped, true);
      const again = await del(`/api/snapshot/${id}`);
      assert.equal(again.status, 200);
      assert.equal(again.body.dropped, false);
      assert.equal((await get(`/api/snapshot/${id}`)).status, 410);
    });

    const ERRORS: Array<[string, () => Promise<{ status: number; body: Body }>, number, string]> = [
      ["get unknown", () => get("/api/snapshot/snap:0000000000000000"), 410, "SnapshotExpired"],
      ["diff without b", () => post("/api/snapshot/diff", { a: first }), 400, "BadRequest"],
      ["diff with nothing", () => post("/api/snapshot/diff", {}), 400, "BadRequest"],
      [
        "diff with an unknown one",
        () => post("/api/snapshot/diff", { a: first, b: "snap:0000000000000000" }),
        410,
        "SnapshotExpired",
      ],
      [
        "diff with a bad format",
        () => post("/api/snapshot/diff", { a: first, b: first, format: "xml" }),
        400,
        "BadRequest",
      ],
      ["get without id (console)", () => get("/api/tool/snapshot_get"), 400, "BadRequest"],
    ];
    for (const [name, call, status, code] of ERRORS) {
      await t.step(`${name} → ${status} ${code}`, async () => {
        const r = await call();
        assert.equal(r.status, status);
        assert.equal(errorCode(r as never), code);
      });
    }

    await t.step("the missing snapshot is named in the error context", async () => {
      const r = await post("/api/snapshot/diff", { a: first, b: "snap:0000000000000000" });
      assert.deepEqual((r.body.error as { context: Body }).context.missing, [
        "snap:0000000000000000",
      ]);
    });

    await t.step("capacity 32: the least recently used snapshot goes", async () => {
      const kept = String((await post("/api/snapshot")).body.snapshot_id);
      const oldest = String((await post("/api/snapshot")).body.snapshot_id);
      for (let i = 0; i < 30; i++) await post("/api/snapshot");
      assert.equal((await get(`/api/snapshot/${kept}`)).status, 200, "refreshed by this get");
      await post("/api/snapshot");
      assert.equal((await get(`/api/snapshot/${oldest}`)).status, 410);
      assert.equal((await get(`/api/snapshot/${kept}`)).status, 200);
    });
  } finally {
    await svc.stop();
  }
});
