// A terminal, as OSWorld's tasks use one (issue 40): xfce4-terminal (VTE,
// GTK 3) under Xvfb, over HTTP. Its terminal is one accessible element whose
// text is the screen's lines; commands typed into it run, and their output
// reads back from the tree. An element verb opens a tab, and the OSWorld
// bridge types a command as pyautogui would.

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

/** What the terminals show, joined (VTE gives its screen as the element's text). */
async function screenText(c: Client, uid: string): Promise<string> {
  const tree = await c.structure(uid);
  return findAll(tree, (e) => e.role === "Terminal").map((e) => e.text ?? e.value ?? "").join("\n");
}

const tabsOf = (tree: Element) => findAll(tree, (e) => e.role === "TabItem");

desktopTest("xfce4-terminal: commands typed run, their output reads back", async (t, desktop) => {
  const folder = await Deno.makeTempDir({ prefix: "oso-terminal-" });
  try {
    await withLinuxService(desktop, async (c) => {
      // Its own process: by default a new terminal window joins a running one over D-Bus.
      const terminal = await desktop.launch("xfce4-terminal", [
        "--disable-server",
        `--working-directory=${folder}`,
      ]);
      try {
        const uid = uidOf(terminal.window);

        await t.step("the terminal is an element with the prompt as its text", async () => {
          const tree = await eventually(
            () => c.structure(uid),
            (tree) => findAll(tree, (e) => e.role === "Terminal" && e.focused === true).length > 0,
          );
          const shell = findAll(tree, (e) => e.role === "Terminal")[0];
          assert.ok(shell, "a Terminal element");
          for (const menu of ["File", "Edit", "View", "Terminal"]) {
            assert.ok(findAll(tree, (e) => e.role === "Menu" && e.name === menu).length, menu);
          }
          const prompt = await eventually(() => screenText(c, uid), (s) => s.includes(folder));
          assert.ok(prompt.includes(folder), `the prompt names the folder: ${prompt}`);
        });

        await t.step("a command typed after a click runs, Unicode included", async () => {
          const click = await c.post("/api/element/click", {
            window_uid: uid,
            selector: "Terminal",
          });
          assert.equal(click.status, 200, JSON.stringify(click.body));
          const r = await c.post("/api/tool/type_text", {
            window_uid: uid,
            text: "echo oso-$((6*7)) Zoë 東京\n",
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const shown = await eventually(
            () => screenText(c, uid),
            (s) => s.includes("\noso-42 Zoë 東京"),
          );
          assert.ok(shown.includes("\noso-42 Zoë 東京"), `the command's output: ${shown}`);
        });

        await t.step("a key pressed into the terminal by selector opens a tab", async () => {
          const before = tabsOf(await c.structure(uid)).length;
          const r = await c.post("/api/element/key", {
            window_uid: uid,
            selector: "Terminal",
            keys: "ctrl+shift+t",
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const tree = await eventually(() => c.structure(uid), (t) => tabsOf(t).length > before);
          const tabs = tabsOf(tree);
          assert.equal(tabs.length, before + 1, "one more tab");
          const shells = findAll(tabs.at(-1)!, (e) => e.role === "Terminal" && e.focused === true);
          assert.equal(shells.length, 1, "the new tab's terminal has the focus");
        });

        await t.step("the OSWorld bridge types a command as pyautogui would", async () => {
          const r = await c.post("/api/pyautogui", {
            code: "pyautogui.write('echo bridge-$((2+3))')\npyautogui.press('enter')",
          });
          assert.equal(r.status, 200, JSON.stringify(r.body));
          const shown = await eventually(() => screenText(c, uid), (s) => s.includes("\nbridge-5"));
          assert.ok(shown.includes("\nbridge-5"), `the command's output: ${shown}`);
        });
      } finally {
        await terminal.kill();
      }
    });
  } finally {
    await Deno.remove(folder, { recursive: true }).catch(() => {});
  }
}, { apps: [{ command: "xfce4-terminal", package: "xfce4-terminal" }] });
