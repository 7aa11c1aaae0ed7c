// The whole service as a Windows user runs it: the Windows build of Deno
// under wine, the Windows adapter on real Win32 programs (wine's notepad and
// the controls fixture), driven over REST like an agent would.

import assert from "node:assert/strict";
import { startService } from "../helpers/service.ts";
import { connectSdkClient, resultJson } from "../helpers/mcp.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import {
  accessibleStructure,
  type Client,
  client,
  eventually,
  findAll,
  inside,
} from "../linux/linux_service.ts";
import type { Element } from "../../lib/model/tree.ts";
import { wineTest } from "./wine.ts";

const TREES = { max_depth: 30, default_depth: 30, cache_ttl_s: 0 };

type Window = Record<string, unknown> & { window_uid: string; title: string; process: string };

async function windowTitled(c: Client, title: string): Promise<Window> {
  const windows = await eventually(
    () => c.windows() as Promise<Window[]>,
    (ws) => ws.some((w) => w.title === title),
    20_000,
  );
  const window = windows.find((w) => w.title === title);
  if (!window) throw new Error(`no window "${title}" in ${JSON.stringify(windows)}`);
  return window;
}

function editOf(tree: Element): Element {
  const edits = findAll(tree, (e) => e.role === "Edit" || e.role === "Document");
  assert.ok(edits.length > 0, `no Edit in ${JSON.stringify(tree).slice(0, 2000)}`);
  return edits[0];
}

async function textOf(c: Client, uid: string): Promise<string> {
  return editOf(await c.structure(uid)).value ?? "";
}

wineTest(
  "Windows adapter under wine: the service on notepad and a Win32 controls window",
  async (t, desktop) => {
    desktop.start("notepad");
    const controls = desktop.start(await desktop.fixture("controls"));
    const traces = await Deno.makeTempDir({ prefix: "oso-wine-traces-" });
    const service = await startService({
      mock: false,
      config: { tree: TREES, tracing: { dir: traces } },
      wine: { deno: desktop.kit.deno, env: desktop.env },
    });
    const c = client(service);
    try {
      await t.step("healthz and capabilities say Windows, and which tree source", async () => {
        type Source = { name: string; note: string };
        const health = (await c.get("/api/healthz")).body as Record<string, unknown> & {
          tree_source: Source;
        };
        assert.equal(health.adapter, "WindowsAdapter", service.stderr());
        assert.equal(health.is_mock, false);
        assert.equal(health.tree_source.name, "msaa");
        assert.match(health.tree_source.note, /REGDB_E_CLASSNOTREG/);
        const caps = (await c.get("/api/capabilities")).body as Record<string, unknown> & {
          tree_source: Source;
          supports: Record<string, boolean>;
        };
        assert.equal(caps.platform, "Windows");
        assert.equal(caps.tree_source.name, "msaa");
        assert.equal(caps.supports.uia_invoke, false);
      });

      const notepad = await windowTitled(c, "Untitled - Notepad");
      const panel = await windowTitled(c, "OSO Controls");

      await t.step("windows: process names, pids, uids, bounds", () => {
        assert.equal(notepad.process, "notepad.exe");
        assert.match(notepad.window_uid, /^win:[1-9]\d*:[1-9]\d*$/);
        assert.equal(panel.process.toLowerCase().endsWith(".exe"), true);
        const bounds = panel.bounds as Element["bounds"];
        assert.ok(bounds.width > 300 && bounds.height > 200, JSON.stringify(bounds));
      });

      await t.step("the controls window's tree: every control, inside the window", async () => {
        const tree = await accessibleStructure(c, panel.window_uid);
        const named = (role: string, name: string) =>
          findAll(tree, (e) => e.role === role && e.name === name)[0];
        for (const [role, name] of [["Button", "Press me"], ["CheckBox", "Remember me"]]) {
          const node = named(role, name);
          assert.ok(
            node,
            `${role} "${name}" missing from ${JSON.stringify(tree).slice(0, 3000)}`,
          );
          assert.ok(inside(node.bounds, tree.bounds), `${name} outside its window`);
        }
        const items = findAll(tree, (e) => e.role === "ListItem").map((e) => e.name);
        for (const item of ["Alpha", "Beta", "Gamma"]) assert.ok(items.includes(item), item);
      });

      await t.step("the desktop tree: each program under its process, one of them", async () => {
        const all = await c.get("/api/desktop_tree");
        assert.equal(all.status, 200, JSON.stringify(all.body));
        const root = all.body.tree as Element;
        assert.equal(root.role, "Desktop");
        const apps = root.children.map((a) => a.name);
        assert.ok(apps.includes("notepad.exe"), JSON.stringify(apps));
        const one = await c.get("/api/desktop_tree?application=NOTEPAD.EXE");
        assert.equal(one.status, 200, JSON.stringify(one.body));
        const only = (one.body.tree as Element).children;
        assert.deepEqual(only.map((a) => a.name), ["notepad.exe"]);
        assert.equal(only[0].children[0].name, "Untitled - Notepad");
        const none = await c.get("/api/desktop_tree?application=no-such.exe");
        assert.equal(none.status, 404, JSON.stringify(none.body));
      });

      await t.step("click a button by selector: the program reacts", async () => {
        const r = await c.post("/api/element/click", {
          window_uid: panel.window_uid,
          selector: 'Button[name="Press me"]',
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const tree = await eventually(
          () => c.structure(panel.window_uid),
          (tree) => findAll(tree, (e) => e.name === "Pressed 1").length > 0,
        );
        assert.equal(findAll(tree, (e) => e.name === "Pressed 1").length, 1);
      });

      await t.step("pyautogui: mouseDown/mouseUp on the edit, shift held by keyDown", async () => {
        const front = await c.post("/api/tool/bring_to_foreground", {
          window_uid: panel.window_uid,
        });
        assert.equal(front.status, 200, JSON.stringify(front.body));
        const edit = findAll(await c.structure(panel.window_uid), (e) => e.role === "Edit")[0];
        assert.ok(edit, "the fixture's edit");
        const x = edit.bounds.x + Math.floor(edit.bounds.width / 2);
        const y = edit.bounds.y + Math.floor(edit.bounds.height / 2);
        const value = async () =>
          findAll(await c.structure(panel.window_uid), (e) => e.id === edit.id)[0]?.value ?? "";
        const run = async (code: string) => {
          const r = await c.post("/api/pyautogui", { code });
          assert.equal(r.status, 200, `${code} → ${JSON.stringify(r.body)}`);
          const steps = r.body.steps as Record<string, unknown>[];
          assert.ok(steps.every((s) => s.ok !== false), JSON.stringify(steps));
        };
        // The button pressed in one call and released in the next, where the pointer is.
        await run(`pyautogui.mouseDown(${x}, ${y})`);
        await run("pyautogui.mouseUp()");
        await run("pyautogui.keyDown('shift')\npyautogui.press('a')\npyautogui.keyUp('shift')");
        assert.equal(await eventually(value, (v) => v === "A"), "A");
        // Shift held across calls, then released: the next key is lower case again.
        await run("pyautogui.keyDown('shift')");
        await run("pyautogui.press('b')");
        await run("pyautogui.keyUp('shift')");
        await run("pyautogui.press('c')");
        assert.equal(await eventually(value, (v) => v === "ABc"), "ABc");
      });

      await t.step("type Unicode into notepad and read it back; key chords", async () => {
        const text = "Grüße, wine ✓ 日本 𝄞";
        const typed = await c.post("/api/action", {
          action: "type",
          value: text,
          window_uid: notepad.window_uid,
        });
        assert.equal(typed.status, 200, JSON.stringify(typed.body));
        assert.equal(
          await eventually(() => textOf(c, notepad.window_uid), (v) => v === text),
          text,
        );
        const chord = await c.post("/api/action", {
          action: "key",
          value: "ctrl+a",
          window_uid: notepad.window_uid,
        });
        assert.equal(chord.status, 200, JSON.stringify(chord.body));
        await c.post("/api/action", {
          action: "type",
          value: "replaced",
          window_uid: notepad.window_uid,
        });
        assert.equal(
          await eventually(() => textOf(c, notepad.window_uid), (v) => v === "replaced"),
          "replaced",
        );
      });

      await t.step("screenshots have the window's real pixels", async () => {
        // wine's PrintWindow paints one flat colour, so a window is shot from the screen:
        // in front, it shows its own pixels.
        const front = await c.post("/api/tool/bring_to_foreground", {
          window_uid: panel.window_uid,
        });
        assert.equal(front.status, 200, JSON.stringify(front.body));
        const r = await c.get(`/api/screenshot?window_uid=${panel.window_uid}`);
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const png = await decodePng(
          Uint8Array.from(atob(r.body.data as string), (ch) => ch.charCodeAt(0)),
        );
        const bounds = panel.bounds as Element["bounds"];
        assert.equal(png.width, bounds.width);
        assert.equal(png.height, bounds.height);
        const colours = new Set<number>();
        for (let i = 0; i < png.data.length; i += 4 * 97) {
          colours.add((png.data[i] << 16) | (png.data[i + 1] << 8) | png.data[i + 2]);
        }
        assert.ok(colours.size > 3, `only ${colours.size} colours`);
      });

      await t.step(
        "a killed program's window is WindowGone, and the service serves on",
        async () => {
          await controls.kill();
          const r = await eventually(
            () => c.get(`/api/structure?window_uid=${panel.window_uid}`),
            (r) => r.status !== 200,
            10_000,
          );
          assert.equal(r.status, 404, JSON.stringify(r.body));
          assert.equal((r.body.error as Record<string, unknown>).code, "WindowGone");
          assert.equal((await c.get("/api/healthz")).status, 200);
        },
      );
    } finally {
      await service.stop();
      await Deno.remove(traces, { recursive: true });
    }
  },
);

wineTest("Windows adapter under wine: the official MCP client over stdio", async (t, desktop) => {
  desktop.start("notepad");
  const session = await connectSdkClient("mcp", [], { tree: TREES }, {}, {
    deno: desktop.kit.deno,
    env: desktop.env,
  });
  try {
    await t.step(
      "list_windows and the notepad tree, as an MCP host on Windows sees them",
      async () => {
        const notepad = await eventually(
          async () => {
            const listed = resultJson(await session.client.callTool({ name: "list_windows" }));
            return (listed.windows as Window[]).find((w) => w.title === "Untitled - Notepad");
          },
          (w) => w !== undefined,
          20_000,
        );
        assert.ok(notepad, session.stderr());
        assert.equal(notepad.process, "notepad.exe");
        const tree = resultJson(
          await session.client.callTool({
            name: "get_window_structure",
            arguments: { window_uid: notepad.window_uid },
          }),
        );
        assert.equal((tree.tree as Element).name, "Untitled - Notepad", JSON.stringify(tree));
        editOf(tree.tree as Element);
      },
    );

    await t.step("a key held by keyDown is let go when the service ends", async () => {
      const held = resultJson(
        await session.client.callTool({
          name: "run_pyautogui",
          arguments: { code: "pyautogui.keyDown('shift')" },
        }),
      );
      assert.equal(held.performed, 1, JSON.stringify(held));
      // stdin closed: the service shuts down, closing its adapter.
      await session.close();
      const next = await connectSdkClient("mcp", [], { tree: TREES }, {}, {
        deno: desktop.kit.deno,
        env: desktop.env,
      });
      try {
        const listed = resultJson(await next.client.callTool({ name: "list_windows" }));
        const notepad = (listed.windows as Window[]).find((w) => w.title === "Untitled - Notepad");
        assert.ok(notepad, JSON.stringify(listed));
        // press_key taps the key alone: a shift still down would make it "X".
        await next.client.callTool({
          name: "press_key",
          arguments: { keys: "x", window_uid: notepad.window_uid },
        });
        const tree = resultJson(
          await next.client.callTool({
            name: "get_window_structure",
            arguments: { window_uid: notepad.window_uid },
          }),
        );
        assert.equal(editOf(tree.tree as Element).value, "x");
      } finally {
        await next.close();
      }
    });
  } finally {
    await session.close();
  }
});
