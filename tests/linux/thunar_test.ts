// A file manager, as OSWorld's tasks use one (issue 40): Thunar (GTK 3) under
// Xvfb, over HTTP, on a folder of its own. Its icon view gives the files to no
// accessibility client (the view is one pane without children); its list
// view gives each file as a row of cells. The test switches views through the
// menus by element verbs, opens a folder by double-clicking its cell, and goes
// back up through the OSWorld bridge.

import { strict as assert } from "node:assert";
import { basename } from "node:path";
import type { Element } from "../../lib/model/tree.ts";
import {
  type Client,
  desktopTest,
  eventually,
  findAll,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";
import { filesFolder, launchThunar } from "./osworld_apps.ts";

const cellNamed = (tree: Element, name: string) =>
  findAll(tree, (e) => e.role === "Cell" && e.name === name)[0];

/** The window's title (Thunar names it after the folder it shows). */
async function title(c: Client, uid: string): Promise<string> {
  const windows = await c.windows();
  return windows.find((w) => w.window_uid === uid)?.title ?? "";
}

desktopTest("Thunar: a folder's files observed, opened and left", async (t, desktop) => {
  await withLinuxService(desktop, async (c) => {
    const thunar = await launchThunar(desktop);
    const folder = filesFolder(desktop);
    try {
      const uid = uidOf(thunar.window);

      await t.step("the location, the toolbar and the status are read", async () => {
        const tree = await eventually(
          () => c.structure(uid),
          (tree) => findAll(tree, (e) => e.role === "StatusBar" && /file/.test(e.name)).length > 0,
        );
        const location = findAll(tree, (e) => e.role === "Edit")[0];
        assert.equal(location?.value, `${folder}/`, "the location bar");
        for (const name of ["Back", "Forward", "Open Parent", "Home"]) {
          assert.ok(findAll(tree, (e) => e.role === "Button" && e.name === name).length, name);
        }
        const status = findAll(tree, (e) => e.role === "StatusBar")[0];
        assert.match(status.name, /1 folder.*1 file/);
      });

      await t.step("the list view, chosen in the menu, lists the files", async () => {
        const menu = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Menu[name="View"]',
        });
        assert.equal(menu.status, 200, JSON.stringify(menu.body));
        // Thunar fills its menus as they open.
        const items = (tree: Element) =>
          findAll(tree, (e) => e.role === "Menu" && e.name === "View")
            .flatMap((m) => findAll(m, (e) => e.role.includes("MenuItem")).map((e) => e.name));
        const open = await eventually(() => c.structure(uid), (t) => items(t).length > 0);
        assert.ok(items(open).includes("List View"), `the View menu: ${items(open)}`);
        const item = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Menu[name="View"] MenuItem[name="List View"]',
        });
        assert.equal(item.status, 200, JSON.stringify(item.body));
        const tree = await eventually(() => c.structure(uid), (t) => !!cellNamed(t, "notes.txt"));
        assert.ok(cellNamed(tree, "notes.txt"), "the file's cell");
        assert.ok(cellNamed(tree, "reports"), "the folder's cell");
      });

      await t.step("a folder opens when its cell is double-clicked", async () => {
        const r = await c.post("/api/element/double_click", {
          window_uid: uid,
          selector: 'Cell[name="reports"]',
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        // Without a settings daemon (xfconf) Thunar shows each folder it opens in its default
        // icon view again, so the folder's name and its location say where it went.
        assert.equal(
          await eventually(() => title(c, uid), (s) => s.startsWith("reports")),
          "reports - Thunar",
        );
        const location = (tree: Element) => findAll(tree, (e) => e.role === "Edit")[0]?.value;
        const tree = await eventually(
          () => c.structure(uid),
          (t) => location(t) !== `${folder}/`,
        );
        assert.equal(location(tree), `${folder}/reports/`);
      });

      await t.step("the OSWorld bridge goes back up with the keyboard", async () => {
        const r = await c.post("/api/pyautogui", { code: "pyautogui.hotkey('alt', 'up')" });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const name = basename(folder);
        assert.equal(
          await eventually(() => title(c, uid), (s) => s.startsWith(name)),
          `${name} - Thunar`,
        );
      });
    } finally {
      await thunar.kill();
    }
  });
}, { apps: [{ command: "thunar", package: "thunar" }] });
