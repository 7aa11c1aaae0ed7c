// Failure cases over HTTP: a killed app, a lost accessibility bus that comes
// back, and a service started where the desktop is unreachable. The service
// must say what is wrong, keep serving, and recover without a restart.

import { strict as assert } from "node:assert";
import { probeLinuxDesktop } from "../../adapters/linux/probe.ts";
import type { Element } from "../../lib/model/tree.ts";
import { startService } from "../helpers/service.ts";
import { inProcessEnv } from "./desktop.ts";
import {
  accessibleStructure,
  client,
  desktopTest,
  eventually,
  findAll,
  TEST_CONFIG,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";

desktopTest("Linux desktop failures: killed app, lost accessibility bus", async (t, desktop) => {
  const calculator = await desktop.launch("gnome-calculator");
  const victim = await desktop.launch("zenity", ["--info", "--text=soon gone"]);
  await withLinuxService(desktop, async (c) => {
    const victimUid = uidOf(victim.window);
    const calculatorUid = uidOf(calculator.window);
    await accessibleStructure(c, victimUid);

    await t.step("a killed app's window is WindowGone, the rest keeps working", async () => {
      await victim.kill();
      const r = await c.get(`/api/structure?window_uid=${victimUid}`);
      assert.equal(r.status, 404);
      const error = r.body.error as Record<string, unknown>;
      assert.equal(error.code, "WindowGone");
      const windows = await eventually(
        () => c.windows(),
        (ws) => !ws.some((w) => w.window_uid === victimUid),
      );
      assert.ok(windows.some((w) => w.window_uid === calculatorUid));
      const tree = await accessibleStructure(c, calculatorUid);
      assert.ok(tree.children.length > 0);
    });

    await t.step("a lost accessibility bus is a clear error; X11 keeps serving", async () => {
      await desktop.stopAccessibilityBus();
      const r = await eventually(
        () => c.get(`/api/structure?window_uid=${calculatorUid}`),
        (res) => res.status !== 200,
      );
      assert.equal(r.status, 500);
      const error = r.body.error as Record<string, unknown>;
      assert.match(String(error.message), /accessibility bus was lost/);
      const again = await c.get(`/api/structure?window_uid=${calculatorUid}`);
      assert.equal(again.status, 500, "still no trees while the bus is away");
      assert.match(String((again.body.error as Record<string, unknown>).message), /bus/);
      assert.equal((await c.get("/api/healthz")).status, 200);
      const windows = await c.windows();
      assert.ok(windows.some((w) => w.window_uid === calculatorUid));
      assert.equal((await c.get("/api/screenshot")).status, 200);
    });

    await t.step("the probe names the missing accessibility bus", async () => {
      const saved = { ...Deno.env.toObject() };
      try {
        for (const [k, v] of Object.entries(inProcessEnv(desktop.env))) Deno.env.set(k, v);
        const probe = await probeLinuxDesktop();
        assert.equal(probe.ok, false);
        assert.ok(!probe.ok && probe.missing.length === 1, JSON.stringify(probe));
        assert.match(!probe.ok ? probe.missing[0] : "", /accessibility bus/);
      } finally {
        for (const k of Object.keys(desktop.env)) {
          if (k in saved) Deno.env.set(k, saved[k]);
          else Deno.env.delete(k);
        }
      }
    });

    await t.step("the same service reads trees again once the bus returns", async () => {
      await desktop.startAccessibilityBus();
      const fresh = await desktop.launch("zenity", ["--info", "--text=back"]);
      const r = await eventually(
        () => c.get(`/api/structure?window_uid=${uidOf(fresh.window)}&depth=30`),
        (res) => res.status === 200 && (res.body.tree as Element).children.length > 0,
        15_000,
      );
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const labels = findAll(r.body.tree as Element, (e) => e.name === "back");
      assert.ok(labels.length > 0, "the new dialog's text is in its tree");
    });
  });
});

Deno.test({
  name: "without a display the service falls back to the mock and says why",
  ignore: Deno.build.os !== "linux",
  async fn() {
    // Test files share this process under --parallel, and a Linux test may have
    // set DISPLAY in it meanwhile: the service gets an environment without one.
    const env = Deno.env.toObject();
    delete env.DISPLAY;
    const service = await startService({ mock: false, env, clearEnv: true, config: TEST_CONFIG });
    try {
      const health = await client(service).get("/api/healthz");
      assert.equal(health.body.is_mock, true);
      assert.match(service.stderr(), /Linux desktop unavailable.*missing: DISPLAY \(not set/);
    } finally {
      await service.stop();
    }
  },
});
