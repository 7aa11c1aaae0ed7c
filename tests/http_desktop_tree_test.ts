// The desktop-wide tree, OSWorld's formats and depth on demand, over real HTTP
// on the mock desktop (the Linux adapter's are in tests/linux/).

import { strict as assert } from "node:assert";
import { getJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";
import { countNodes, type Element, walk } from "../lib/model/tree.ts";
import { parseXml, preorder } from "./helpers/xml.ts";
import { Tiktoken } from "js-tiktoken/lite";
import cl100k_base from "js-tiktoken/ranks/cl100k_base";

Deno.test("desktop tree, OSWorld XML and table, depth on demand (mock, HTTP)", async (t) => {
  const svc = await startService({ config: { tree: { cache_ttl_s: 60 } } });
  const get = (path: string) => getJson(`${svc.url}${path}`);
  try {
    const windows = (await get("/api/windows")).body.windows as Array<Record<string, string>>;

    await t.step("every application, each with its windows", async () => {
      const r = await get("/api/desktop_tree");
      assert.equal(r.status, 200);
      const tree = r.body.tree as Element;
      assert.equal(tree.role, "Desktop");
      const processes = [...new Set(windows.map((w) => w.process))];
      assert.deepEqual(
        tree.children.map((a) => [a.role, a.name]),
        processes.map((p) => [
          "Application",
          p,
        ]),
      );
      const titles = tree.children.flatMap((a) => a.children.map((w) => w.name)).sort();
      assert.deepEqual(titles, windows.map((w) => w.title).sort());
      assert.equal(r.body.node_count, countNodes(tree));
      assert.equal(r.body.depth_truncated, false);
      assert.equal(r.body.cut_short, null);
    });

    await t.step("one application, any case; an unknown one is WindowGone", async () => {
      const one = await get("/api/desktop_tree?application=CHROME.EXE");
      assert.deepEqual((one.body.tree as Element).children.map((a) => a.name), ["chrome.exe"]);
      const none = await get("/api/desktop_tree?application=nope");
      assert.equal(none.status, 404);
      assert.equal((none.body.error as Record<string, unknown>).code, "WindowGone");
    });

    await t.step("a depth cut is marked on the nodes and in the answer", async () => {
      const r = await get("/api/desktop_tree?depth=2");
      assert.equal(r.body.depth_truncated, true);
      assert.equal(r.body.cut_short, "depth");
      const windowsCut: Element[] = [];
      walk(r.body.tree as Element, (n, depth) => depth === 2 && windowsCut.push(n));
      assert.ok(windowsCut.every((w) => w.children.length === 0));
      assert.ok(windowsCut.some((w) => w.truncated === true && (w.child_count ?? 0) > 0));
    });

    await t.step("OSWorld XML: parses, one element per node of the desktop tree", async () => {
      const desktop = (await get("/api/desktop_tree")).body.tree as Element;
      const r = await get("/api/accessibility");
      assert.equal(r.status, 200);
      const root = parseXml(r.body.AT as string);
      assert.equal(root.tag, "desktop-frame");
      assert.equal(preorder(root).length, countNodes(desktop));
      assert.deepEqual(
        root.children.map((a) => [a.tag, a.attrs.name]),
        desktop.children.map((a) => ["application", a.name]),
      );
      const one = parseXml((await get("/api/accessibility?window_index=0")).body.AT as string);
      assert.deepEqual(one.children.map((a) => a.attrs.name), [windows[0].process]);
      assert.equal(one.children[0].children[0].attrs.name, windows[0].title);
    });

    await t.step("OSWorld table: header, rows, cut to a cl100k budget", async () => {
      const whole = (await get("/api/accessibility?format=table")).body;
      assert.ok(
        (whole.table as string).startsWith(
          "tag\tname\ttext\tclass\tdescription\tposition (top-left x&y)\tsize (w&h)\n",
        ),
      );
      assert.ok((whole.rows as number) > 10, "the mock's controls are rows");
      assert.equal(whole.cut, false);
      const cut = (await get("/api/accessibility?format=table&max_tokens=40")).body;
      assert.equal(cut.cut, true);
      const table = cut.table as string;
      assert.ok(table.endsWith("[...]\n"));
      const kept = table.slice(0, -"[...]\n".length);
      assert.ok((whole.table as string).startsWith(kept));
      assert.equal(new Tiktoken(cl100k_base).encode(kept).length, cut.tokens);
      assert.ok((cut.tokens as number) <= 40);
      const bad = await get("/api/accessibility?format=table&max_tokens=0");
      assert.equal(bad.status, 400);
    });

    await t.step(
      "a structure walks the whole window once; every depth is cut from it",
      async () => {
        // Depth counts levels a person sees, which may lie any number of
        // toolkit levels down: the capture is whole, the answer is cut.
        const uid = windows[2].window_uid; // not captured yet
        const shallow = (await get(`/api/structure?window_uid=${uid}&depth=1`)).body;
        assert.equal(shallow.depth_truncated, true);
        assert.equal((shallow.perf as Record<string, unknown>).cache, "miss");
        assert.equal((shallow.perf as Record<string, unknown>).cut_short, undefined);
        const deeper = (await get(`/api/structure?window_uid=${uid}&depth=3`)).body;
        assert.equal((deeper.perf as Record<string, unknown>).cache, "hit");
        assert.ok((deeper.node_count as number) > (shallow.node_count as number));
        assert.equal(deeper.element_count, shallow.element_count);
      },
    );
    await t.step("a window's OSWorld tree leaves the ids of its cached tree alone", async () => {
      // The OSWorld tree wraps the window in a desktop and renumbers it from there; it once
      // renumbered the cached tree itself, so later reads answered ids like root.0.0.3.
      const uid = windows[1].window_uid;
      const ids = async () => {
        const r = await get(`/api/structure?window_uid=${uid}&depth=30`);
        const all: string[] = [];
        walk(r.body.tree as Element, (node) => all.push(node.id));
        return { cache: (r.body.perf as Record<string, unknown>).cache, all };
      };
      const before = await ids();
      const osworld = await get(`/api/accessibility?window_uid=${uid}`);
      assert.equal(osworld.status, 200);
      const after = await ids();
      assert.equal(after.cache, "hit");
      assert.equal(after.all[0], "root");
      assert.deepEqual(after.all, before.all);
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("at the tree.max_depth cap, depth_truncated is true where nodes were cut", async () => {
  const svc = await startService({ config: { tree: { max_depth: 1, cache_ttl_s: 0 } } });
  try {
    const r = await getJson(`${svc.url}/api/structure?window_index=0&depth=50`);
    assert.equal(r.body.depth_used, 1);
    assert.equal(r.body.depth_truncated, true);
    let marked = 0;
    walk(r.body.tree as Element, (n) => n.truncated && marked++);
    assert.ok(marked > 0);
    const o = await getJson(`${svc.url}/api/observe?window_index=0&depth=50`);
    assert.equal(o.body.depth_truncated, true);
  } finally {
    await svc.stop();
  }
});
