// Two outputs side by side on a headless sway: the screenshot spans both, a
// window on the second is placed, drawn and clicked where it is, and a
// fullscreen window fills its output. A scaled output (2×): screenshots in the
// layout's pixels, where trees and clicks are.

import { strict as assert } from "node:assert";
import { startService } from "../helpers/service.ts";
import { client, TEST_CONFIG } from "../linux/linux_service.ts";
import { startWaylandDesktop } from "./desktop.ts";
import { equalsKeyDrawnAtItsBox, eventually, waylandPart } from "./checks.ts";

Deno.test({
  name: "on sway with two outputs: a window on the second placed, drawn and clicked; fullscreen",
  ignore: !waylandPart(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const desktop = await startWaylandDesktop({ width: 1024, height: 768, outputs: 2 });
    try {
      const calculator = await desktop.launch("gnome-calculator");
      const uid = `sway:${calculator.view.conId}`;
      await desktop.command(
        `[con_id=${calculator.view.conId}] move container to output HEADLESS-2`,
      );
      await desktop.command("focus output HEADLESS-2");
      await eventually("the calculator on the second output", async () => {
        const view = (await desktop.views()).find((v) => v.conId === calculator.view.conId);
        return view?.output === "HEADLESS-2" && view.content.x >= 1024 ? true : null;
      });
      const service = await startService({ mock: false, env: desktop.env, config: TEST_CONFIG });
      const api = client(service);
      try {
        const equalsOnOrange = () => equalsKeyDrawnAtItsBox(api, uid, { width: 2048, height: 768 });

        await t.step("the monitors and the screenshot span both outputs", async () => {
          const monitors = (await api.get("/api/monitors")).body.monitors as Array<
            { bounds: { x: number; width: number } }
          >;
          assert.deepEqual(monitors.map((m) => [m.bounds.x, m.bounds.width]), [[0, 1024], [
            1024,
            1024,
          ]]);
          const equals = await equalsOnOrange();
          assert.ok(equals.bounds.x > 1024, "on the second output");
        });

        await t.step("a click on the second output lands", async () => {
          for (const key of ["4 4", "2 2"]) {
            const click = await api.post("/api/element/click", {
              window_uid: uid,
              selector: `Button[name="${key}"]`,
            });
            assert.equal(click.status, 200, JSON.stringify(click.body));
          }
          await eventually(
            "42 on the display",
            async () => JSON.stringify(await api.structure(uid)).includes('"42"') ? true : null,
          );
        });

        await t.step(
          "fullscreen: the window fills its output, still drawn where its tree says",
          async () => {
            await desktop.command(`[con_id=${calculator.view.conId}] fullscreen enable`);
            await eventually("the calculator fullscreen", async () => {
              const view = (await desktop.views()).find((v) => v.conId === calculator.view.conId);
              return view?.fullscreen && view.content.width === 1024 ? true : null;
            });
            const listed = (await api.windows()).find((w) => w.window_uid === uid)!;
            assert.deepEqual(listed.bounds, { x: 1024, y: 0, width: 1024, height: 768 });
            await eventually(
              "the = key on orange pixels",
              () => equalsOnOrange().then(() => true, () => null),
            );
          },
        );
      } finally {
        await service.stop();
      }
    } finally {
      await desktop.stop();
    }
  },
});

Deno.test({
  name: "on sway with a 2× output: the screenshot in layout pixels, boxes and clicks where drawn",
  ignore: !waylandPart(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const desktop = await startWaylandDesktop({ width: 1024, height: 768, scale: 2 });
    try {
      const calculator = await desktop.launch("gnome-calculator");
      const uid = `sway:${calculator.view.conId}`;
      const service = await startService({ mock: false, env: desktop.env, config: TEST_CONFIG });
      const api = client(service);
      try {
        await t.step("the monitor: 1024×768 in the layout, 2048×1536 in pixels", async () => {
          const [monitor] = (await api.get("/api/monitors")).body.monitors as Array<
            { bounds: { width: number }; physical_bounds: { width: number }; scale_factor: number }
          >;
          assert.deepEqual(
            [monitor.bounds.width, monitor.physical_bounds.width, monitor.scale_factor],
            [1024, 2048, 2],
          );
        });

        await t.step("the = key's box on the screenshot's orange pixels", async () => {
          await equalsKeyDrawnAtItsBox(api, uid, { width: 1024, height: 768 });
        });

        await t.step("element clicks land", async () => {
          for (const key of ["6 6", "3 3"]) {
            const click = await api.post("/api/element/click", {
              window_uid: uid,
              selector: `Button[name="${key}"]`,
            });
            assert.equal(click.status, 200, JSON.stringify(click.body));
          }
          await eventually(
            "63 on the display",
            async () => JSON.stringify(await api.structure(uid)).includes('"63"') ? true : null,
          );
        });
      } finally {
        await service.stop();
      }
    } finally {
      await desktop.stop();
    }
  },
});
