// A Wayland desktop reached only through xdg-desktop-portal (as on GNOME and
// KDE): here sway without its IPC socket given, and a fake portal on the
// session bus that speaks the documented interfaces. Windows come from
// AT-SPI, trees are window-relative, elements are acted on through AT-SPI,
// an element click by box is refused saying why, screenshots and clicks at
// points go through the portal, and the user's consent is asked once.

import { strict as assert } from "node:assert";
import { partAvailable } from "../helpers/parts.ts";
import { startService } from "../helpers/service.ts";
import { decodeBase64 } from "../helpers/http.ts";
import { client, findAll, TEST_CONFIG } from "../linux/linux_service.ts";
import { firstLine } from "../linux/desktop.ts";
import { startWaylandDesktop, WAYLAND_PACKAGES, waylandAvailable } from "./desktop.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import { eventually } from "./checks.ts";

const FAKE = new URL("../fixtures/dbus/fake_portal.py", import.meta.url).pathname;

function parts(): boolean {
  if (Deno.build.os !== "linux") return false;
  const gi = (() => {
    try {
      return new Deno.Command("/usr/bin/python3", { args: ["-c", "import gi"], stderr: "null" })
        .outputSync().code === 0;
    } catch {
      return false;
    }
  })();
  return partAvailable(
    "a headless Wayland desktop (sway, XWayland, D-Bus, at-spi2-core)",
    waylandAvailable(),
    `apt-get install ${WAYLAND_PACKAGES}`,
  ) && partAvailable("Python with GObject (the fake portal)", gi, "apt-get install python3-gi");
}

Deno.test({
  name:
    "through the portal: AT-SPI's windows, window-relative trees, AT-SPI actions, portal pictures and clicks",
  ignore: !parts(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const desktop = await startWaylandDesktop({ width: 1280, height: 800 });
    const log = `${desktop.env.HOME}/portal.log`;
    const fake = new Deno.Command("/usr/bin/python3", {
      args: [FAKE, log],
      env: desktop.env,
      clearEnv: true,
      stdout: "piped",
      stderr: "inherit",
    }).spawn();
    try {
      assert.equal(await firstLine(fake.stdout, "the fake portal"), "ready");
      await desktop.launch("gtk3-widget-factory");
      const { SWAYSOCK: _, ...env } = desktop.env;
      const service = await startService({ mock: false, env, config: TEST_CONFIG });
      const api = client(service);
      const readLog = async () =>
        (await Deno.readTextFile(log)).trim().split("\n").map((line) => JSON.parse(line));
      try {
        await t.step("the portal backend runs, and says what it cannot know", async () => {
          const health = (await api.get("/api/healthz")).body;
          assert.equal(health.is_mock, false);
          assert.match(
            JSON.stringify(health.tree_source),
            /xdg-desktop-portal: window positions are unknown/,
          );
        });

        const uid = await eventually(
          "the widget factory among AT-SPI's windows",
          async () =>
            (await api.windows()).find((w) => w.title === "gtk3-widget-factory")?.window_uid ??
              null,
        );

        await t.step("its tree, relative to the window; an AT-SPI action acts", async () => {
          const tree = await api.structure(uid);
          assert.deepEqual([tree.bounds.x, tree.bounds.y], [0, 0], "window-relative");
          const box = findAll(
            tree,
            (e) =>
              e.role === "CheckBox" && e.enabled !== false && e.selected === false &&
              e.bounds.width > 0,
          )[0];
          assert.ok(box, "an enabled, unchecked check box");
          const invoked = await api.post("/api/element/invoke", {
            window_uid: uid,
            element_id: box.id,
          });
          assert.equal(invoked.status, 200, JSON.stringify(invoked.body));
          await eventually("the box checked", async () => {
            const now = findAll(await api.structure(uid), (e) => e.id === box.id)[0];
            return now?.selected === true ? true : null;
          });
          const clicked = await api.post("/api/element/click", {
            window_uid: uid,
            element_id: box.id,
          });
          assert.equal(clicked.status, 501, JSON.stringify(clicked.body));
          const error = clicked.body.error as { code: string; message: string };
          assert.equal(error.code, "PlatformUnsupported");
          assert.match(error.message, /relative to its window.*use invoke_element/);
        });

        await t.step("a screenshot through the portal", async () => {
          const shot = await api.get("/api/screenshot?format=png");
          assert.equal(shot.status, 200, JSON.stringify(shot.body).slice(0, 300));
          const image = await decodePng(decodeBase64(String(shot.body.data)));
          assert.deepEqual([image.width, image.height], [4, 3], "the fake portal's picture");
          const calls = (await readLog()).filter((e) => e.call === "Screenshot.Screenshot");
          assert.equal(calls.length, 1);
        });

        await t.step(
          "clicks at points through one RemoteDesktop session, consent asked once",
          async () => {
            for (const [x, y] of [[100, 120], [1300, 50]]) {
              const clicked = await api.post("/api/tool/click_at", { x, y });
              assert.equal(clicked.status, 200, JSON.stringify(clicked.body));
            }
            const entries = await readLog();
            const moves = entries.filter((e) =>
              e.call === "RemoteDesktop.NotifyPointerMotionAbsolute"
            )
              .map((e) => e.args.slice(1));
            assert.deepEqual(moves, [[44, 100, 120], [45, 20, 50]]);
            assert.equal(entries.filter((e) => e.consent).length, 1);
            const token = await Deno.readTextFile(
              `${desktop.env.HOME}/.local/state/os-screen-observer/portal-restore-token`,
            );
            assert.equal(token, "restore-1", "the consent is remembered for the next start");
          },
        );
      } finally {
        await service.stop();
      }
    } finally {
      fake.kill();
      await fake.status;
      await desktop.stop();
    }
  },
});
