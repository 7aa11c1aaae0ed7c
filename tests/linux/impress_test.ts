// LibreOffice Impress (GTK 3 backend) under Xvfb, over HTTP (issue 40): it
// opens with its template dialog in front of the presentation, as a user
// meets it. The dialog is read and closed by an element click, a title is
// typed into the first slide's placeholder and reads back, and the OSWorld
// bridge adds a slide with Impress's own shortcut.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import { startService } from "../helpers/service.ts";
import { launchOffice } from "./desktop.ts";
import { client, desktopTest, eventually, findAll, uidOf } from "./linux_service.ts";

/** LibreOffice's windows are large: deep and slow to walk while it starts. */
const CONFIG = { tree: { max_depth: 64, cache_ttl_s: 0, capture_timeout_ms: 60_000 } };

const slidesIn = (tree: Element) =>
  findAll(tree, (e) => e.role === "Document" && e.name === "Slides View")
    .flatMap((view) => findAll(view, (e) => /^Slide \d+$/.test(e.name)));

desktopTest("LibreOffice Impress: a template dialog, a title, a new slide", async (t, d) => {
  const service = await startService({ mock: false, env: d.env, config: CONFIG });
  const impress = await launchOffice(d, "impress");
  try {
    const c = client(service);
    const uid = uidOf(impress.window);

    await t.step("the template dialog is read, and closed by an element click", async () => {
      const listed = await eventually(
        () => c.windows(),
        (ws) => ws.some((w) => w.title === "Select a Template"),
      );
      const dialog = listed.find((w) => w.title === "Select a Template");
      assert.ok(dialog, `the template dialog among ${listed.map((w) => w.title)}`);
      const tree = await eventually(
        () => c.structure(dialog.window_uid),
        (tree) => findAll(tree, (e) => e.role === "ListItem").length > 0,
      );
      assert.ok(findAll(tree, (e) => e.role === "ListItem").length >= 10, "the templates");
      const r = await c.post("/api/element/click", {
        window_uid: dialog.window_uid,
        selector: 'Button[name="Close"]',
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const after = await eventually(
        () => c.windows(),
        (ws) => !ws.some((w) => w.title === "Select a Template"),
      );
      assert.ok(!after.some((w) => w.title === "Select a Template"), "the dialog closed");
    });

    await t.step("a title typed into the first slide's placeholder reads back", async () => {
      const click = await c.post("/api/element/click", {
        window_uid: uid,
        selector: 'Pane[name="PresentationTitle"]',
      });
      assert.equal(click.status, 200, JSON.stringify(click.body));
      const title = "Quarterly review — Zoë";
      const r = await c.post("/api/tool/type_text", { window_uid: uid, text: title });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const texts = (tree: Element) =>
        findAll(
          tree,
          (e) => e.role !== "Window" && (e.name === title || e.value === title || e.text === title),
        );
      const tree = await eventually(() => c.structure(uid), (tree) => texts(tree).length > 0);
      assert.ok(texts(tree).length > 0, "the title reads back");
    });

    await t.step("the OSWorld bridge adds a slide with Impress's shortcut", async () => {
      const before = slidesIn(await c.structure(uid)).length;
      assert.equal(before, 1, "one slide");
      const escape = await c.post("/api/pyautogui", {
        code: "pyautogui.press('escape')\npyautogui.press('escape')\npyautogui.hotkey('ctrl', 'm')",
      });
      assert.equal(escape.status, 200, JSON.stringify(escape.body));
      const tree = await eventually(() => c.structure(uid), (tree) => slidesIn(tree).length === 2);
      assert.equal(slidesIn(tree).length, 2, "two slides");
    });
  } finally {
    await impress.kill();
    await service.stop();
  }
}, { apps: [{ command: "loimpress", package: "libreoffice-impress" }] });
