// Input goes where it was meant, on the interactive mock (issue 14): input
// verbs naming a window bring it to the front first, report the focus when
// the input started and ended and which window is at a pointer's point, and
// refuse when told not to activate; element verbs wait for their element and
// name the check that kept failing.

import assert from "node:assert/strict";
import { startService } from "./helpers/service.ts";
import { api, type Body } from "./helpers/observe_api.ts";

type Ref = { window_uid: string; title: string } | null;

Deno.test("input verbs on the interactive mock land in the window they name", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const { get, post, uid } = api(svc);
  try {
    const notepad = await uid("Notepad");
    const chrome = await uid("Chrome");
    const code = await uid("Visual Studio");
    const notepadText = async () =>
      JSON.stringify((await get(`/api/structure?window_uid=${notepad}`)).body.tree);

    // The stack, bottom first: Chrome (full screen), VS Code (right half),
    // Notepad (focused; left, clear of VS Code). Chrome comes up last: it
    // covers everything, and the mock has no activation API to undo that.
    await t.step("auto_activate false: WindowOccluded names the window in front", async () => {
      const r = await post("/api/tool/type_text", {
        window_uid: code,
        text: "x",
        auto_activate: false,
      });
      assert.equal(r.status, 409, JSON.stringify(r.body));
      const error = r.body.error as { code: string; suggested_next_tool: string; context: Body };
      assert.equal(error.code, "WindowOccluded");
      assert.equal(error.suggested_next_tool, "bring_to_foreground");
      assert.equal((error.context.in_front as Ref)?.window_uid, notepad);
    });

    await t.step("a dry run says it would activate and touches nothing", async () => {
      const r = await post("/api/tool/press_key", { window_uid: code, keys: "a", dry_run: true });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.deepEqual((r.body.steps as Body).would, ["activate"]);
      assert.equal((r.body.steps as Body).activated, false);
      const windows = (await get("/api/windows")).body.windows as Body[];
      assert.equal(windows.find((w) => w.focused)?.window_uid, notepad);
    });

    await t.step("type_text naming a window behind brings it to the front first", async () => {
      const before = await notepadText();
      const r = await post("/api/tool/type_text", { window_uid: code, text: "hello" });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const steps = r.body.steps as { activated: boolean; activation: Body };
      assert.equal(steps.activated, true);
      assert.equal(steps.activation.action, "click_title_bar");
      const focus = r.body.focus as { start: Ref; end: Ref };
      assert.equal(focus.start?.window_uid, code, "VS Code had the focus when typing began");
      assert.equal(focus.end?.window_uid, code);
      assert.equal(r.body.typed_chars, 5);
      assert.equal(await notepadText(), before, "nothing reached Notepad");
    });

    await t.step("the legacy action route passes the window through", async () => {
      const r = await post("/api/action", { action: "key", value: "enter", window_uid: notepad });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal((r.body.steps as Body).activated, true);
      assert.equal((r.body.focus as { start: Ref }).start?.window_uid, notepad);
    });

    await t.step("a click at a point the named window shows: nothing to activate", async () => {
      const r = await post("/api/tool/click_at", { window_uid: notepad, x: 400, y: 300 });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      assert.equal((r.body.steps as Body).activated, false);
      assert.equal((r.body.at_point as Ref)?.window_uid, notepad);
    });

    await t.step("without a window, the receipt says which window was at the point", async () => {
      const r = await post("/api/tool/click_at", { x: 1500, y: 500 });
      assert.equal(r.status, 200);
      assert.equal((r.body.at_point as Ref)?.window_uid, code, JSON.stringify(r.body));
      assert.equal((r.body.steps as Body).activated, false);
    });

    await t.step("an element verb's receipt lists its steps and the final bounds", async () => {
      const r = await post("/api/element/click", {
        window_uid: notepad,
        selector: 'CheckBox[name="Word Wrap"]',
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const steps = r.body.steps as Body;
      assert.equal(steps.scrolled, false);
      assert.equal(typeof steps.waited_ms, "number");
      assert.deepEqual((r.body.target as Body).bounds, { x: 80, y: 636, width: 120, height: 18 });
      assert.equal((r.body.focus as { end: Ref }).end?.window_uid, notepad);
    });

    await t.step("an element that stays disabled: ElementDisabled after timeout_ms", async () => {
      const started = Date.now();
      const r = await post("/api/element/click", {
        window_uid: chrome,
        selector: 'Button[name="Forward"]',
        timeout_ms: 300,
      });
      assert.equal(r.status, 409, JSON.stringify(r.body));
      const error = r.body.error as { code: string; context: Body; message: string };
      assert.equal(error.code, "ElementDisabled");
      assert.equal(error.context.check, "disabled");
      assert.ok(Number(error.context.waited_ms) >= 300, error.message);
      assert.ok(Date.now() - started >= 300);
      assert.match(error.message, /stayed disabled \(waited \d+ ms\)/);
    });

    await t.step("a click at a covered part of the named window activates it", async () => {
      // (400, 300) shows Notepad; Chrome lies under it and shows only its top strip.
      const r = await post("/api/tool/click_at", { window_uid: chrome, x: 400, y: 300 });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const steps = r.body.steps as { activated: boolean; activation: Body };
      assert.equal(steps.activated, true);
      assert.equal(steps.activation.action, "click_title_bar");
      assert.equal((r.body.at_point as Ref)?.window_uid, chrome);
    });
  } finally {
    await svc.stop();
  }
});
