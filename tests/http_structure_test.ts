// GET /api/structure v2 over HTTP: filters that always apply, prune_empty,
// max_text_len, opaque stable page cursors and their errors, scope with
// paging, visible_only over stacked windows, degraded.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode, q } from "./helpers/observe_api.ts";

type Tree = Body & { id: string; role: string; name: string; children: Tree[] };

function preorder(tree: Tree): Tree[] {
  return [tree, ...tree.children.flatMap(preorder)];
}

function roles(tree: Tree): string[] {
  return preorder(tree).map((n) => n.role);
}

Deno.test("structure filters and paging on the static mock", async (t) => {
  const svc = await startService();
  const { get, uid } = api(svc);
  const tree = async (query: string) => {
    const r = await get(`/api/structure?${query}`);
    assert.equal(r.status, 200, JSON.stringify(r.body));
    return { body: r.body, tree: r.body.tree as Tree };
  };
  try {
    await t.step("fresh: true walks the window instead of answering from the cache", async () => {
      const cacheOf = async (path: string) => {
        const r = await get(path);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        return (r.body.perf as { cache: string }).cache;
      };
      await cacheOf("/api/structure");
      assert.equal(await cacheOf("/api/structure"), "hit");
      assert.equal(await cacheOf("/api/structure?fresh=true"), "bypass");
      assert.equal(await cacheOf("/api/observe"), "hit");
      assert.equal(await cacheOf("/api/observe?fresh=1"), "bypass");
      // As every boolean in a query string: only 1, true and yes are true.
      assert.equal(await cacheOf("/api/structure?fresh=no"), "hit");
    });

    await t.step("roles keep matches and their containers without prune_empty", async () => {
      const { body, tree: t1 } = await tree("roles=MenuItem,CheckBox");
      assert.deepEqual(roles(t1), [
        "Window",
        "MenuBar",
        "MenuItem",
        "MenuItem",
        "MenuItem",
        "MenuItem",
        "MenuItem",
        "StatusBar",
        "CheckBox",
      ], "leaves that fail go; the emptied StatusBar stays");
      assert.equal(body.node_count, 9);
      assert.equal(body.element_count, 17, "element_count is the full capture");
    });

    await t.step("exclude_roles drops leaves; prune_empty drops emptied containers", async () => {
      const kept = roles((await tree("exclude_roles=Text,MenuItem")).tree);
      assert.ok(!kept.includes("Text") && !kept.includes("MenuItem"));
      assert.ok(kept.includes("StatusBar") && kept.includes("MenuBar"), "emptied containers stay");
      const pruned = roles((await tree("roles=MenuItem,CheckBox&prune_empty=yes")).tree);
      assert.ok(!pruned.includes("StatusBar"), "an emptied container that fails goes");
      assert.ok(pruned.includes("MenuBar"), "a container with matches stays");
    });

    await t.step("name_regex is a Python regex search", async () => {
      const names = preorder((await tree(`name_regex=${q("(?i)^f")}&prune_empty=1`)).tree)
        .map((n) => n.name);
      assert.deepEqual(names, ["Untitled — Notepad", "MenuBar", "File", "Format"]);
    });

    await t.step("max_text_len cuts names and values", async () => {
      const { tree: t1 } = await tree("max_text_len=5");
      assert.equal(t1.children[1].value, "Hello…");
      assert.equal(t1.name, "Untit…");
    });

    await t.step("max_nodes at or above the count: the tree unpaged", async () => {
      const { body } = await tree("max_nodes=17");
      assert.equal(body.truncated, false);
      assert.equal(body.next_cursor, null);
      assert.equal((body.tree as Tree).id, "root");
      assert.equal(body.node_count, 17);
    });

    await t.step(
      "paging: flat pre-order pages, one capture, until next_cursor is null",
      async () => {
        const full = preorder((await tree("")).tree).map((n) => n.id);
        const first = (await tree("max_nodes=5")).body;
        assert.equal(first.truncated, true);
        assert.match(String(first.next_cursor), /^pc:[0-9a-f]{16}$/);
        const ids: string[] = [];
        let page = first;
        for (;;) {
          const root = page.tree as Tree;
          assert.equal(root.id, "page-root");
          assert.equal(root.name, "[paged]");
          assert.ok(root.children.every((c) => c.children.length === 0));
          assert.equal(page.node_count, root.children.length);
          assert.equal(page.tree_token, first.tree_token, "every page is the same capture");
          ids.push(...root.children.map((c) => c.id));
          if (page.next_cursor === null) break;
          page = (await tree(`max_nodes=5&page_cursor=${page.next_cursor}`)).body;
          assert.equal((page.perf as Body).cache, "hit");
        }
        assert.deepEqual(ids, full);
        assert.equal(page.truncated, false);
      },
    );

    await t.step("a cursor is stable: the same cursor gives the same page", async () => {
      const first = (await tree("max_nodes=4")).body;
      const a = await tree(`max_nodes=4&page_cursor=${first.next_cursor}`);
      const b = await tree(`max_nodes=4&page_cursor=${first.next_cursor}`);
      assert.deepEqual(a.tree, b.tree);
      assert.equal(a.body.truncated, b.body.truncated);
    });

    await t.step("without max_nodes a cursor returns all the rest", async () => {
      const first = (await tree("max_nodes=10")).body;
      const rest = await tree(`page_cursor=${first.next_cursor}`);
      assert.equal(rest.body.node_count, 7);
      assert.equal(rest.body.next_cursor, null);
    });

    await t.step("filters and paging combine; a cursor needs no repeated filters", async () => {
      const first = (await tree("roles=MenuItem&prune_empty=1&max_nodes=3")).body;
      assert.deepEqual((first.tree as Tree).children.map((c) => c.role), [
        "Window",
        "MenuBar",
        "MenuItem",
      ]);
      const next = await tree(`page_cursor=${first.next_cursor}&max_nodes=10`);
      assert.deepEqual(next.tree.children.map((c) => c.name), ["Edit", "Format", "View", "Help"]);
      const same = await tree(
        `roles=MenuItem&prune_empty=true&page_cursor=${first.next_cursor}&max_nodes=10`,
      );
      assert.deepEqual(same.tree, next.tree);
    });

    await t.step("scope pages too, without a tree token", async () => {
      const first = (await tree("scope=root.0&max_nodes=2")).body;
      assert.equal(first.scope, "root.0");
      assert.equal(first.tree_token, null);
      assert.deepEqual((first.tree as Tree).children.map((c) => c.id), ["root.0", "root.0.0"]);
      const next = (await tree(`page_cursor=${first.next_cursor}`)).body;
      assert.deepEqual((next.tree as Tree).children.map((c) => c.id), [
        "root.0.1",
        "root.0.2",
        "root.0.3",
        "root.0.4",
      ]);
    });

    const chrome = await uid("Chrome");
    const cursor = String((await tree("max_nodes=2")).body.next_cursor);
    const ERRORS: Array<[string, number, string, string]> = [
      ["page_cursor=pc:0000000000000000", 410, "SnapshotExpired", "page_cursor"],
      ["page_cursor=root.4", 400, "BadRequest", "page_cursor"],
      [`page_cursor=${cursor}&roles=Edit`, 400, "BadRequest", "page_cursor"],
      [`page_cursor=${cursor}&depth=2`, 400, "BadRequest", "page_cursor"],
      [`page_cursor=${cursor}&window_uid=${chrome}`, 400, "BadRequest", "page_cursor"],
      [`name_regex=${q("(")}`, 400, "BadRequest", "name_regex"],
      ["max_nodes=0", 400, "BadRequest", ""],
      ["max_text_len=long", 400, "BadRequest", ""],
    ];
    for (const [query, status, code, contextKey] of ERRORS) {
      await t.step(`?${query} → ${status} ${code}`, async () => {
        const r = await get(`/api/structure?${query}`);
        assert.equal(r.status, status);
        assert.equal(errorCode(r), code);
        if (contextKey) assert.ok(contextKey in (r.body.error as { context: Body }).context);
      });
    }
  } finally {
    await svc.stop();
  }
});

Deno.test("structure on the interactive mock: stable pages, visible_only, degraded", async (t) => {
  const svc = await startService({
    config: { mock_interactive: true, tree: { sparse_threshold: 30 } },
  });
  const { get, post, uid } = api(svc);
  try {
    const code = await uid("Visual Studio Code");
    const chrome = await uid("Chrome");

    await t.step("pages keep coming from the first capture while the UI changes", async () => {
      const before = preorder(
        (await get(`/api/structure?window_uid=${code}&depth=8`)).body.tree as Tree,
      ).map((n) => n.id);
      const first = (await get(`/api/structure?window_uid=${code}&depth=8&max_nodes=8`)).body;
      await post("/api/element/click", {
        window_uid: code,
        selector: 'TreeItem[name="adapters"]',
      });
      const ids = (first.tree as Tree).children.map((c) => c.id);
      let next = first.next_cursor;
      while (next !== null) {
        const page = (await get(`/api/structure?page_cursor=${next}&max_nodes=8`)).body;
        ids.push(...(page.tree as Tree).children.map((c) => c.id));
        next = page.next_cursor;
      }
      assert.deepEqual(ids, before);
      const after = (await get(`/api/structure?window_uid=${code}&depth=8`)).body;
      assert.equal(after.element_count, before.length + 3, "a fresh listing sees the new rows");
    });

    await t.step("visible_only drops what the Notepad window covers", async () => {
      // Notepad (80,60 800×600) is on top of Chrome after this click.
      const notepad = await uid("Notepad");
      await post("/api/element/click", { window_uid: notepad, selector: "Document" });
      const all = preorder((await get(`/api/structure?window_uid=${chrome}`)).body.tree as Tree);
      const seen = preorder(
        (await get(`/api/structure?window_uid=${chrome}&visible_only=1&prune_empty=1`)).body
          .tree as Tree,
      ).map((n) => n.name);
      assert.ok(all.some((n) => n.name === "Pricing"));
      assert.ok(!seen.includes("Pricing"), "covered by Notepad");
      assert.ok(!seen.includes("Product"));
      assert.ok(seen.includes("Back"), "left of Notepad");
      assert.ok(seen.includes("Explore GitHub Copilot"), "below Notepad");
    });

    await t.step("a sparse tree carries the degraded signal", async () => {
      const r = await get("/api/structure");
      assert.deepEqual(r.body.degraded, {
        reason: "sparse_accessibility_tree",
        named_node_count: 16,
        threshold: 30,
        suggested_fallbacks: ["get_ocr", "get_screen_description"],
      });
      const scoped = await get("/api/structure?scope=root.0");
      assert.equal(scoped.body.degraded, undefined, "never on scoped results");
    });
  } finally {
    await svc.stop();
  }
});
