// GIMP 2.10 under Xvfb, over HTTP (issue 40): its menus and tool options are
// read, a tool option is toggled by an element click, and the OSWorld bridge
// opens the New Image dialog, whose OK an element click presses. GIMP 2.10 is
// a GTK 2 program, accessible through GTK_MODULES (see launchGimp).

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
import { launchGimp } from "./osworld_apps.ts";

const MENUS = ["File", "Edit", "Select", "View", "Image", "Layer", "Colors", "Tools", "Filters"];

/** Tool-option check boxes painted on screen (`selected`: checked). */
function shownCheckBoxes(tree: Element): Element[] {
  return findAll(tree, (e) => e.role === "CheckBox" && e.bounds.width > 0 && e.name !== "");
}

desktopTest(
  "GIMP: menus and tool options read, an option toggled, a new image",
  async (t, desktop) => {
    await withLinuxService(desktop, async (c) => {
      const gimp = await launchGimp(desktop);
      try {
        const uid = uidOf(gimp.window);

        await t.step("the menu bar and the tool options are read", async () => {
          const tree = await eventually(
            () => c.structure(uid),
            (tree) => shownCheckBoxes(tree).length >= 3,
          );
          const menus = findAll(tree, (e) => e.role === "MenuBar")
            .flatMap((bar) => (bar.children ?? []).map((m) => m.name));
          for (const menu of MENUS) assert.ok(menus.includes(menu), `${menu} among ${menus}`);
          assert.ok(shownCheckBoxes(tree).length >= 3, "the tool options' check boxes");
        });

        await t.step("a tool option toggles by an element click", async () => {
          const [box] = shownCheckBoxes(await c.structure(uid));
          const was = box.selected === true;
          const r = await c.post("/api/element/click", {
            window_uid: uid,
            selector: `CheckBox[name="${box.name}"]`,
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const checked = (tree: Element) =>
            findAll(tree, (e) => e.id === box.id)[0]?.selected === true;
          const tree = await eventually(() => c.structure(uid), (tree) => checked(tree) !== was);
          assert.equal(checked(tree), !was, `${box.name} toggled`);
        });

        await t.step(
          "the OSWorld bridge opens New Image; an element click creates it",
          async () => {
            const r = await c.post("/api/pyautogui", { code: "pyautogui.hotkey('ctrl', 'n')" });
            assert.equal(r.status, 200, JSON.stringify(r.body));
            const isDialog = (w: ListedWindow) => w.title === "Create a New Image";
            const listed = await eventually(() => c.windows(), (ws) => ws.some(isDialog));
            const dialog = listed.find(isDialog)!.window_uid;
            const form = await eventually(
              () => c.structure(dialog),
              (tree) => findAll(tree, (e) => e.role === "Button" && e.name === "OK").length > 0,
            );
            assert.ok(
              findAll(form, (e) => e.role === "Text" && e.name === "Width:").length,
              "Width:",
            );
            const ok = await c.post("/api/element/click", {
              window_uid: dialog,
              selector: 'Button[name="OK"]',
            });
            assert.equal(ok.status, 200, JSON.stringify(ok.body));
            const after = await eventually(
              () => c.windows(),
              (ws) => !ws.some(isDialog) && ws.some((w) => w.title.includes("Untitled")),
            );
            assert.ok(after.some((w) => w.title.includes("Untitled")), JSON.stringify(after));
          },
        );
      } finally {
        await gimp.kill();
      }
    });
  },
  { apps: [{ command: "gimp", package: "gimp" }] },
);
