// The v1 routes over real HTTP against the spawned service on the mock desktop.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { waitFor } from "./helpers/proc.ts";
import { OCR_STARTING } from "../lib/services/ocr/index.ts";
import { decodeBase64, getJson, type JsonResponse, pngSize, postJson } from "./helpers/http.ts";

type Tree = { id: string; name: string; role: string; children: Tree[]; [k: string]: unknown };

function errorCode(r: JsonResponse): string | undefined {
  return (r.body.error as { code?: string } | undefined)?.code;
}

Deno.test("v1 routes on the mock desktop", async (t) => {
  const svc = await startService();
  const api = (path: string) => getJson(`${svc.url}${path}`);
  const statuses: number[] = [];
  const track = async (p: Promise<JsonResponse>) => {
    const r = await p;
    statuses.push(r.status);
    return r;
  };
  try {
    await t.step("GET /api/windows: focused first, stable uids, untrusted", async () => {
      const r = await track(api("/api/windows"));
      assert.equal(r.status, 200);
      const b = r.body;
      assert.equal(b.ok, true);
      assert.equal(b.success, true);
      assert.equal(b.is_mock, true);
      assert.equal(b.count, 3);
      assert.equal(b.untrusted, true);
      assert.equal(typeof b.step_id, "number");
      assert.equal(b.caused_by_step_id, null);
      const windows = b.windows as Array<Record<string, unknown>>;
      assert.deepEqual(windows.map((w) => w.title), [
        "Untitled — Notepad",
        "GitHub · Where software is built — Google Chrome",
        "screen_observer.py — Visual Studio Code",
      ]);
      assert.deepEqual(windows.map((w) => w.index), [0, 1, 2]);
      assert.deepEqual(windows[0], {
        index: 0,
        handle: "1001",
        title: "Untitled — Notepad",
        process: "notepad.exe",
        pid: 1234,
        bounds: { x: 80, y: 60, width: 800, height: 600 },
        focused: true,
        window_uid: windows[0].window_uid,
      });
      for (const [i, w] of windows.entries()) {
        assert.match(String(w.window_uid), new RegExp(`^mock:${i}:[0-9a-f]{8}$`));
      }
      const again = await api("/api/windows");
      assert.equal(again.body.step_id, (b.step_id as number) + 1, "step ids are sequential");
    });

    await t.step("GET /api/structure: the Notepad tree with hash, token and perf", async () => {
      const r = await track(api("/api/structure"));
      assert.equal(r.status, 200);
      const b = r.body;
      assert.equal(b.window, "Untitled — Notepad");
      assert.equal(b.element_count, 17);
      assert.equal(b.node_count, 17);
      assert.equal(b.depth_used, 5);
      assert.equal(b.depth_truncated, false);
      assert.equal(b.truncated, false);
      assert.equal(b.next_cursor, null);
      assert.equal(b.degraded, undefined);
      assert.match(String(b.tree_hash), /^sha1:[0-9a-f]{40}$/);
      assert.match(String(b.tree_token), /^tt:[0-9a-f]{16}$/);
      assert.deepEqual(Object.keys(b.perf as object).sort(), [
        "cache",
        "capture_ms",
        "depth_used",
        "node_count",
      ]);
      const tree = b.tree as Tree;
      assert.deepEqual(tree.children.map((c) => c.id), [
        "root.0",
        "root.1",
        "root.2",
        "root.3",
        "root.4",
        "root.5",
        "root.6",
      ]);
      assert.deepEqual(tree.children[4].children.map((c) => c.id), [
        "root.4.0",
        "root.4.1",
        "root.4.2",
        "root.4.3",
      ]);
      assert.deepEqual(tree.children[1], {
        id: "root.1",
        name: "Text Editor",
        role: "Document",
        value: "Hello, world!\nThis is a test document.\nLine 3 has some content here.\n",
        bounds: { x: 80, y: 82, width: 800, height: 514 },
        enabled: true,
        focused: true,
        keyboard_shortcut: null,
        description: null,
        children: [],
      });
      assert.equal(tree.children[6].selected, true);
      assert.equal(tree.children[5].value_now, 40);
    });

    await t.step("structure depth=1 marks truncated containers", async () => {
      const b = (await track(api("/api/structure?depth=1"))).body;
      assert.equal(b.node_count, 8);
      assert.equal(b.element_count, 17);
      assert.equal(b.depth_truncated, true);
      const kids = (b.tree as Tree).children;
      assert.equal(kids[0].truncated, true);
      assert.equal(kids[0].child_count, 5);
      assert.deepEqual(kids[0].children, []);
      assert.equal(kids[4].child_count, 4);
      assert.equal(kids[1].truncated, undefined);
    });

    await t.step("structure depth is clamped to tree.max_depth", async () => {
      assert.equal((await track(api("/api/structure?depth=300"))).body.depth_used, 64);
      assert.equal((await track(api("/api/structure?depth=-3"))).body.depth_used, 0);
    });

    await t.step("every mock window has its own tree", async () => {
      const chrome = (await track(api("/api/structure?window_index=1"))).body;
      assert.equal(chrome.window, "GitHub · Where software is built — Google Chrome");
      const chromeTree = chrome.tree as Tree;
      assert.deepEqual(chromeTree.children.map((c) => c.role), [
        "TabControl",
        "ToolBar",
        "Document",
      ]);
      const address = chromeTree.children[1].children.find((c) => c.role === "Edit")!;
      assert.equal(address.value, "https://github.com/");
      const code = (await track(api("/api/structure?window_title=visual studio"))).body;
      assert.equal(code.window, "screen_observer.py — Visual Studio Code");
      assert.notEqual(code.tree_hash, chrome.tree_hash);
    });

    await t.step("structure by uid, and uid + index warns", async () => {
      const windows = (await api("/api/windows")).body.windows as Array<{ window_uid: string }>;
      const uid = windows[2].window_uid;
      const b = (await track(api(`/api/structure?window_uid=${uid}&window_index=0`))).body;
      assert.equal(b.window_uid, uid);
      assert.equal(b.warning, "both window_index and window_uid given; window_uid used");
    });

    await t.step("structure: out-of-range window_index falls back to focused (200)", async () => {
      const r = await track(api("/api/structure?window_index=99"));
      assert.equal(r.status, 200);
      assert.equal(r.body.window, "Untitled — Notepad");
    });

    await t.step("structure: scope returns a subtree without a token", async () => {
      const b = (await track(api("/api/structure?scope=root.0"))).body;
      assert.equal(b.scope, "root.0");
      assert.equal(b.tree_token, null);
      assert.equal((b.tree as Tree).children.length, 5);
      assert.equal(b.node_count, 6);
      const deep = (await track(api("/api/structure?scope=root.4&depth=0"))).body;
      assert.deepEqual((deep.tree as Tree).children, []);
      assert.equal((deep.tree as Tree).truncated, undefined, "scoped: no markers");
    });

    const BAD_STRUCTURE: Array<[string, number, string]> = [
      ["window_index=abc", 400, "BadRequest"],
      ["window_index=1.5", 400, "BadRequest"],
      ["window_index=", 400, "BadRequest"],
      ["depth=deep", 400, "BadRequest"],
      ["window_uid=mock:9:deadbeef", 404, "WindowGone"],
      ["scope=root.99", 404, "ElementNotFound"],
    ];
    for (const [query, status, code] of BAD_STRUCTURE) {
      await t.step(`structure ?${query} → ${status} ${code}`, async () => {
        const r = await track(api(`/api/structure?${query}`));
        assert.equal(r.status, status);
        assert.equal(errorCode(r), code);
        assert.equal(r.body.ok, false);
        assert.equal(r.body.success, false);
        assert.equal(typeof r.body.step_id, "number");
        const error = r.body.error as Record<string, unknown>;
        assert.equal(typeof error.message, "string");
        assert.equal(typeof error.recoverable, "boolean");
        assert.ok("suggested_next_tool" in error);
        assert.equal(typeof error.context, "object");
      });
    }

    await t.step("GET /api/description: prose plus the sources' messages", async () => {
      const first = await track(api("/api/description"));
      assert.equal(first.status, 200);
      assert.equal(first.body.ocr, OCR_STARTING, "the first description does not wait for OCR");
      // The engine started with it; a later description reads.
      const r = await waitFor("a description with OCR's text", async () => {
        const again = await track(api("/api/description"));
        return again.body.ocr === OCR_STARTING ? null : again;
      }, 60_000);
      assert.equal(r.status, 200);
      const b = r.body;
      assert.equal(b.mode, "combined");
      assert.equal(b.effective_mode, "combined");
      assert.equal(b.window, "Untitled — Notepad");
      assert.equal(b.untrusted, true);
      const prose = String(b.accessibility);
      assert.ok(prose.startsWith("Application : notepad.exe\nWindow      : Untitled — Notepad\n"));
      assert.ok(prose.endsWith('[17 elements total; focused → Document "Text Editor"]'));
      // The bootstrapped example config enables both OCR and VLM; OCR reads the pixels.
      assert.match(String(b.ocr), /Hello, world!/);
      assert.match(String(b.vlm), /^\[VLM unavailable/);
      assert.equal(
        b.description,
        `[accessibility]\n${prose}\n\n[ocr]\n${b.ocr}\n\n[vlm]\n${b.vlm}`,
      );
      assert.equal(b.truncated, false);
    });

    await t.step("description: max_tokens truncates, focus_element narrows", async () => {
      const cut = (await track(api("/api/description?max_tokens=10"))).body;
      assert.equal(cut.truncated, true);
      assert.equal(
        String(cut.description),
        "[accessibility]\nApplication : notepad.ex… [truncated]",
      );
      const focused = (await track(api("/api/description?focus_element=root.4"))).body;
      assert.match(String(focused.accessibility), /Root: StatusBar {2}"Status Bar"/);
      assert.match(String(focused.accessibility), /\[5 elements total\]$/);
      const ignored = await track(api("/api/description?mode=vlm"));
      assert.equal(ignored.body.effective_mode, "combined", "mode is accepted and ignored");
      const unknownMode = await track(api("/api/description?mode=telepathy"));
      assert.equal(unknownMode.status, 400);
      const bad = await track(api("/api/description?max_tokens=0"));
      assert.equal(bad.status, 400);
      assert.equal(errorCode(bad), "BadRequest");
    });

    await t.step("GET /api/sketch: the configured grid, Unicode boxes", async () => {
      const r = await track(api("/api/sketch"));
      assert.equal(r.status, 200);
      const b = r.body;
      assert.equal(b.window, "(focused)");
      assert.equal(b.grid_width, 110);
      assert.equal(b.grid_height, 38);
      assert.equal(b.ocr_overlay, false);
      const sketch = String(b.sketch);
      assert.ok(sketch.startsWith("┌"));
      assert.match(sketch, /\n {2}LEGEND\n/);
      assert.match(sketch, /^┌.*Untitled — Notepad/, "the window's title is in its top border");
      assert.match(sketch, / {5}A {2}\S+ "/, "the legend lists keyed elements");
      const grid = sketch.split("\n\n  LEGEND")[0].split("\n");
      assert.ok(grid.length <= 38);
      for (const row of grid) assert.ok([...row].length <= 110, row);
      assert.equal(b.elements, undefined);
    });

    await t.step("sketch: grid sizes and structured output", async () => {
      const b =
        (await track(api("/api/sketch?window_index=0&grid_width=40&grid_height=12&structured=1")))
          .body;
      assert.equal(b.window, "Untitled — Notepad");
      assert.equal(b.grid_width, 40);
      assert.equal(b.grid_height, 12);
      const elements = b.elements as Array<Record<string, unknown>>;
      assert.equal(elements.length, 17);
      assert.equal(elements[0].id, "root");
      const legend = b.legend as Record<string, string>;
      const keyed = elements.filter((e) => e.legend_key !== "");
      assert.deepEqual(Object.keys(legend).sort(), keyed.map((e) => String(e.legend_key)).sort());
      assert.equal(elements[0].legend_key, "", "the window is its border, not a key");
      const grid = String(b.sketch).split("\n\n  LEGEND")[0].split("\n");
      for (const row of grid) assert.ok([...row].length <= 40);
    });

    await t.step("sketch: unicode=0 gives plain ASCII for this request", async () => {
      const b = (await track(api("/api/sketch?window_index=0&unicode=0&structured=1"))).body;
      const text = String(b.sketch);
      assert.ok([...text].every((ch) => ch.codePointAt(0)! < 128), "ASCII only");
      assert.ok(text.startsWith("+"));
      const legend = b.legend as Record<string, string>;
      assert.ok(text.split("\n")[0].includes("Untitled - Notepad"), "the title is ASCII too");
      for (const label of Object.values(legend)) assert.ok(/^[\x20-\x7e]+$/.test(label), label);
    });

    const BAD_SKETCH = [
      "grid_width=5",
      "grid_width=100000",
      "grid_height=0",
      "grid_height=-4",
      "grid_width=wide",
      "window_index=abc",
    ];
    for (const query of BAD_SKETCH) {
      await t.step(`sketch ?${query} → 400 with a v1 error string`, async () => {
        const r = await track(api(`/api/sketch?${query}`));
        assert.equal(r.status, 400);
        assert.equal(typeof r.body.error, "string");
      });
    }

    await t.step("GET /api/screenshot: full screen, or one window", async () => {
      const full = await track(api("/api/screenshot"));
      assert.equal(full.status, 200);
      assert.equal(full.body.window, "(full screen)");
      assert.equal(full.body.format, "png");
      assert.equal(full.body.encoding, "base64");
      assert.deepEqual(pngSize(decodeBase64(String(full.body.data))), {
        width: 1920,
        height: 1080,
      });
      const win = await track(api("/api/screenshot?window_index=0"));
      assert.equal(win.body.window, "Untitled — Notepad");
      assert.deepEqual(pngSize(decodeBase64(String(win.body.data))), { width: 800, height: 600 });
      const bad = await track(api("/api/screenshot?window_index=x"));
      assert.equal(bad.status, 400);
      assert.equal(typeof bad.body.error, "string");
    });

    await t.step("POST /api/action: the four verbs on the mock", async () => {
      const click = await track(postJson(`${svc.url}/api/action`, {
        action: "click_at",
        x: 280,
        y: 72,
        button: "right",
        double: true,
      }));
      assert.equal(click.status, 200);
      const c = click.body;
      assert.equal(c.ok, true);
      assert.equal(c.success, true);
      assert.equal(c.action, "click_at");
      assert.equal(c.note, "Mock adapter — no real OS action performed");
      assert.equal(c.step_id, c.caused_by_step_id);
      assert.equal(typeof c.duration_ms, "number");
      assert.deepEqual(c.new_dialogs, []);
      assert.equal(c.button, "right");
      assert.equal(c.double, true);
      assert.equal(c.untrusted, undefined, "action results are never marked");
      const after = (await api("/api/windows")).body;
      assert.equal(after.caused_by_step_id, c.step_id, "reads point at the last input");

      for (
        const body of [
          { action: "type", value: "Grüße ✓ 日本" },
          { action: "key", value: "ctrl+shift+s" },
          { action: "scroll", clicks: -5, x: 400, y: 300 },
          { action: "scroll" },
        ]
      ) {
        const r = await track(postJson(`${svc.url}/api/action`, body));
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(r.body.ok, true);
        assert.equal(r.body.action, body.action);
      }
    });

    await t.step("action dry_run does not reach the adapter", async () => {
      const r = await track(postJson(`${svc.url}/api/action`, {
        action: "click_at",
        x: 1,
        y: 2,
        dry_run: true,
      }));
      assert.equal(r.body.dry_run, true);
      assert.equal(r.body.note, undefined);
    });

    const BAD_ACTIONS: Array<[string, unknown, number]> = [
      ["unknown action", { action: "explode" }, 400],
      ["missing action", { x: 1 }, 400],
      ["action not a string", { action: 5 }, 400],
      ["click_at without x", { action: "click_at", y: 3 }, 400],
      ["click_at with text x", { action: "click_at", x: "ten", y: 3 }, 400],
      ["click_at with fractional y", { action: "click_at", x: 1, y: 2.5 }, 400],
      ["click_at far off screen", { action: "click_at", x: 1e9, y: 0 }, 400],
      ["click_at bad button", { action: "click_at", x: 1, y: 1, button: "thumb" }, 400],
      ["type without value", { action: "type" }, 400],
      ["type with a number", { action: "type", value: 42 }, 400],
      ["key without value", { action: "key" }, 400],
      ["key with an unknown key", { action: "key", value: "ctrl+banana" }, 400],
      ["scroll with x only", { action: "scroll", x: 3 }, 400],
      ["scroll with huge clicks", { action: "scroll", clicks: 1e6 }, 400],
      ["malformed JSON", "{not json", 400],
      ["JSON array body", "[1,2]", 400],
      ["JSON string body", '"click"', 400],
    ];
    for (const [name, body, status] of BAD_ACTIONS) {
      await t.step(`action: ${name} → ${status}`, async () => {
        const r = await track(postJson(`${svc.url}/api/action`, body));
        assert.equal(r.status, status, JSON.stringify(r.body));
        assert.equal(r.body.ok, false);
      });
    }

    await t.step("action: unknown verb keeps the v1 string error", async () => {
      const r = await postJson(`${svc.url}/api/action`, { action: "explode" });
      assert.deepEqual(r.body, { success: false, ok: false, error: "Unknown action: explode" });
    });

    await t.step("action: a form post (text/plain) is refused with 415", async () => {
      const r = await track(getJson(`${svc.url}/api/action`, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify({ action: "type", value: "x" }),
      }));
      assert.equal(r.status, 415);
      assert.equal(errorCode(r), "BadRequest");
    });

    await t.step("nothing above was a 500 and the service is still up", async () => {
      assert.ok(statuses.every((s) => s < 500), String(statuses));
      assert.equal(svc.exited(), null);
      assert.equal((await api("/api/healthz")).status, 200);
    });
  } finally {
    await svc.stop();
  }
});
