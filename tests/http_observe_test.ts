// GET /api/observe over HTTP against the spawned service: full, since-diffs
// in both formats (the json-patch applied with fast-json-patch reproduces the
// current tree), changed_only, typed token errors, and the tree cache with
// its metrics.

import { strict as assert } from "node:assert";
// A test-only dependency, pinned here rather than in deno.json (project rule).
// deno-lint-ignore no-import-prefix
import jsonpatch from "npm:fast-json-patch@3.1.1";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode } from "./helpers/observe_api.ts";

const FULL_KEYS = [
  "base_token",
  "caused_by_step_id",
  "coordinate_space",
  "depth_truncated",
  "depth_used",
  "format",
  "ok",
  "perf",
  "step_id",
  "success",
  "tree",
  "tree_hash",
  "tree_token",
  "untrusted",
  "window",
  "window_uid",
];

const DIFF_KEYS = [
  "base_token",
  "caused_by_step_id",
  "changes",
  "coordinate_space",
  "format",
  "ok",
  "perf",
  "step_id",
  "success",
  "tree_hash",
  "tree_token",
  "unchanged",
  "untrusted",
  "window",
  "window_uid",
];

Deno.test("observe on the static mock: modes, errors, cache", async (t) => {
  const svc = await startService();
  const { get, post, uid } = api(svc);
  try {
    const notepad = await uid("Notepad");
    const chrome = await uid("Chrome");

    await t.step("full: a depth-limited tree and a fresh token", async () => {
      const r = await get("/api/observe?depth=1");
      assert.equal(r.status, 200);
      assert.deepEqual(Object.keys(r.body).sort(), FULL_KEYS);
      assert.equal(r.body.format, "full");
      assert.equal(r.body.window_uid, notepad);
      assert.equal(r.body.base_token, null);
      assert.equal(r.body.depth_used, 1);
      assert.equal(r.body.depth_truncated, true);
      assert.equal(r.body.untrusted, true);
      assert.match(String(r.body.tree_token), /^tt:[0-9a-f]{16}$/);
      const tree = r.body.tree as { children: Body[] };
      assert.equal(tree.children[0].child_count, 5);
      assert.deepEqual(Object.keys(r.body.perf as Body).sort(), [
        "cache",
        "capture_ms",
        "depth_used",
        "node_count",
      ]);
      assert.equal((r.body.perf as Body).node_count, 17, "perf counts the full capture");
    });

    await t.step("since: an unchanged window diffs to nothing, in both formats", async () => {
      const first = await get(`/api/observe?window_uid=${chrome}`);
      for (const format of ["custom", "json-patch"]) {
        const r = await get(
          `/api/observe?window_uid=${chrome}&since=${first.body.tree_token}` +
            `&format=${format}`,
        );
        assert.equal(r.status, 200);
        assert.deepEqual(Object.keys(r.body).sort(), DIFF_KEYS);
        assert.equal(r.body.format, format);
        assert.equal(r.body.base_token, first.body.tree_token);
        assert.deepEqual(r.body.changes, []);
        assert.equal(r.body.unchanged, true);
        assert.equal(r.body.tree_token, first.body.tree_token, "the same capture, the same token");
      }
      for (const budget of ["", "&max_tokens=50"]) {
        const r = await get(
          `/api/observe?window_uid=${chrome}&since=${first.body.tree_token}&view=compact${budget}`,
        );
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.format, "compact");
        assert.equal(r.body.compact_diff, "");
        assert.equal(r.body.unchanged, true);
        assert.equal(r.body.cut, false);
        assert.equal(r.body.tokens, budget === "" ? undefined : 0, "an empty diff has no tokens");
      }
    });

    await t.step("since without window arguments observes the token's window", async () => {
      const first = await get(`/api/observe?window_uid=${chrome}`);
      const r = await get(`/api/observe?since=${first.body.tree_token}`);
      assert.equal(r.status, 200);
      assert.equal(r.body.window_uid, chrome, "not the focused Notepad");
    });

    const TOKEN_ERRORS: Array<[string, number, string, Body]> = [
      ["since=tt:0123456789abcdef", 410, "SnapshotExpired", { token: "tt:0123456789abcdef" }],
      ["since=root.1", 400, "BadRequest", { since: "root.1" }],
      ["format=xml", 400, "BadRequest", {}],
      ["depth=deep", 400, "BadRequest", {}],
      ["window_uid=mock:9:00000000", 404, "WindowGone", { window_uid: "mock:9:00000000" }],
    ];
    for (const [query, status, code, context] of TOKEN_ERRORS) {
      await t.step(`?${query} → ${status} ${code}`, async () => {
        const r = await get(`/api/observe?${query}`);
        assert.equal(r.status, status);
        assert.equal(errorCode(r), code);
        assert.equal(r.body.untrusted, true, "perception errors are marked too");
        const error = r.body.error as { context: Body };
        for (const [k, v] of Object.entries(context)) assert.equal(error.context[k], v);
      });
    }

    await t.step("a token of another window is a BadRequest naming both", async () => {
      const token = (await get(`/api/observe?window_uid=${chrome}`)).body.tree_token;
      const r = await get(`/api/observe?window_uid=${notepad}&since=${token}`);
      assert.equal(r.status, 400);
      assert.equal(errorCode(r), "BadRequest");
      assert.deepEqual((r.body.error as { context: Body }).context, {
        token,
        window_uid: notepad,
        token_window_uid: chrome,
      });
    });

    await t.step("changed_only: unchanged has no format key", async () => {
      await get(`/api/observe?window_uid=${notepad}`);
      const r = await get(`/api/observe?window_uid=${notepad}&changed_only=true`);
      assert.equal(r.body.changed_only, true);
      assert.equal(r.body.unchanged, true);
      assert.equal(r.body.format, undefined);
      assert.equal(r.body.changes, undefined);
      assert.equal((r.body.perf as Body).cache, "bypass");
    });

    await t.step("repeated observe is a cache hit; healthz and metrics count it", async () => {
      const health = async () => (await get("/api/healthz")).body.tree_cache as Body;
      const before = await health();
      const first = await get(`/api/observe?window_uid=${notepad}`);
      const again = await get(`/api/observe?window_uid=${notepad}`);
      assert.equal((again.body.perf as Body).cache, "hit");
      assert.equal((again.body.perf as Body).capture_ms, 0);
      assert.equal(again.body.tree_hash, first.body.tree_hash);
      const after = await health();
      assert.ok(Number(after.hits) >= Number(before.hits) + 1);
      const metrics = await (await fetch(`${svc.url}/api/metrics`)).text();
      assert.match(metrics, new RegExp(`^oso_tree_cache_hits_total ${after.hits}$`, "m"));
      assert.match(metrics, new RegExp(`^oso_tree_cache_entries ${after.entries}$`, "m"));
    });

    await t.step("an input action invalidates the window's cache entry", async () => {
      await get(`/api/observe?window_uid=${notepad}`);
      const typed = await post("/api/action", { action: "type", value: "x" });
      assert.equal(typed.status, 200);
      const r = await get(`/api/observe?window_uid=${notepad}`);
      assert.equal((r.body.perf as Body).cache, "miss");
      const again = await get(`/api/observe?window_uid=${notepad}`);
      assert.equal((again.body.perf as Body).cache, "hit");
    });

    await t.step("observe_window is in the tool list and the console", async () => {
      const tools = (await get("/api/tools")).body.tools as string[];
      for (
        const name of [
          "observe_window",
          "snapshot",
          "snapshot_get",
          "snapshot_diff",
          "snapshot_drop",
          "wait_for",
          "wait_idle",
          "click_element_and_observe",
          "type_and_observe",
          "press_key_and_observe",
        ]
      ) assert.ok(tools.includes(name), name);
      const r = await get(`/api/tool/observe_window?window_index=1&depth=0`);
      assert.equal(r.body.window_uid, chrome);
    });
  } finally {
    await svc.stop();
  }
});

type Tree = Body & { children: Tree[] };

/** The full tree as a client holds it: observe at the maximum depth. */
async function fullTree(get: (p: string) => Promise<{ body: Body }>, uid: string) {
  const r = await get(`/api/observe?window_uid=${uid}&depth=8`);
  assert.equal(r.body.depth_truncated, false);
  return { tree: r.body.tree as Tree, token: String(r.body.tree_token) };
}

function applyPatch(tree: Tree, patch: unknown): Tree {
  const ops = patch as jsonpatch.Operation[];
  return jsonpatch.applyPatch(structuredClone(tree), ops, true, true).newDocument;
}

Deno.test("observe on the interactive mock: real changes as diffs", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const { get, post, uid } = api(svc);
  try {
    const notepad = await uid("Notepad");
    const code = await uid("Visual Studio Code");

    await t.step("typing is one replace of the document's value", async () => {
      const { tree, token } = await fullTree(get, notepad);
      await post("/api/action", { action: "type", value: "!" });
      const custom = await get(`/api/observe?since=${token}`);
      const value = `${(tree.children[1] as Body).value}!`;
      assert.deepEqual(custom.body.changes, [{ op: "replace", path: "1", fields: { value } }]);
      assert.equal(custom.body.unchanged, false);
      const patch = await get(`/api/observe?since=${token}&format=json-patch`);
      assert.deepEqual(patch.body.changes, [
        { op: "replace", path: "/children/1/value", value },
      ]);
    });

    await t.step("expanding a folder: adds, no moves, and the patch applies", async () => {
      const { tree, token } = await fullTree(get, code);
      const clicked = await post("/api/element/click", {
        window_uid: code,
        selector: 'TreeItem[name="adapters"]',
      });
      assert.equal(clicked.body.changed, true);
      const custom = await get(`/api/observe?since=${token}`);
      const ops = (custom.body.changes as Body[]).map((c) => c.op);
      assert.ok(!ops.includes("move"), `no moves: ${JSON.stringify(custom.body.changes)}`);
      assert.equal(ops.filter((op) => op === "add").length, 3, "three rows inserted");
      const patch = await get(`/api/observe?since=${token}&format=json-patch`);
      const { tree: now } = await fullTree(get, code);
      assert.deepEqual(applyPatch(tree, patch.body.changes), now);
    });

    await t.step("changed_only: the custom changes since the cached capture", async () => {
      // Focus Notepad's document again (the folder click focused VS Code).
      await post("/api/element/click", { window_uid: notepad, selector: "Document" });
      const cached = await get(`/api/observe?window_uid=${notepad}&depth=8`);
      const wrap = (cached.body.tree as Tree).children.find((c) => c.name === "Word Wrap")!;
      // A click at Notepad's Word Wrap box with VS Code as the receipt's window
      // (the point is outside VS Code, so nothing is activated): Notepad changes
      // and its cache entry stays, a change the cache did not see.
      const clicked = await post("/api/tool/click_at", { window_uid: code, x: 140, y: 645 });
      assert.equal((clicked.body.at_point as Body).window_uid, notepad);
      assert.match(String(clicked.body.warning), /outside window/);
      const r = await get(`/api/observe?window_uid=${notepad}&changed_only=true`);
      assert.equal(r.body.changed_only, true);
      assert.equal(r.body.format, "custom");
      assert.equal(r.body.unchanged, false);
      // The box is toggled (and takes the focus from the document).
      const changes = r.body.changes as Array<{ path: string; fields: Body }>;
      const toggled = changes.find((c) => c.path === String(wrap.id).replace(/^root\./, ""));
      assert.equal(toggled?.fields.selected, !wrap.selected, JSON.stringify(changes));
      assert.equal((r.body.perf as Body).cache, "bypass");
    });

    await t.step("changed_only without a cached capture answers in full", async () => {
      await post("/api/element/click", { selector: 'CheckBox[name="Word Wrap"]' });
      const r = await get(`/api/observe?window_uid=${notepad}&changed_only=1`);
      assert.equal(r.body.format, "full");
      assert.equal(r.body.changed_only, true);
      assert.equal(r.body.base_token, null);
      assert.ok(r.body.tree);
    });
  } finally {
    await svc.stop();
  }
});
