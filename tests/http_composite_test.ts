// Composite action + observe over HTTP on the interactive mock: the receipt
// named after the composite with the underlying action under `performed`,
// an `observation` with its own step id that sees the action's effect,
// diffs with `since`, and no observation when the action failed.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode } from "./helpers/observe_api.ts";

type Tree = Body & { children: Tree[] };

Deno.test("composites on the interactive mock", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const { get, post, uid } = api(svc);
  try {
    const notepad = await uid("Notepad");

    await t.step("click_and_observe: receipt, performed, a fresh observation", async () => {
      const r = await post("/api/element/click_and_observe", {
        selector: 'CheckBox[name="Word Wrap"]',
        wait_after_ms: 0,
      });
      assert.equal(r.status, 200);
      assert.equal(r.body.action, "click_element_and_observe");
      assert.equal(r.body.performed, "click_element");
      assert.equal(r.body.changed, true);
      assert.equal((r.body.target as Body).window_uid, notepad);
      assert.equal(r.body.untrusted, undefined, "an action result is not marked");
      const o = r.body.observation as Body;
      assert.equal(o.ok, true);
      assert.equal(o.step_id, Number(r.body.step_id) + 1, "the observation is its own step");
      assert.equal(o.caused_by_step_id, r.body.step_id);
      assert.equal(o.format, "full");
      assert.equal(o.window_uid, notepad);
      assert.equal((o.perf as Body).cache, "miss", "not the tree cached before the click");
      assert.equal((o.tree as Tree).children[6].selected, false, "the toggle is seen");
    });

    await t.step("with since: the observation is the diff", async () => {
      const token = (await get(`/api/observe?window_uid=${notepad}`)).body.tree_token;
      const r = await post("/api/element/click_and_observe", {
        selector: 'CheckBox[name="Word Wrap"]',
        since: token,
        wait_after_ms: 0,
      });
      const o = r.body.observation as Body;
      assert.equal(o.format, "custom");
      assert.equal(o.base_token, token);
      assert.deepEqual(o.changes, [{ op: "replace", path: "6", fields: { selected: true } }]);
    });

    await t.step("type_and_observe and key_and_observe", async () => {
      await post("/api/element/click", { selector: "Document" });
      const typed = await post("/api/type_and_observe", { text: "abc", wait_after_ms: 0 });
      assert.equal(typed.body.action, "type_and_observe");
      assert.equal(typed.body.performed, "type");
      assert.equal(typed.body.text, "abc");
      const doc = ((typed.body.observation as Body).tree as Tree).children[1];
      assert.match(String(doc.value), /abc$/);
      await post("/api/key_and_observe", { keys: "ctrl+a", wait_after_ms: 0 });
      const cleared = await post("/api/key_and_observe", { keys: "delete", wait_after_ms: 0 });
      assert.equal(cleared.body.action, "press_key_and_observe");
      assert.equal(cleared.body.performed, "key");
      assert.equal(((cleared.body.observation as Body).tree as Tree).children[1].value, "");
    });

    await t.step("wait_after_ms is waited before observing", async () => {
      const started = performance.now();
      const r = await post("/api/key_and_observe", { keys: "end", wait_after_ms: 250 });
      assert.equal(r.status, 200);
      assert.ok(performance.now() - started >= 250);
    });

    await t.step("a failed action has no observation", async () => {
      const r = await post("/api/element/click_and_observe", { selector: 'Button[name="Nope"]' });
      assert.equal(r.status, 404);
      assert.equal(errorCode(r), "ElementNotFound");
      assert.equal(r.body.observation, undefined);
    });

    await t.step("an expired since: the action stands, the observation says why", async () => {
      const r = await post("/api/type_and_observe", {
        text: "!",
        since: "tt:0123456789abcdef",
        wait_after_ms: 0,
      });
      assert.equal(r.status, 200);
      const o = r.body.observation as Body;
      assert.equal(o.ok, false);
      assert.equal((o.error as Body).code, "SnapshotExpired");
      assert.equal(o.step_id, Number(r.body.step_id) + 1);
    });

    await t.step("invalid composite arguments are 400", async () => {
      const r = await post("/api/type_and_observe", { text: "x", wait_after_ms: -1 });
      assert.equal(r.status, 400);
      assert.equal(errorCode(r), "BadRequest");
      const noText = await post("/api/key_and_observe", {});
      assert.equal(noText.status, 400);
    });
  } finally {
    await svc.stop();
  }
});
