// Chromium showing a local web page under Xvfb, over HTTP (issue 40): the
// service switches the desktop's accessibility on as a screen reader does, so
// a Chromium started after it shows the page's controls; reading them must not
// abort Chromium; a check box is clicked by selector, a field takes Unicode
// text that reads back exactly, a button below the first screen is scrolled
// to and clicked, and the OSWorld bridge clicks a button at its centre.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import {
  type Client,
  desktopTest,
  eventually,
  findAll,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";
import { launchChromium } from "./osworld_apps.ts";

/** The window's tree once Chromium shows the page's controls (it loads after mapping). */
async function pageTree(c: Client, uid: string): Promise<Element> {
  const shown = (tree: Element | null) =>
    tree !== null && findAll(tree, (e) => e.role === "Button" && e.name === "Send").length > 0;
  const tree = await eventually(() => c.structure(uid).catch(() => null), shown);
  assert.ok(tree && shown(tree), "the page's Send button in the tree");
  return tree;
}

const named = (tree: Element, role: string, name: string) =>
  findAll(tree, (e) => e.role === role && e.name === name)[0];

desktopTest("Chromium: a local web page observed and driven", async (t, desktop) => {
  await withLinuxService(desktop, async (c) => {
    const on = await desktop.run("dbus-send", [
      "--session",
      "--print-reply",
      "--dest=org.a11y.Bus",
      "/org/a11y/bus",
      "org.freedesktop.DBus.Properties.Get",
      "string:org.a11y.Status",
      "string:IsEnabled",
    ]);
    assert.match(on, /boolean true/, "the service switched accessibility on");
    const browser = await launchChromium(desktop);
    let exitCode: number | null = null;
    browser.exited.then((code) => exitCode = code);
    try {
      const uid = uidOf(browser.window);
      const status = async () => {
        const tree = await c.structure(uid);
        return findAll(tree, (e) => e.name.startsWith("Sent:") || e.name.startsWith("Bottom"))
          .map((e) => e.name)[0] ?? null;
      };

      await t.step(
        "the page's controls are in the tree, and reading them keeps Chromium up",
        async () => {
          const tree = await pageTree(c, uid);
          for (
            const [role, name] of [["Edit", "Name"], ["CheckBox", "I agree"], ["Link", "Prices"]]
          ) {
            assert.ok(named(tree, role, name), `${role} "${name}"`);
          }
          assert.ok(findAll(tree, (e) => e.name === "Team").length > 0, "the table's cells");
          // Every interface of every node was read: Chromium's resize handles once aborted it.
          await c.structure(uid);
          assert.equal(exitCode, null, "Chromium is still running");
        },
      );

      await t.step("a check box is clicked by selector", async () => {
        const r = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'CheckBox[name="I agree"]',
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const checked = await eventually(
          async () => {
            const box = named(await c.structure(uid), "CheckBox", "I agree");
            const r = await c.get(`/api/structure?window_uid=${uid}&scope=${box.id}&detail=full`);
            return (r.body.tree as Element | undefined)?.states?.checked;
          },
          (v) => v === true,
        );
        assert.equal(checked, true);
      });

      const text = "Zoë Ångström 東京";
      await t.step("a field takes Unicode text that reads back exactly", async () => {
        const click = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Edit[name="Name"]',
        });
        assert.equal(click.status, 200, JSON.stringify(click.body));
        const r = await c.post("/api/tool/type_text", { window_uid: uid, text });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        const value = await eventually(
          async () => {
            const now = named(await c.structure(uid), "Edit", "Name");
            return now?.value ?? now?.text ?? null;
          },
          (v) => v === text,
        );
        assert.equal(value, text);
      });

      await t.step("the OSWorld bridge clicks a button at its centre", async () => {
        const send = named(await pageTree(c, uid), "Button", "Send");
        const x = Math.round(send.bounds.x + send.bounds.width / 2);
        const y = Math.round(send.bounds.y + send.bounds.height / 2);
        const r = await c.post("/api/pyautogui", { code: `pyautogui.click(${x}, ${y})` });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(await eventually(status, (s) => s === `Sent: ${text}`), `Sent: ${text}`);
      });

      await t.step("a button below the first screen is scrolled to and clicked", async () => {
        const r = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Button[name="Bottom button"]',
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal(
          await eventually(status, (s) => s === "Bottom button clicked"),
          "Bottom button clicked",
        );
      });
      assert.equal(exitCode, null, "Chromium ran to the end");
    } finally {
      await browser.kill();
    }
  });
}, { apps: [{ command: "chromium", package: "chromium" }] });
