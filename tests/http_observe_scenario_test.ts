// Observation over HTTP on the login scenario (scenarios/login.yaml): the
// spec's diff example end to end, windows that appear and disappear for
// wait_for and snapshot_diff, and the json-patch applied with
// fast-json-patch across a state transition.

import { strict as assert } from "node:assert";
// A test-only dependency, pinned here rather than in deno.json (project rule).
// deno-lint-ignore no-import-prefix
import jsonpatch from "npm:fast-json-patch@3.1.1";
import { startService } from "./helpers/service.ts";
import { api, type Body } from "./helpers/observe_api.ts";
import { START_TO_WELCOME_CHANGES } from "./helpers/login.ts";

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("observation across the login scenario's states", async (t) => {
  const svc = await startService();
  const { get, post } = api(svc);
  try {
    const loaded = await post("/api/scenario/load", { path: LOGIN });
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));

    await t.step("a dialog window: wait_for and snapshot_diff see it come and go", async () => {
      const before = String((await post("/api/snapshot")).body.snapshot_id);
      const appears = post("/api/wait_for", {
        any_of: [{ type: "window_appears", title_regex: "^Login Error$" }],
        poll_ms: 50,
      });
      await sleep(100);
      await post("/api/element/click", { element_id: "root.2" });
      const seen = await appears;
      assert.equal(seen.status, 200);
      assert.deepEqual(seen.body.matched_detail, {
        window_uid: "mock:login_error",
        title: "Login Error",
      });
      const during = String((await post("/api/snapshot")).body.snapshot_id);
      const added = await post("/api/snapshot/diff", { a: before, b: during });
      assert.deepEqual(added.body.windows_added, ["mock:login_error"]);
      assert.deepEqual(added.body.windows_removed, []);
      assert.deepEqual(Object.keys(added.body.per_window_changes as Body), ["mock:app"]);

      const disappears = post("/api/wait_for", {
        any_of: [{ type: "window_disappears", window_uid: "mock:login_error" }],
        poll_ms: 50,
      });
      await sleep(100);
      await post("/api/element/click", {
        window_uid: "mock:login_error",
        selector: 'Button[name="OK"]',
      });
      assert.equal((await disappears).status, 200);
      const after = String((await post("/api/snapshot")).body.snapshot_id);
      const removed = await post("/api/snapshot/diff", { a: during, b: after });
      assert.deepEqual(removed.body.windows_added, []);
      assert.deepEqual(removed.body.windows_removed, ["mock:login_error"]);
    });

    await t.step("start → welcome is the spec's example, and the patch applies", async () => {
      const start = await get("/api/observe?depth=8");
      await post("/api/element/click", { element_id: "root.0" });
      await post("/api/action", { action: "type", value: "alice" });
      await post("/api/element/click", { element_id: "root.1" });
      await post("/api/action", { action: "type", value: "secret" });
      await post("/api/element/click", { element_id: "root.2" });
      const custom = await get(`/api/observe?since=${start.body.tree_token}`);
      assert.equal(custom.body.window, "Acme — Welcome");
      assert.deepEqual(custom.body.changes, START_TO_WELCOME_CHANGES);
      const patch = await get(`/api/observe?since=${start.body.tree_token}&format=json-patch`);
      const applied = jsonpatch.applyPatch(
        start.body.tree,
        patch.body.changes as jsonpatch.Operation[],
        true,
        true,
      ).newDocument;
      assert.deepEqual(applied, (await get("/api/observe?depth=8")).body.tree);
    });
  } finally {
    await svc.stop();
  }
});
