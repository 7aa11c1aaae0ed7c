// POST /api/wait_for and /api/wait_idle over HTTP: every condition type,
// any_of order, timeouts (capped by config), validation before waiting, a
// real focus change, and waits that never block other requests.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode } from "./helpers/observe_api.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

Deno.test("waits on the static mock", async (t) => {
  const svc = await startService({ config: { wait_for: { max_timeout_ms: 400 } } });
  const { get, post, uid } = api(svc);
  const waitFor = (body: Body) => post("/api/wait_for", body);
  try {
    const notepad = await uid("Notepad");
    const chrome = await uid("Chrome");

    const MATCHES: Array<[string, Body[], number, Body]> = [
      ["window_appears", [{ type: "window_appears", title_regex: "(?i)google chrome$" }], 0, {
        window_uid: chrome,
        title: "GitHub · Where software is built — Google Chrome",
      }],
      ["window_disappears", [{ type: "window_disappears", window_uid: "mock:9:00000000" }], 0, {
        window_uid: "mock:9:00000000",
      }],
      ["text_visible", [{ type: "text_visible", regex: "Line 3 has" }], 0, {
        element_id: "root.1",
        window_uid: notepad,
      }],
      ["element_disappears by id", [{ type: "element_disappears", element_id: "root.99" }], 0, {}],
      [
        "any_of: the first satisfied condition in order",
        [
          { type: "window_appears", title_regex: "^Nothing$" },
          { type: "element_appears", selector: 'MenuItem[name="Help"]' },
          { type: "window_appears", title_regex: "Notepad" },
        ],
        1,
        { element_id: "root.0.4", bounds: { x: 312, y: 60, width: 56, height: 22 } },
      ],
    ];
    for (const [name, anyOf, index, detail] of MATCHES) {
      await t.step(`wait_for ${name}`, async () => {
        const r = await waitFor({ any_of: anyOf });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.matched_index, index);
        const got = r.body.matched_detail as Body;
        for (const [k, v] of Object.entries(detail)) assert.deepEqual(got[k], v);
        assert.equal(r.body.polls, 1);
        assert.equal(typeof r.body.elapsed_ms, "number");
        assert.equal(r.body.untrusted, true);
        assert.equal(typeof r.body.step_id, "number");
      });
    }

    await t.step("element conditions read the hinted window's tree", async () => {
      const r = await waitFor({
        window_uid: chrome,
        any_of: [{ type: "element_appears", selector: 'Button[name="Reload"]' }],
      });
      assert.equal((r.body.matched_detail as Body).window_uid, chrome);
    });

    await t.step("timeout: 408 with elapsed_ms, polls and matched_index null", async () => {
      const r = await waitFor({
        any_of: [{ type: "window_appears", title_regex: "^Nope$" }],
        timeout_ms: 150,
        poll_ms: 50,
      });
      assert.equal(r.status, 408);
      assert.equal(errorCode(r), "Timeout");
      assert.equal((r.body.error as Body).message, "wait_for timed out after 150ms");
      assert.ok(Number(r.body.elapsed_ms) >= 150);
      assert.ok(Number(r.body.polls) >= 2);
      assert.equal(r.body.matched_index, null);
      assert.equal(r.body.untrusted, true);
    });

    await t.step("timeout_ms 0 still polls once; poll_ms below 50 is raised to 50", async () => {
      const once = await waitFor({ any_of: [{ type: "focused_changes" }], timeout_ms: 0 });
      assert.equal(once.status, 408);
      assert.equal(once.body.polls, 1);
      const fast = await waitFor({
        any_of: [{ type: "focused_changes" }],
        timeout_ms: 200,
        poll_ms: 1,
      });
      assert.ok(Number(fast.body.polls) <= 6, `polls: ${fast.body.polls}`);
    });

    await t.step("timeout_ms is capped by wait_for.max_timeout_ms", async () => {
      const started = Date.now();
      const r = await waitFor({ any_of: [{ type: "focused_changes" }], timeout_ms: 10_000 });
      assert.equal(r.status, 408);
      assert.ok(Date.now() - started < 2000, "stopped at the 400 ms cap");
      assert.equal((r.body.error as Body).message, "wait_for timed out after 400ms");
    });

    await t.step("focused_changes on an unchanging desktop is never satisfied", async () => {
      const r = await waitFor({ any_of: [{ type: "focused_changes" }], timeout_ms: 120 });
      assert.equal(r.status, 408);
    });

    await t.step("tree_changes: unchanged times out; an unknown token is 410", async () => {
      const token = (await get("/api/observe")).body.tree_token;
      const same = await waitFor({
        any_of: [{ type: "tree_changes", since: token }],
        timeout_ms: 100,
      });
      assert.equal(same.status, 408);
      const gone = await waitFor({
        any_of: [{ type: "tree_changes", since: "tt:0123456789abcdef" }],
      });
      assert.equal(gone.status, 410);
      assert.equal(errorCode(gone), "SnapshotExpired");
    });

    const INVALID: Array<[string, unknown]> = [
      ["no any_of", {}],
      ["empty any_of", { any_of: [] }],
      ["unknown type", { any_of: [{ type: "element_visible" }] }],
      ["selector parse error", { any_of: [{ type: "element_appears", selector: "Button[" }] }],
      ["invalid regex", { any_of: [{ type: "text_visible", regex: "(" }] }],
      ["negative timeout", { any_of: [{ type: "focused_changes" }], timeout_ms: -1 }],
    ];
    for (const [name, body] of INVALID) {
      await t.step(`wait_for with ${name} → 400 at once`, async () => {
        const started = Date.now();
        const r = await post("/api/wait_for", body);
        assert.equal(r.status, 400);
        assert.equal(errorCode(r), "BadRequest");
        assert.ok(Date.now() - started < 1000, "not after the 5 s default timeout");
      });
    }

    await t.step("wait_idle: a still window settles after quiet_ms", async () => {
      const r = await post("/api/wait_idle", { quiet_ms: 150, poll_ms: 50 });
      assert.equal(r.status, 200);
      assert.ok(Number(r.body.elapsed_ms) >= 150);
      assert.equal(r.body.tree_hash, (await get("/api/observe")).body.tree_hash);
      assert.equal(r.body.window_uid, notepad);
    });

    await t.step("wait_idle: timeout shorter than quiet_ms is 408", async () => {
      const r = await post("/api/wait_idle", { quiet_ms: 1000, timeout_ms: 120 });
      assert.equal(r.status, 408);
      assert.equal(errorCode(r), "Timeout");
      assert.equal((r.body.error as Body).message, "wait_idle timed out");
      assert.ok(Number(r.body.elapsed_ms) >= 120);
    });

    await t.step("wait_idle: a stale window_uid is WindowGone", async () => {
      const r = await post("/api/wait_idle", { window_uid: "mock:9:00000000" });
      assert.equal(r.status, 404);
      assert.equal(errorCode(r), "WindowGone");
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("waits on the interactive mock: real changes end them", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const { get, post, uid } = api(svc);
  try {
    const notepad = await uid("Notepad");
    const chrome = await uid("Chrome");
    const code = await uid("Visual Studio Code");

    await t.step("a pending wait does not block other requests", async () => {
      const pending = post("/api/wait_for", {
        window_uid: code,
        any_of: [{ type: "element_appears", selector: 'TreeItem[name*="linux"]' }],
        timeout_ms: 10_000,
        poll_ms: 50,
      });
      await sleep(150);
      const started = performance.now();
      const windows = await get("/api/windows");
      assert.equal(windows.status, 200);
      assert.ok(performance.now() - started < 500, "answered while the wait polls");
      await post("/api/element/click", { window_uid: code, selector: 'TreeItem[name="adapters"]' });
      const r = await pending;
      assert.equal(r.status, 200);
      const detail = r.body.matched_detail as Body;
      assert.equal(detail.window_uid, code);
      assert.ok(Number(r.body.polls) > 1);
      // The id handed out is usable: it is checked against the tree the wait read.
      const click = await post("/api/element/click", {
        window_uid: code,
        element_id: detail.element_id,
      });
      assert.equal(click.status, 200, JSON.stringify(click.body.error));
    });

    await t.step("tree_changes, text_visible: satisfied once typing lands", async () => {
      await post("/api/element/click", { window_uid: notepad, selector: "Document" });
      const token = (await get(`/api/observe?window_uid=${notepad}`)).body.tree_token;
      const changed = post("/api/wait_for", {
        any_of: [{ type: "tree_changes", since: token }],
        poll_ms: 50,
      });
      const text = post("/api/wait_for", {
        window_uid: notepad,
        any_of: [{ type: "text_visible", regex: "typed later" }],
        poll_ms: 50,
      });
      await sleep(120);
      await post("/api/action", { action: "type", value: "typed later" });
      const [c, v] = await Promise.all([changed, text]);
      assert.equal(c.status, 200);
      assert.equal((c.body.matched_detail as Body).window_uid, notepad);
      assert.equal(v.status, 200);
      assert.equal((v.body.matched_detail as Body).element_id, "root.1");
    });

    await t.step("focused_changes: a click on another window", async () => {
      const pending = post("/api/wait_for", {
        any_of: [{ type: "focused_changes" }],
        poll_ms: 50,
      });
      await sleep(120);
      await post("/api/element/click", { window_uid: chrome, selector: 'Button[name="Back"]' });
      const r = await pending;
      assert.equal(r.status, 200);
      const detail = r.body.matched_detail as Body;
      assert.equal(detail.previous_uid, notepad);
      assert.equal(detail.focused_uid, chrome);
    });

    await t.step("wait_idle: changes reset the quiet timer", async () => {
      // Chrome is focused (and on top) now: typing edits its page document.
      const hashBefore = (await get(`/api/observe?window_uid=${chrome}`)).body.tree_hash;
      const pending = post("/api/wait_idle", { window_uid: chrome, quiet_ms: 300, poll_ms: 50 });
      let lastSent = 0;
      for (let i = 0; i < 5; i++) {
        await sleep(40);
        lastSent = performance.now();
        await post("/api/action", { action: "type", value: "." });
      }
      const r = await pending;
      const settled = performance.now();
      assert.equal(r.status, 200);
      // The last change cannot be seen before it was sent; quiet_ms must pass after it.
      assert.ok(settled - lastSent >= 300, `settled ${Math.round(settled - lastSent)} ms after`);
      assert.notEqual(r.body.tree_hash, hashBefore, "the typing reached the window");
    });
  } finally {
    await svc.stop();
  }
});
