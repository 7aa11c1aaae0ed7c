// The service on a headless sway: GTK 3 (gtk3-widget-factory) and GTK 4
// (gnome-calculator) as native Wayland clients and zenity under XWayland.
// Windows come from sway, trees are placed on the screen (checked against the
// screenshot's pixels), element clicks and typed keys land (checked by their
// effect), the first key typed is not lost, and raising a window focuses it.

import { strict as assert } from "node:assert";
import type { Element } from "../../lib/model/tree.ts";
import { startService } from "../helpers/service.ts";
import { client, findAll, TEST_CONFIG } from "../linux/linux_service.ts";
import { startWaylandDesktop } from "./desktop.ts";
import { equalsKeyDrawnAtItsBox, eventually, waylandPart } from "./checks.ts";

/** Polls until `probe` answers non-null (the application reacts in its own time). */
Deno.test({
  name: "on sway: windows from sway, trees placed on the screen, clicks and keys that land",
  ignore: !waylandPart(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const desktop = await startWaylandDesktop({ width: 1280, height: 800 });
    try {
      const factory = await desktop.launch("gtk3-widget-factory");
      const calculator = await desktop.launch("gnome-calculator");
      const zenity = await desktop.launch("zenity", ["--entry", "--title", "xwayland entry"], {
        x11: true,
      });
      const service = await startService({ mock: false, env: desktop.env, config: TEST_CONFIG });
      const api = client(service);
      try {
        const uid = (app: { view: { conId: number } }) => `sway:${app.view.conId}`;

        await t.step("the window list is sway's: pids, titles, bounds, focus", async () => {
          const listed = await api.windows();
          const views = await desktop.views();
          assert.equal(listed.length, 3, JSON.stringify(listed));
          for (const view of views) {
            const window = listed.find((w) => w.window_uid === `sway:${view.conId}`);
            assert.ok(window, `sway's view ${view.title} is listed`);
            assert.equal(window.pid, view.pid);
            assert.equal(window.title, view.title);
            assert.deepEqual(window.bounds, view.outer);
            assert.equal(window.focused, view.focused);
          }
          const health = (await api.get("/api/healthz")).body;
          assert.equal(health.is_mock, false);
        });

        const equalsOnOrange = () =>
          equalsKeyDrawnAtItsBox(api, uid(calculator), { width: 1280, height: 800 });

        await t.step("GTK 4's buttons are where the screenshot draws them", async () => {
          await equalsOnOrange();
        });

        await t.step("element clicks land in GTK 4 (the calculator's keys)", async () => {
          for (const key of ["8 8", "5 5"]) {
            const click = await api.post("/api/element/click", {
              window_uid: uid(calculator),
              selector: `Button[name="${key}"]`,
            });
            assert.equal(click.status, 200, JSON.stringify(click.body));
          }
          await eventually("85 on the display", async () => {
            const text = JSON.stringify(await api.structure(uid(calculator)));
            return text.includes('"85"') ? true : null;
          });
        });

        await t.step("a click lands in GTK 3 (a check box turns checked)", async () => {
          const tree = await api.structure(uid(factory));
          const box = findAll(
            tree,
            (e) =>
              e.role === "CheckBox" && e.enabled !== false && e.selected === false &&
              e.bounds.width > 0 && e.bounds.y < 600,
          )[0];
          assert.ok(box, "an enabled, unchecked check box");
          const click = await api.post("/api/element/click", {
            window_uid: uid(factory),
            element_id: box.id,
          });
          assert.equal(click.status, 200, JSON.stringify(click.body));
          await eventually("the box checked", async () => {
            const now = findAll(await api.structure(uid(factory)), (e) => e.id === box.id)[0];
            return now?.selected === true ? true : null;
          });
        });

        await t.step("typed text lands whole in GTK 3, the first key included", async () => {
          const tree = await api.structure(uid(factory));
          const entry = findAll(
            tree,
            (e) => e.role === "Edit" && e.value === "entry" && e.enabled !== false,
          )[0];
          assert.ok(entry, "the enabled entry");
          const click = await api.post("/api/element/click", {
            window_uid: uid(factory),
            element_id: entry.id,
          });
          assert.equal(click.status, 200, JSON.stringify(click.body));
          await api.post("/api/tool/press_key", { keys: "ctrl+a" });
          const typed = await api.post("/api/tool/type_text", { text: "Wayland typed" });
          assert.equal(typed.status, 200, JSON.stringify(typed.body));
          await eventually("the entry's new text", async () => {
            const now = findAll(await api.structure(uid(factory)), (e) => e.id === entry.id)[0];
            return now?.value === "Wayland typed" ? true : null;
          });
        });

        await t.step(
          "XWayland: screen coordinates as they are, a click and keys land",
          async () => {
            const tree = await api.structure(uid(zenity));
            const entry = findAll(tree, (e) => e.role === "Edit")[0];
            assert.ok(entry, "zenity's entry");
            const view = (await desktop.views()).find((v) => v.pid === zenity.pid)!;
            assert.ok(view.xwayland);
            const b = entry.bounds;
            assert.ok(
              b.x >= view.content.x && b.y >= view.content.y &&
                b.x + b.width <= view.content.x + view.content.width,
              `the entry ${JSON.stringify(b)} inside the window ${JSON.stringify(view.content)}`,
            );
            const click = await api.post("/api/element/click", {
              window_uid: uid(zenity),
              element_id: entry.id,
            });
            assert.equal(click.status, 200, JSON.stringify(click.body));
            await api.post("/api/tool/type_text", { text: "under XWayland" });
            await eventually("zenity's entry holds the text", async () => {
              const now = findAll(await api.structure(uid(zenity)), (e) => e.role === "Edit")[0];
              return now?.value === "under XWayland" ? true : null;
            });
          },
        );

        await t.step(
          "floating (sway's decorations): still where the screenshot draws it",
          async () => {
            await desktop.command(
              `[con_id=${calculator.view.conId}] floating enable, move absolute position 150 90`,
            );
            // The window moves when the application has redrawn at its new size.
            await eventually("the calculator floating at (150, 90)", async () => {
              const view = (await desktop.views()).find((v) => v.conId === calculator.view.conId);
              return view?.floating && view.content.x === 150 ? true : null;
            });
            await eventually(
              "the = key on orange pixels",
              () => equalsOnOrange().then(() => true, () => null),
            );
            await equalsOnOrange();
          },
        );

        await t.step(
          "floating with its own decorations and their shadow: a click lands",
          async () => {
            // gtk3-widget-factory draws its header bar, and a shadow when floating (uneven
            // margins sway does not report): missed, a click hits the next row's check box.
            await desktop.command(
              `[con_id=${factory.view.conId}] floating enable, move absolute position 40 30`,
            );
            // Floated, sway first frames it with its own title bar, then sees the client's
            // decorations and drops it: the content settles at the position asked for.
            await eventually("the widget factory floating at (40, 30)", async () => {
              const view = (await desktop.views()).find((v) => v.conId === factory.view.conId);
              return view?.floating && view.content.x === 40 && view.content.y === 30 ? true : null;
            });
            const view = (await desktop.views()).find((v) => v.conId === factory.view.conId)!;
            const menuButton = (tree: Element) =>
              findAll(tree, (e) => e.role === "Button" && e.name === "Menu")[0];
            // Sway reports the content's place before the window has settled in it: on a busy
            // machine a tree read at once placed the header bar 13 px low (sway's title bar still
            // above it) or 1 px high, and one read 100 ms later at the window's top.
            const tree = await eventually(
              "the header bar settled at the window's top",
              async () => {
                const read = await api.structure(uid(factory));
                const y = menuButton(read)?.bounds.y;
                return y !== undefined && y >= view.content.y && y - view.content.y < 12
                  ? read
                  : null;
              },
            );
            const header = menuButton(tree);
            assert.ok(header && header.bounds.y >= view.content.y, "the header bar's menu button");
            assert.ok(
              header.bounds.y - view.content.y < 12,
              `the header bar at the window's top (${header.bounds.y} vs ${view.content.y})`,
            );
            const box = findAll(
              tree,
              (e) =>
                e.role === "CheckBox" && e.enabled !== false && e.selected === false &&
                e.bounds.width > 0 && e.bounds.y < 700,
            )[0];
            assert.ok(box, "an enabled, unchecked check box");
            // GTK redraws a floated window's shadow as its focus settles (a focused window's
            // shadow is wider): a box read before that moves by a few pixels, and the click
            // verb refuses a moved element as stale. The click is asked again on a new read.
            await eventually("a click on the box", async () => {
              const now = findAll(await api.structure(uid(factory)), (e) => e.id === box.id)[0];
              const click = await api.post("/api/element/click", {
                window_uid: uid(factory),
                element_id: now.id,
              });
              if (click.status === 200) return true;
              assert.match(JSON.stringify(click.body), /stale/, JSON.stringify(click.body));
              return null;
            });
            await eventually("the box checked", async () => {
              const now = findAll(await api.structure(uid(factory)), (e) => e.id === box.id)[0];
              return now?.selected === true ? true : null;
            });
          },
        );

        await t.step("raising a window focuses it", async () => {
          const raised = await api.post("/api/tool/bring_to_foreground", {
            window_uid: uid(factory),
          });
          assert.equal(raised.status, 200, JSON.stringify(raised.body));
          const listed = await api.windows();
          assert.equal(listed.find((w) => w.window_uid === uid(factory))?.focused, true);
          assert.equal(listed.filter((w) => w.focused).length, 1);
        });
      } finally {
        await service.stop();
      }
    } finally {
      await desktop.stop();
    }
  },
});
