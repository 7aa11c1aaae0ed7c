// The service's other tools on a headless sway, on GTK 4's calculator: the
// observe view and the sketch, the live mirror, OSWorld's accessibility XML and set-of-marks,
// OCR, a wait for a window that appears, a pyautogui click from OSWorld's
// bridge, a trace of the calls, and the inspector's page.

import { strict as assert } from "node:assert";
import { startService } from "../helpers/service.ts";
import { client, findAll, TEST_CONFIG } from "../linux/linux_service.ts";
import { startWaylandDesktop } from "./desktop.ts";
import type { Element } from "../../lib/model/tree.ts";
import { eventually, waylandPart } from "./checks.ts";

Deno.test({
  name: "on sway: views, sketch, OSWorld's XML and marks, OCR, waits, pyautogui, traces, inspector",
  ignore: !waylandPart(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const desktop = await startWaylandDesktop({ width: 1280, height: 800 });
    const traces = await Deno.makeTempDir({ prefix: "oso-wayland-traces-" });
    try {
      const calculator = await desktop.launch("gnome-calculator");
      const uid = `sway:${calculator.view.conId}`;
      const service = await startService({
        mock: false,
        env: desktop.env,
        config: { ...TEST_CONFIG, tracing: { dir: traces } },
      });
      const api = client(service);
      try {
        await t.step("observe_window and the sketch show the calculator's keys", async () => {
          const observed = await api.get(`/api/observe?window_uid=${uid}`);
          assert.equal(observed.status, 200, JSON.stringify(observed.body).slice(0, 300));
          assert.match(JSON.stringify(observed.body), /mod/);
          const sketch = await api.get(`/api/sketch?window_uid=${uid}`);
          assert.equal(sketch.status, 200, JSON.stringify(sketch.body).slice(0, 300));
          assert.match(JSON.stringify(sketch.body), /mod/);
        });

        await t.step("the live mirror answers from memory, and follows a click", async () => {
          // The tree cache is off (cache_ttl_s 0): a hit is the mirror saying "unchanged".
          const structure = (fresh = false) =>
            api.get(`/api/structure?window_uid=${uid}&depth=30${fresh ? "&fresh=true" : ""}`);
          const cacheOf = (body: Record<string, unknown>) => (body.perf as { cache: string }).cache;
          await structure();
          assert.equal(cacheOf((await structure()).body), "hit", "unchanged, not walked");
          const click = await api.post("/api/element/click", {
            window_uid: uid,
            selector: 'Button[name="4 4"]',
          });
          assert.equal(click.status, 200, JSON.stringify(click.body));
          await eventually("the mirror's tree as a walk sees it, with the 4", async () => {
            const mirrored = (await structure()).body;
            const walked = (await structure(true)).body;
            return JSON.stringify(mirrored.tree).includes('"4"') &&
                mirrored.tree_hash === walked.tree_hash
              ? true
              : null;
          });
          await eventually(
            "unchanged again",
            async () => cacheOf((await structure()).body) === "hit" ? true : null,
          );
        });

        await t.step("OSWorld's accessibility XML places the keys on the screen", async () => {
          const xml = await api.get("/api/accessibility");
          assert.equal(xml.status, 200);
          const text = String(xml.body.AT);
          assert.match(text, /<application name="gnome-calculator"/);
          const tree = await api.structure(uid);
          const seven = findAll(tree, (e) => e.role === "Button" && /^7( 7)?$/.test(e.name))[0];
          assert.ok(seven, "the 7 key");
          const { x, y } = seven.bounds;
          assert.ok(text.includes(`cp:screencoord="(${x}, ${y})"`), `7 at (${x}, ${y}) in the XML`);
        });

        await t.step("set-of-marks numbers the keys", async () => {
          const marks = await api.post("/api/set_of_marks", { window_uid: uid });
          assert.equal(marks.status, 200, JSON.stringify(marks.body).slice(0, 300));
          const list = marks.body.marks as Array<{ name: string }>;
          assert.ok(list.length >= 20, `${list.length} marks`);
          assert.ok(list.some((m) => /^7( 7)?$/.test(m.name)));
        });

        await t.step("OCR reads the keys off the screenshot", async () => {
          const ocr = await api.get(`/api/ocr?window_uid=${uid}`);
          assert.equal(ocr.status, 200, JSON.stringify(ocr.body).slice(0, 300));
          assert.match(JSON.stringify(ocr.body), /mod/);
        });

        await t.step("a pyautogui click from OSWorld's bridge lands, inside a trace", async () => {
          const started = await api.post("/api/trace/start", { label: "wayland" });
          assert.equal(started.status, 200, JSON.stringify(started.body));
          const tree = await api.structure(uid);
          const nine = findAll(tree, (e) => e.role === "Button" && /^9( 9)?$/.test(e.name))[0];
          assert.ok(nine, "the 9 key");
          const centre = (e: Element) => [
            e.bounds.x + Math.floor(e.bounds.width / 2),
            e.bounds.y + Math.floor(e.bounds.height / 2),
          ];
          const [x, y] = centre(nine);
          const clicked = await api.post("/api/pyautogui", { code: `pyautogui.click(${x}, ${y})` });
          assert.equal(clicked.status, 200, JSON.stringify(clicked.body));
          await eventually(
            "9 on the display",
            async () => JSON.stringify(await api.structure(uid)).includes('"9"') ? true : null,
          );
          const stopped = await api.post("/api/trace/stop", {});
          assert.equal(stopped.status, 200, JSON.stringify(stopped.body));
          const trace = await api.get(`/api/trace/${started.body.trace_id}`);
          assert.equal(trace.status, 200);
          assert.match(JSON.stringify(trace.body), /run_pyautogui/);
        });

        await t.step("wait_for sees a window appear", async () => {
          const waiting = api.post("/api/wait_for", {
            any_of: [{ type: "window_appears", title_regex: "Mousepad" }],
            timeout_ms: 30_000,
          });
          await desktop.launch("mousepad");
          const waited = await waiting;
          assert.equal(waited.status, 200, JSON.stringify(waited.body));
          assert.match(String((waited.body.matched_detail as { title: string }).title), /Mousepad/);
        });

        await t.step("the inspector's page is served", async () => {
          const page = await fetch(`${service.url}/`);
          assert.equal(page.status, 200);
          assert.match(await page.text(), /<html/i);
        });
      } finally {
        await service.stop();
      }
    } finally {
      await desktop.stop();
      await Deno.remove(traces, { recursive: true });
    }
  },
});
