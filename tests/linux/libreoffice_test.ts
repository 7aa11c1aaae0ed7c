// LibreOffice Writer keeps its own menu bar, unused, at height 0 beside the
// GTK menu bar it draws: the same menus again, 850 of the window's ~1,930
// nodes. A capture leaves that bar's menus unread (truncated, no children)
// and reads the drawn bar's whole, closed menus and key bindings included.

import assert from "node:assert/strict";
import { startService } from "../helpers/service.ts";
import { launchWriter } from "./desktop.ts";
import { client, desktopTest, eventually, findAll, uidOf } from "./linux_service.ts";
import { settledWindow } from "../../bench/measure/views.ts";
import { type Element, walk } from "../../lib/model/tree.ts";

const CONFIG = { tree: { max_depth: 64, cache_ttl_s: 0, capture_timeout_ms: 60_000 } };

desktopTest(
  "LibreOffice Writer: the unused menu bar is not read, the drawn one is",
  async (_t, d) => {
    const service = await startService({ mock: false, env: d.env, config: CONFIG });
    const writer = await launchWriter(d);
    try {
      const uid = uidOf(writer.window);
      await settledWindow(service.url, uid);
      const c = client(service);
      const read = async (fresh: boolean) => {
        const r = await c.get(
          `/api/structure?window_uid=${uid}&depth=64&detail=full&fresh=${fresh}`,
        );
        assert.equal(r.status, 200, JSON.stringify(r.body).slice(0, 500));
        const bars: Element[] = [];
        walk(r.body.tree as Element, (e) => {
          if (e.role === "MenuBar") bars.push(e);
        });
        const items: Element[] = [];
        for (const bar of bars) {
          walk(bar, (e) => {
            if (e.role === "MenuItem") items.push(e);
          });
        }
        return { body: r.body, bars, items };
      };
      // LibreOffice fills its GTK menus a while after its window shows (later on a busy machine).
      await eventually(() => read(true), ({ items }) => items.length > 300, 60_000);
      for (const fresh of [true, false]) {
        const { body, bars } = await read(fresh);
        assert.equal(bars.length, 2, `two menu bars: ${JSON.stringify(bars.map((b) => b.bounds))}`);
        const [unused, drawn] = bars[0].bounds.height === 0 ? bars : [bars[1], bars[0]];
        assert.equal(unused.bounds.height, 0);
        assert.equal(unused.truncated, true, "the unused bar says its children were not read");
        assert.equal(unused.child_count, undefined, "...and not that a depth limit cut them");
        assert.deepEqual(unused.children, []);
        assert.ok(drawn.bounds.height > 0 && drawn.children.length >= 9, "the drawn bar's menus");
        const items: Element[] = [];
        walk(drawn, (e) => {
          if (e.role === "MenuItem") items.push(e);
        });
        assert.ok(items.length > 300, `closed menus' items are read: ${items.length}`);
        const save = items.find((e) => e.name === "Save");
        assert.equal(save?.keyboard_shortcut, "Ctrl+S", "with their key bindings");
        const cutShort = (body.perf as { cut_short?: string }).cut_short;
        assert.equal(cutShort, undefined, "nothing cut short");
      }

      // LibreOffice reports its toolbars one GTK menu bar (25 px) above where it draws them;
      // the service corrects the boxes. Uncorrected, a click at Bold's centre lands on the
      // Standard toolbar's row above it (Insert Image, Insert Chart: a dialog opens).
      const bold = async () => {
        const tree = (await read(true)).body.tree as Element;
        const bar = findAll(tree, (e) => e.role === "ToolBar" && e.name === "Formatting")[0];
        return findAll(bar, (e) => e.role === "Button" && e.name === "Bold")[0];
      };
      const before = await bold();
      const formatting = (await read(false)).body.tree as Element;
      const panel = findAll(formatting, (e) => e.platform_role === "root pane")[0];
      assert.ok(
        panel && panel.bounds.y >= 44,
        `VCL's pane below the menu bar: ${JSON.stringify(panel?.bounds)}`,
      );
      const click = await c.post("/api/element/click", {
        window_uid: uid,
        selector: 'ToolBar[name="Formatting"] Button[name="Bold"]',
      });
      assert.equal(click.status, 200, JSON.stringify(click.body));
      const pressed = await eventually(bold, (e) => e.selected === true);
      assert.equal(pressed.selected, true, `Bold pressed (was ${before.selected})`);
      const titles = (await c.windows()).map((w) => w.title);
      assert.deepEqual(
        titles.filter((t) => t !== titles[0] && !t.includes("Writer")),
        [],
        "no dialog",
      );
    } finally {
      await writer.kill();
      await service.stop();
    }
  },
);
