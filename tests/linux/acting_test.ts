// Acting like a person on real GTK windows under Xvfb, over HTTP (issue 14):
// a check box scrolled out of its list is scrolled into view and clicked by
// selector; GTK 4's calculator computes 12 × 7 from buttons clicked by name;
// mousepad takes a paragraph, opens Save As by keys, gets its file name by
// selector and writes the file; a click the window manager holds is waited
// for; typing stops when a dialog takes the focus.

import assert from "node:assert/strict";
import {
  accessibleStructure,
  type Client,
  desktopTest,
  eventually,
  findAll,
  findById,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";
import type { Element } from "../../lib/model/tree.ts";
import { TYPING_PIECE } from "../../lib/services/act/typing.ts";

type Body = Record<string, unknown>;
type Ref = { window_uid: string; title: string } | null;

async function windowTitled(c: Client, title: string): Promise<string> {
  const windows = await eventually(
    () => c.windows(),
    (ws) => ws.some((w) => w.title === title),
    10_000,
  );
  const found = windows.find((w) => w.title === title);
  assert.ok(found, `a window titled ${title}: ${JSON.stringify(windows.map((w) => w.title))}`);
  return String(found.window_uid);
}

desktopTest("acting on real windows: scrolled, clicked, typed, saved", async (t, desktop) => {
  await withLinuxService(desktop, async (c) => {
    await t.step("a check box scrolled out of its list is clicked by selector", async () => {
      const app = await desktop.launch("gtk3-widget-factory");
      try {
        const uid = uidOf(app.window);
        await accessibleStructure(c, uid);
        const page = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'RadioButton[name="Page 2"]',
        });
        assert.equal(page.status, 200, JSON.stringify(page.body));
        // Row 6 of the list box on page 2 is below the list's viewport: GTK
        // gives it no bounds.
        const selector = "//ListItem[index=5]//CheckBox";
        const found = await eventually(
          () =>
            c.get(`/api/find_element?window_uid=${uid}&selector=${encodeURIComponent(selector)}`),
          (r) => r.status === 200,
          10_000,
        );
        assert.equal(found.status, 200, JSON.stringify(found.body));
        const id = String(found.body.element_id);
        const before = findById(await c.structure(uid), id)!;
        assert.equal(before.bounds.width, 0, `scrolled away: ${JSON.stringify(before.bounds)}`);

        const r = await c.post("/api/element/click", { window_uid: uid, selector });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const steps = r.body.steps as { scrolled: boolean; scrolling: Body; waited_ms: number };
        assert.equal(steps.scrolled, true, JSON.stringify(steps));
        const bounds = (r.body.target as { bounds: Element["bounds"] }).bounds;
        assert.ok(bounds.width > 0 && bounds.height > 0, `final bounds ${JSON.stringify(bounds)}`);
        const tree = await c.structure(uid);
        // The list's scroll pane: the parent of a scroll bar, around the check box.
        const pane = findAll(
          tree,
          (e) => id.startsWith(`${e.id}.`) && e.children.some((c) => c.role === "ScrollBar"),
        ).pop()!;
        assert.ok(pane, "a scroll pane holds the check box");
        const viewport = pane.bounds;
        const box = findById(tree, id)!;
        assert.ok(
          box.bounds.y >= viewport.y &&
            box.bounds.y + box.bounds.height <= viewport.y + viewport.height,
          `in view: ${JSON.stringify(box.bounds)} in ${JSON.stringify(viewport)}`,
        );
        const checked = await c.get(
          `/api/structure?window_uid=${uid}&scope=${id}&detail=full`,
        );
        assert.equal(
          ((checked.body.tree as Element).states ?? {}).checked,
          true,
          "the click checked it",
        );
        // Row 1's label is now above the viewport, without bounds, and a label
        // takes no focus: the wheel over the list's scroll bar brings it back.
        const label = 'Text[name="Row 1"]';
        const hidden = await c.get(
          `/api/find_element?window_uid=${uid}&selector=${encodeURIComponent(label)}`,
        );
        assert.equal(
          (hidden.body.bounds as Element["bounds"]).width,
          0,
          JSON.stringify(hidden.body),
        );
        const hover = await c.post("/api/tool/hover_element", {
          window_uid: uid,
          selector: label,
          hover_ms: 0,
        });
        assert.equal(hover.status, 200, JSON.stringify(hover.body));
        const wheel = (hover.body.steps as { scrolling: Body }).scrolling;
        assert.equal(wheel.method, "wheel", JSON.stringify(wheel));
        assert.ok(Number(wheel.wheel_clicks) > 0, "scrolled up");
        const shown = (hover.body.target as { bounds: Element["bounds"] }).bounds;
        const middle = shown.y + shown.height / 2;
        assert.ok(
          shown.width > 0 && middle >= viewport.y && middle < viewport.y + viewport.height,
          `centre in view: ${JSON.stringify(shown)} in ${JSON.stringify(viewport)}`,
        );
      } finally {
        await app.kill();
      }
    });

    await t.step("gnome-calculator (GTK 4): 12 × 7 = 84 by button names", async () => {
      const app = await desktop.launch("gnome-calculator");
      try {
        const uid = uidOf(app.window);
        await accessibleStructure(c, uid);
        // GTK 4 names each button twice over ("7 7", "× ×").
        for (const name of ["1 1", "2 2", "× ×", "7 7", "= ="]) {
          const r = await c.post("/api/element/click", {
            window_uid: uid,
            selector: `Button[name="${name}"]`,
          });
          assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
        }
        const display = await eventually(
          async () => findAll(await c.structure(uid), (e) => e.role === "Document")[0],
          (d) => d?.value === "84",
          5000,
        );
        assert.equal(display?.value, "84");
      } finally {
        await app.kill();
      }
    });

    await t.step("mousepad: a paragraph, Save As by keys, file name by selector", async () => {
      const dir = await Deno.makeTempDir({ prefix: "oso-save-" });
      const file = `${dir}/note ✓.txt`;
      const app = await desktop.launch("mousepad");
      try {
        const uid = uidOf(app.window);
        await accessibleStructure(c, uid);
        const paragraph = "Acting like a person: the text goes where it was meant, " +
          "and the file on disk holds it — ünïcödé included.";
        const typed = await c.post("/api/action", {
          action: "type",
          value: paragraph,
          window_uid: uid,
        });
        assert.equal(typed.status, 200, JSON.stringify(typed.body));
        assert.equal(typed.body.typed_chars, Array.from(paragraph).length);
        console.log(`  typed ${typed.body.typed_chars} characters in ${typed.body.duration_ms} ms`);
        const focus = typed.body.focus as { start: Ref; end: Ref };
        assert.equal(focus.start?.window_uid, uid);
        assert.equal(focus.end?.window_uid, uid);

        const keys = await c.post("/api/action", {
          action: "key",
          value: "ctrl+shift+s",
          window_uid: uid,
        });
        assert.equal(keys.status, 200, JSON.stringify(keys.body));
        const dialog = await windowTitled(c, "Save As");
        // "Name:" with its colon: a hidden rename popover's entry is called "Name".
        const named = await c.post("/api/element/set_value", {
          window_uid: dialog,
          selector: 'Edit[name="Name:"]',
          value: file,
        });
        assert.equal(named.status, 200, JSON.stringify(named.body));
        const saved = await c.post("/api/element/click", {
          window_uid: dialog,
          selector: 'Button[name="Save"]',
        });
        assert.equal(saved.status, 200, JSON.stringify(saved.body));
        const text = await eventually(
          () => Deno.readTextFile(file).catch(() => ""),
          (s) => s === paragraph,
          10_000,
        );
        assert.equal(text, paragraph);
      } finally {
        await app.kill();
        await Deno.remove(dir, { recursive: true });
      }
    });

    await t.step("a document inside a notebook page without extents is clicked", async () => {
      // Mousepad with one document hides its tab strip: GTK gives the page (-1, -1, -1, -1).
      const app = await desktop.launch("mousepad");
      try {
        const uid = uidOf(app.window);
        const tree = await accessibleStructure(c, uid);
        const page = findAll(tree, (e) => e.role === "TabItem")[0];
        assert.deepEqual(page?.bounds, { x: -1, y: -1, width: -1, height: -1 });
        const r = await c.post("/api/element/click", { window_uid: uid, selector: "Document" });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const after = findAll(await c.structure(uid), (e) => e.role === "Document")[0];
        assert.equal(after.focused, true, "the click focused the document");
      } finally {
        await app.kill();
      }
    });

    await t.step("a click the window manager holds is waited for; keys come after it", async () => {
      const app = await desktop.launch("gtk3-widget-factory");
      const wm = desktop.windowManager();
      try {
        const uid = uidOf(app.window);
        const tree = await accessibleStructure(c, uid);
        const field = findAll(tree, (e) => e.role === "Edit" && e.enabled && e.bounds.width > 0)[0];
        const click = () => c.post("/api/element/click", { window_uid: uid, element_id: field.id });
        // openbox focuses on a click through a passive grab, which freezes the pointer until it
        // replays the press: stopped, it holds the click as a loaded machine delays it.
        Deno.kill(wm, "SIGSTOP");
        let resumed = false;
        const resume = setTimeout(() => {
          resumed = true;
          Deno.kill(wm, "SIGCONT");
        }, 500);
        try {
          const held = await click();
          assert.equal(held.status, 200, JSON.stringify(held.body));
          assert.ok(resumed, "the click was answered while the window manager held it");
        } finally {
          clearTimeout(resume);
          Deno.kill(wm, "SIGCONT");
        }
        await c.post("/api/action", { action: "key", value: "ctrl+a" });
        await c.post("/api/action", { action: "key", value: "backspace" });
        const valueOf = async () => findById(await c.structure(uid), field.id)?.value;
        assert.equal(await eventually(valueOf, (v) => v === ""), "", "the select-all held");
        // Held longer than the service waits: a Timeout that says so; the service goes on.
        Deno.kill(wm, "SIGSTOP");
        try {
          const held = await click();
          assert.equal(held.status, 408, JSON.stringify(held.body));
          const error = held.body.error as { code: string; message: string };
          assert.match(error.message, /has held the pointer/);
        } finally {
          Deno.kill(wm, "SIGCONT");
        }
        const again = await click();
        assert.equal(again.status, 200, JSON.stringify(again.body));
      } finally {
        Deno.kill(wm, "SIGCONT");
        await app.kill();
      }
    });

    await t.step("typing stops when a dialog takes the focus, and says so", async () => {
      const app = await desktop.launch("mousepad");
      let dialog: Awaited<ReturnType<typeof desktop.launch>> | null = null;
      try {
        const uid = uidOf(app.window);
        await accessibleStructure(c, uid);
        // No spaces or newlines: they would press the dialog's focused OK button. Long enough
        // (over a minute of keys) that the dialog opens while it is typed, however slowly.
        const text = "abcdefghij".repeat(2000);
        let answered: unknown = null;
        const typing = c.post("/api/tool/type_text", { window_uid: uid, text });
        typing.then((r) => answered = r.body);
        const held = async () => {
          const document = findAll(await c.structure(uid), (e) => e.role === "Document")[0];
          return (document?.text ?? document?.value ?? "").length;
        };
        // Typing has begun once mousepad marks its title modified (read from X: the service's
        // observations wait until an input action is over).
        const title = () => desktop.run("xprop", ["-id", app.window.toString(), "_NET_WM_NAME"]);
        await eventually(title, (t) => t.includes('"*'));
        // The service answers while it types.
        const health = await c.get("/api/healthz");
        assert.equal(health.status, 200);
        assert.equal(answered, null, "healthz was answered only after the typing");
        dialog = await desktop.launch("zenity", ["--info", "--title=Interruption", "--text=hi"]);
        const r = await typing;
        assert.equal(r.status, 409, JSON.stringify(r.body));
        const error = r.body.error as { code: string; message: string; context: Body };
        assert.equal(error.code, "FocusChanged", error.message);
        const typed = Number(error.context.typed_chars);
        assert.ok(typed > 0 && typed < text.length, `typed ${typed} of ${text.length}`);
        assert.equal(error.context.total_chars, text.length);
        assert.equal((error.context.focus_moved_to as Ref)?.title, "Interruption");
        assert.equal((r.body.focus as { end: Ref }).end?.title, "Interruption");
        // What mousepad holds: what was typed before the check saw the focus move.
        const holds = await eventually(held, (n) => n >= typed - TYPING_PIECE);
        assert.ok(
          holds <= typed && holds >= typed - TYPING_PIECE,
          `mousepad holds ${holds}, typed ${typed}`,
        );
      } finally {
        await dialog?.kill();
        await app.kill();
      }
    });
  });
});
