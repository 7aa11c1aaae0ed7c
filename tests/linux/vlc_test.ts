// VLC 3 (Qt 5) under Xvfb, over HTTP (issue 40): Qt 5 finds the accessibility
// bus through the root window's AT_SPI_BUS, which the service publishes, and
// must never be asked for its properties with GetAll (it aborts). Its menu bar
// and playback controls (the seek bar among them) are read, an element click
// opens the Media menu, two open the playlist, and the OSWorld bridge opens
// the preferences with VLC's own shortcut.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import {
  desktopTest,
  eventually,
  findAll,
  type ListedWindow,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";
import { launchVlc } from "./osworld_apps.ts";

const MENUS = ["Media", "Playback", "Audio", "Video", "Subtitle", "Tools", "View", "Help"];

/** The items of the menu bar's menu `name` that are on screen. */
function shownItems(tree: Element, name: string): string[] {
  const menu = findAll(tree, (e) => e.role === "MenuItem" && e.name === name)[0];
  if (!menu) return [];
  return findAll(menu, (e) => e !== menu && e.role === "MenuItem" && e.bounds.width > 0)
    .map((e) => e.name);
}

desktopTest(
  "VLC: menus and controls read, a menu opened, the playlist shown, preferences by shortcut",
  async (t, desktop) => {
    await withLinuxService(desktop, async (c) => {
      const vlc = await launchVlc(desktop);
      try {
        const uid = uidOf(vlc.window);

        await t.step("the menu bar and the playback controls are read", async () => {
          const tree = await eventually(
            () => c.structure(uid),
            (tree) => findAll(tree, (e) => e.role === "MenuBar").length > 0,
          );
          const menus = findAll(tree, (e) => e.role === "MenuBar")
            .flatMap((bar) => bar.children.map((m) => m.name));
          for (const menu of MENUS) assert.ok(menus.includes(menu), `${menu} among ${menus}`);
          const sliders = findAll(tree, (e) => e.role === "Slider" && e.bounds.width > 0);
          assert.ok(sliders.length >= 2, "the seek bar and the volume slider");
          assert.equal(shownItems(tree, "Media").length, 0, "the Media menu starts closed");
        });

        await t.step("an element click opens the Media menu", async () => {
          const r = await c.post("/api/element/click", {
            window_uid: uid,
            selector: 'MenuItem[name="Media"]',
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const tree = await eventually(
            () => c.structure(uid),
            (tree) => shownItems(tree, "Media").includes("Open File..."),
          );
          assert.ok(shownItems(tree, "Media").includes("Quit"), "the open menu's items are placed");
          await c.post("/api/tool/press_key", { keys: "Escape" });
          await eventually(
            () => c.structure(uid),
            (tree) => shownItems(tree, "Media").length === 0,
          );
        });

        await t.step("the playlist opens from the View menu: its columns are read", async () => {
          const view = await c.post("/api/element/click", {
            window_uid: uid,
            selector: 'MenuItem[name="View"]',
          });
          assert.equal(view.status, 200, JSON.stringify(view.body));
          await eventually(() => c.structure(uid), (tree) => shownItems(tree, "View").length > 0);
          const r = await c.post("/api/element/click", {
            window_uid: uid,
            selector: 'MenuItem[name="View"] MenuItem[name="Playlist"]',
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const columns = (tree: Element) =>
            findAll(tree, (e) => e.role === "HeaderItem" && e.bounds.width > 0).map((e) => e.name);
          const tree = await eventually(
            () => c.structure(uid),
            (tree) => columns(tree).includes("Title"),
          );
          assert.deepEqual(columns(tree), ["Title", "Duration", "Album"]);
        });

        await t.step("the OSWorld bridge opens the preferences (ctrl+p)", async () => {
          const r = await c.post("/api/pyautogui", { code: "pyautogui.hotkey('ctrl', 'p')" });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const isPreferences = (w: ListedWindow) => w.title.includes("Preferences");
          const listed = await eventually(() => c.windows(), (ws) => ws.some(isPreferences));
          const dialog = listed.find(isPreferences)!.window_uid;
          const form = await eventually(
            () => c.structure(dialog),
            (tree) => findAll(tree, (e) => e.role === "Button" && e.name === "Save").length > 0,
          );
          assert.ok(findAll(form, (e) => e.role === "Button" && e.name === "Cancel").length > 0);
        });
      } finally {
        await vlc.kill();
      }
    });
  },
  {
    apps: [{ command: "vlc", package: "vlc" }, { command: "cc", package: "gcc" }],
  },
);
