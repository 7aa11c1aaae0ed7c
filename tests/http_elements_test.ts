// find_element, the element verbs and the coordinate verbs' receipts, over
// HTTP against the spawned service: the spec's static mock, then the
// interactive mock where actions really change the trees.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { getJson, type JsonResponse, postJson } from "./helpers/http.ts";

type Body = Record<string, unknown>;
type ErrorBody = {
  code: string;
  message: string;
  recoverable: boolean;
  suggested_next_tool: string | null;
  context: Body;
};

const NOTEPAD_FOCUS = 'Window[name="Untitled — Notepad"]/Document[name="Text Editor"]';

function err(r: JsonResponse): ErrorBody {
  return r.body.error as ErrorBody;
}

function assertReceipt(b: Body, action: string) {
  for (
    const key of [
      "ok",
      "success",
      "step_id",
      "caused_by_step_id",
      "action",
      "dry_run",
      "target",
      "before",
      "after",
      "changed",
      "new_dialogs",
      "duration_ms",
    ]
  ) assert.ok(key in b, `receipt has ${key}: ${JSON.stringify(b)}`);
  assert.equal(b.action, action);
  assert.equal(b.step_id, b.caused_by_step_id);
  const before = b.before as Body;
  const after = b.after as Body;
  assert.match(String(before.tree_hash), /^sha1:[0-9a-f]{40}$/);
  if (before.tree_hash !== after.tree_hash) assert.equal(b.changed, true);
  assert.equal(typeof b.duration_ms, "number");
  assert.ok(Array.isArray(b.new_dialogs));
}

Deno.test("element layer on the spec's static mock", async (t) => {
  const svc = await startService();
  const get = (path: string) => getJson(`${svc.url}${path}`);
  const post = (path: string, body: unknown) => postJson(`${svc.url}${path}`, body);
  const statuses: number[] = [];
  const track = async (p: Promise<JsonResponse>) => {
    const r = await p;
    statuses.push(r.status);
    return r;
  };
  try {
    const windows = (await get("/api/windows")).body.windows as Array<Body>;
    const notepad = String(windows[0].window_uid);

    await t.step("find_element: a unique match with its canonical selector", async () => {
      const q = encodeURIComponent('Window > MenuBar > MenuItem[name="Edit"]');
      const r = await track(get(`/api/find_element?selector=${q}`));
      assert.equal(r.status, 200);
      assert.equal(r.body.window_uid, notepad);
      assert.equal(r.body.element_id, "root.0.1");
      assert.equal(r.body.selector, 'Window/MenuBar/MenuItem[name="Edit"]');
      assert.deepEqual(r.body.bounds, { x: 138, y: 60, width: 56, height: 22 });
      assert.equal(r.body.ambiguous_matches, 1);
      assert.deepEqual(r.body.all_matches, [{
        element_id: "root.0.1",
        bounds: { x: 138, y: 60, width: 56, height: 22 },
        name: "Edit",
        role: "MenuItem",
      }]);
      assert.equal(r.body.untrusted, true);
    });

    await t.step("find_element: ambiguity is the true count", async () => {
      const r = await track(get(`/api/find_element?selector=MenuItem`));
      assert.equal(r.body.ambiguous_matches, 5);
      assert.deepEqual(
        (r.body.all_matches as Body[]).map((m) => m.name),
        ["File", "Edit", "Format", "View", "Help"],
      );
      const all = await track(get(`/api/find_element?selector=${encodeURIComponent("//*")}`));
      assert.equal(all.body.ambiguous_matches, 16, "every descendant of the Notepad root");
      assert.equal((all.body.all_matches as Body[]).length, 10, "at most 10 listed");
      const more = await track(
        get(`/api/find_element?selector=${encodeURIComponent("//*")}&limit=500`),
      );
      assert.equal((more.body.all_matches as Body[]).length, 16, "limit lists them all");
      const bad = await track(get(`/api/find_element?selector=MenuItem&limit=501`));
      assert.equal(bad.status, 400);
    });

    await t.step(
      "get_element: by id or by point, with a selector that finds it again",
      async () => {
        const byId = await track(get(`/api/tool/get_element?element_id=root.0.1`));
        assert.equal(byId.status, 200, JSON.stringify(byId.body));
        const element = byId.body.element as Body;
        assert.equal(element.id, "root.0.1");
        assert.equal(element.name, "Edit");
        assert.equal("children" in element, false);
        assert.equal(typeof element.child_count, "number");
        assert.deepEqual(byId.body.ancestors, ["root", "root.0"]);
        const again = await track(
          get(`/api/find_element?selector=${encodeURIComponent(String(byId.body.selector))}`),
        );
        assert.equal(again.body.element_id, "root.0.1");
        const bounds = element.bounds as { x: number; y: number; width: number; height: number };
        const byPoint = await track(
          get(`/api/tool/get_element?x=${bounds.x + 2}&y=${bounds.y + 2}`),
        );
        assert.equal((byPoint.body.element as Body).id, "root.0.1");
        for (
          const [query, status, code] of [
            ["", 400, "BadRequest"],
            ["element_id=root.0.1&x=1&y=1", 400, "BadRequest"],
            ["x=5", 400, "BadRequest"],
            ["element_id=root.9.9", 404, "ElementNotFound"],
            ["x=-5000&y=-5000", 404, "ElementNotFound"],
          ] as const
        ) {
          const r = await track(get(`/api/tool/get_element?${query}`));
          assert.equal(r.status, status, query);
          assert.equal(err(r).code, code, query);
        }
      },
    );

    const FIND_ERRORS: Array<[string, number, string]> = [
      ["", 400, "BadRequest"],
      ["selector=", 400, "BadRequest"],
      [`selector=${encodeURIComponent('MenuItem[name^="F"]')}`, 400, "BadRequest"],
      [`selector=${encodeURIComponent('Button[name="OK')}`, 400, "BadRequest"],
      [`selector=${encodeURIComponent('Button[name="Nope"]')}`, 404, "ElementNotFound"],
      ["selector=MenuItem&window_uid=mock:7:00000000", 404, "WindowGone"],
      ["selector=MenuItem&window_index=x", 400, "BadRequest"],
    ];
    for (const [query, status, code] of FIND_ERRORS) {
      await t.step(`find_element ?${query} → ${status} ${code}`, async () => {
        const r = await track(get(`/api/find_element?${query}`));
        assert.equal(r.status, status);
        assert.equal(err(r).code, code);
      });
    }

    await t.step("a parse error says where the problem is", async () => {
      const r = await get(`/api/find_element?selector=${encodeURIComponent('Button[name="OK')}`);
      const context = (r.body.error as { context: Body }).context;
      assert.equal(typeof context.position, "number");
      assert.equal(context.selector, 'Button[name="OK');
    });

    await t.step("click_element by selector: the full receipt", async () => {
      const r = await track(post("/api/element/click", {
        selector: 'Window/MenuBar/MenuItem[name="Edit"]',
      }));
      assert.equal(r.status, 200);
      assertReceipt(r.body, "click_element");
      assert.equal(r.body.ok, true);
      assert.equal(r.body.dry_run, false);
      assert.deepEqual(r.body.target, {
        window_uid: notepad,
        element_id: "root.0.1",
        selector: 'Window/MenuBar/MenuItem[name="Edit"]',
        bounds: { x: 138, y: 60, width: 56, height: 22 },
      });
      assert.equal((r.body.before as Body).focused_selector, NOTEPAD_FOCUS);
      assert.deepEqual(r.body.after, r.body.before, "the static mock never changes");
      assert.equal(r.body.changed, false);
      assert.deepEqual(r.body.new_dialogs, []);
    });

    await t.step("click_element by element_id reports the derived selector", async () => {
      const r = await track(
        post("/api/element/click", { element_id: "root.4.1", button: "middle" }),
      );
      assertReceipt(r.body, "click_element");
      const target = r.body.target as Body;
      assert.equal(target.element_id, "root.4.1");
      assert.equal(
        target.selector,
        'Window[name="Untitled — Notepad"]/StatusBar[name="Status Bar"]/Text[name="Zoom"]',
      );
    });

    const VERBS: Array<[string, Body, string]> = [
      ["/api/element/right_click", { selector: 'MenuItem[name="File"]' }, "click_element"],
      ["/api/element/double_click", { selector: "Document" }, "click_element"],
      ["/api/element/focus", { selector: "Document" }, "focus_element"],
      ["/api/element/invoke", { selector: "CheckBox" }, "invoke_element"],
      ["/api/element/set_value", { selector: "Document", value: "hi" }, "set_value"],
      [
        "/api/element/set_value",
        { selector: "Document", value: 42, clear_first: false },
        "set_value",
      ],
      ["/api/element/select", { selector: "MenuBar", option_index: 1 }, "select_option"],
      ["/api/element/select", { selector: "MenuBar", option_name: "Help" }, "select_option"],
      ["/api/element/key", { selector: "Document", keys: "ctrl+end" }, "key_into_element"],
      ["/api/element/clear_text", { element_id: "root.1" }, "clear_text"],
      ["/api/hover", { selector: 'MenuItem[name="View"]', hover_ms: 10 }, "hover_element"],
      ["/api/element/click", { selector: "Document", count: 2 }, "click_element"],
    ];
    for (const [path, body, action] of VERBS) {
      await t.step(`${path} ${JSON.stringify(body)} → receipt`, async () => {
        const r = await track(post(path, body));
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assertReceipt(r.body, action);
        assert.equal(r.body.ok, true);
      });
    }

    await t.step("dry_run validates but does not act", async () => {
      const r = await track(post("/api/element/click", { selector: "Document", dry_run: true }));
      assertReceipt(r.body, "click_element");
      assert.equal(r.body.dry_run, true);
      assert.equal(r.body.duration_ms, 0);
      assert.deepEqual(r.body.after, r.body.before);
    });

    await t.step("coordinate verbs return receipts too", async () => {
      const cases: Array<[string, Body, string]> = [
        ["/api/action", { action: "click_at", x: 300, y: 300 }, "click_at"],
        ["/api/action", { action: "type", value: "abc" }, "type"],
        ["/api/action", { action: "key", value: "enter" }, "key"],
        ["/api/action", { action: "scroll", clicks: 2 }, "scroll"],
        ["/api/hover", { x: 10, y: 10, hover_ms: 0 }, "hover_at"],
        ["/api/drag", { from: { x: 10, y: 10 }, to: { x: 50, y: 60 } }, "drag"],
      ];
      for (const [path, body, action] of cases) {
        const r = await track(post(path, body));
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assertReceipt(r.body, action);
        const target = r.body.target as Body;
        assert.equal(target.window_uid, notepad);
      }
    });

    await t.step("drag: an element end resolves to its centre and becomes the target", async () => {
      const r = await track(post("/api/drag", {
        from: { selector: 'MenuItem[name="File"]' },
        to: { x: 500, y: 400 },
        modifiers: ["ctrl"],
        duration_s: 0,
      }));
      assertReceipt(r.body, "drag");
      assert.deepEqual(r.body.from, [108, 71]);
      assert.deepEqual(r.body.to, [500, 400]);
      assert.deepEqual(r.body.path, [[108, 71], [304, 235], [500, 400]]);
      assert.deepEqual(r.body.modifiers, ["ctrl"]);
      assert.equal((r.body.target as Body).element_id, "root.0.0");
    });

    const FAILURES: Array<[string, string, Body, number, string, boolean, string | null]> = [
      ["no target", "/api/element/click", {}, 400, "BadRequest", false, null],
      [
        "unknown selector",
        "/api/element/click",
        { selector: 'Button[name="Nope"]' },
        404,
        "ElementNotFound",
        true,
        "find_element",
      ],
      [
        "unknown element id",
        "/api/element/focus",
        { element_id: "root.9.9" },
        404,
        "ElementNotFound",
        true,
        "find_element",
      ],
      [
        "selector syntax",
        "/api/element/click",
        { selector: "[name=x]" },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "disabled element",
        "/api/element/click",
        { window_index: 1, selector: 'Button[name="Forward"]' },
        409,
        "ElementDisabled",
        true,
        "wait_for",
      ],
      [
        "stale window uid",
        "/api/element/click",
        { window_uid: "mock:5:ffffffff", selector: "Document" },
        404,
        "WindowGone",
        true,
        "list_windows",
      ],
      [
        "no pattern on the mock",
        "/api/element/invoke",
        { selector: "CheckBox", method: "pattern" },
        501,
        "PatternUnsupported",
        true,
        "click_element",
      ],
      [
        "set_value without value",
        "/api/element/set_value",
        { selector: "Document" },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "select without an option",
        "/api/element/select",
        { selector: "MenuBar" },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "key into with an unknown key",
        "/api/element/key",
        { selector: "Document", keys: "ctrl+warp" },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "click count out of range",
        "/api/element/click",
        { selector: "Document", count: 9 },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "drag without an end",
        "/api/drag",
        { from: { x: 1, y: 1 } },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "drag with a bad modifier",
        "/api/drag",
        { from: { x: 1, y: 1 }, to: { x: 2, y: 2 }, modifiers: ["a"] },
        400,
        "BadRequest",
        false,
        null,
      ],
      [
        "unknown tree token",
        "/api/element/click",
        { element_id: "root.1", tree_token: "tt:0000000000000000" },
        410,
        "SnapshotExpired",
        true,
        null,
      ],
      [
        "not a tree token at all",
        "/api/element/click",
        { element_id: "root.1", tree_token: "yesterday" },
        400,
        "BadRequest",
        false,
        null,
      ],
    ];
    for (const [name, path, body, status, code, recoverable, next] of FAILURES) {
      await t.step(`${name} → ${status} ${code}`, async () => {
        const r = await track(post(path, body));
        assert.equal(r.status, status, JSON.stringify(r.body));
        const e = err(r);
        assert.equal(e.code, code);
        assert.equal(e.recoverable, recoverable);
        assert.equal(e.suggested_next_tool, next);
        assert.equal(r.body.ok, false);
        assert.equal(typeof r.body.step_id, "number");
      });
    }

    await t.step("an option that never appears is ElementNotFound, with a receipt", async () => {
      const r = await track(post("/api/element/select", {
        selector: "MenuBar",
        option_name: "Zzz",
      }));
      assert.equal(r.status, 404);
      assertReceipt(r.body, "select_option");
      assert.equal(r.body.ok, false);
      assert.deepEqual(r.body.error, {
        code: "ElementNotFound",
        message: "option not found after opening selector",
        recoverable: true,
        suggested_next_tool: "find_element",
        context: {},
      });
    });

    await t.step("no 5xx but PatternUnsupported; alive", () => {
      assert.deepEqual(statuses.filter((s) => s >= 500), [501]);
      assert.equal(svc.exited(), null);
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("receipts see real changes on the interactive mock", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const get = (path: string) => getJson(`${svc.url}${path}`);
  const post = (path: string, body: unknown) => postJson(`${svc.url}${path}`, body);
  try {
    await t.step("toggling the check box changes the tree, and the receipt says so", async () => {
      const r = await post("/api/element/click", { selector: 'CheckBox[name="Word Wrap"]' });
      assertReceipt(r.body, "click_element");
      assert.equal(
        r.body.changed,
        true,
        "check state is a change even though tree_hash ignores it",
      );
      const box = await get(
        `/api/find_element?selector=${encodeURIComponent('CheckBox[name="Word Wrap"]')}`,
      );
      const s = await get(`/api/structure?scope=${box.body.element_id}`);
      assert.equal((s.body.tree as Body).selected, false);
    });

    await t.step("set_value types into the document and the value reads back", async () => {
      const r = await post("/api/element/set_value", {
        selector: "Document",
        value: "Grüße ✓ 日本",
      });
      assert.equal(r.body.changed, true);
      const s = await get("/api/structure?scope=root.1");
      assert.equal((s.body.tree as Body).value, "Grüße ✓ 日本");
      const again = await post("/api/element/set_value", {
        selector: "Document",
        value: "Grüße ✓ 日本",
      });
      assert.equal(again.body.changed, false, "same value again: nothing changed");
    });

    await t.step("clear_text empties it; focused_selector follows the focus", async () => {
      const r = await post("/api/element/clear_text", { selector: "Document" });
      assert.equal(r.body.changed, true);
      assert.equal((r.body.after as Body).focused_selector, NOTEPAD_FOCUS);
      const s = await get("/api/structure?scope=root.1");
      assert.equal((s.body.tree as Body).value, "");
    });

    await t.step("a stale element_id is refused, not retargeted", async () => {
      const windows = (await get("/api/windows")).body.windows as Body[];
      const code = windows.find((w) => String(w.title).includes("Visual Studio"))!;
      const uid = String(code.window_uid);
      const file = await get(
        `/api/find_element?window_uid=${uid}&selector=${
          encodeURIComponent('TreeItem[name="main.py"]')
        }`,
      );
      const staleId = String(file.body.element_id);
      // Expanding the folder above inserts rows: the id now names another row.
      const expand = await post("/api/element/click", {
        window_uid: uid,
        selector: 'TreeItem[name="adapters"]',
      });
      assert.equal(expand.body.changed, true, JSON.stringify(expand.body));
      const r = await post("/api/element/click", { window_uid: uid, element_id: staleId });
      assert.equal(r.status, 404, JSON.stringify(r.body));
      const e = r.body.error as { code: string; context: Body };
      assert.equal(e.code, "ElementNotFound");
      assert.equal(e.context.stale, true);
      assert.equal((e.context.was as Body).name, "main.py");
      const fresh = await get(
        `/api/find_element?window_uid=${uid}&selector=${
          encodeURIComponent('TreeItem[name="main.py"]')
        }`,
      );
      assert.notEqual(fresh.body.element_id, staleId);
      const ok = await post("/api/element/click", {
        window_uid: uid,
        element_id: fresh.body.element_id,
      });
      assert.equal(ok.status, 200);
      assert.equal((ok.body.target as Body).element_id, fresh.body.element_id);
    });
    // Last: raising the browser window covers the editor for good (the mock cannot raise it).
    await t.step(
      "an element covered by another window: refused, or its window raised",
      async () => {
        const refused = await post("/api/element/click", {
          window_index: 1,
          selector: 'Link[name="Product"]',
          auto_activate: false,
        });
        assert.equal(refused.status, 409);
        assert.equal(err(refused).code, "ElementOccluded");
        assert.equal(err(refused).suggested_next_tool, "bring_to_foreground");
        assert.match(err(refused).message, /auto_activate is off/);
        const r = await post("/api/element/click", {
          window_index: 1,
          selector: 'Link[name="Product"]',
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const steps = r.body.steps as { activated: boolean; activation: Body };
        assert.equal(steps.activated, true);
        assert.equal(steps.activation.action, "click_title_bar");
        // The editor is now wholly under the browser: no title bar to click, and it says so.
        const hidden = await post("/api/element/click", {
          window_title: "Visual Studio",
          selector: 'TreeItem[name="adapters"]',
          timeout_ms: 200,
        });
        assert.equal(hidden.status, 409);
        assert.match(
          err(hidden).message,
          /covered by window '.*Google Chrome'.*bringing its window to the front failed \(Window has no visible area/,
        );
        assert.equal(err(hidden).context.check, "covered");
        assert.match(String((err(hidden).context.covered_by as Body).title), /Google Chrome/);
      },
    );
  } finally {
    await svc.stop();
  }
});
