// A real GNOME Shell 43 (headless, one virtual monitor) reached only through
// xdg-desktop-portal, as on Ubuntu's or Fedora's GNOME: AT-SPI's windows, the
// first screenshot and the first input each asking the user once (said at
// once, never a second dialog, taken up when the user answers), then
// screenshots of the real screen and keys and clicks that land.

import { strict as assert } from "node:assert";
import { partAvailable } from "../helpers/parts.ts";
import { waitFor } from "../helpers/proc.ts";
import { startService } from "../helpers/service.ts";
import { decodeBase64 } from "../helpers/http.ts";
import { client, findAll, type ListedWindow, TEST_CONFIG } from "../linux/linux_service.ts";
import { GNOME_PACKAGES, gnomeAvailable, startGnomeDesktop } from "./gnome_desktop.ts";
import { eventually } from "./checks.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import type { RawImage } from "../../lib/model/image.ts";

const WIDTH = 1280;
const HEIGHT = 800;

/**
 * The calculator's "=" key on the screenshot: the tallest stack of rows each
 * holding a run of at least 40 orange pixels (the key is 56 wide and twice as
 * tall), not the orange of its icon, of its small picture in the overview or
 * of GNOME's screen-sharing badge in the top bar.
 */
function equalsKey(image: RawImage) {
  const orange = (x: number, y: number) => {
    const at = (x + y * image.width) * 4;
    const [r, g, b] = image.data.subarray(at, at + 3);
    return r > 200 && g > 60 && g < 160 && b < 80;
  };
  /** A row's first run of 40 orange pixels: [left, right], or null. */
  const run = (y: number): [number, number] | null => {
    for (let x = 0; x < image.width;) {
      let end = x;
      while (end < image.width && orange(end, y)) end++;
      if (end - x >= 40) return [x, end - 1];
      x = end + 1;
    }
    return null;
  };
  type Box = { left: number; top: number; right: number; bottom: number };
  let best: Box | null = null;
  let stack: Box | null = null;
  for (let y = 0; y < image.height; y++) {
    const found = run(y);
    if (found === null) {
      stack = null;
      continue;
    }
    const grown: Box = stack === null
      ? { left: found[0], top: y, right: found[1], bottom: y }
      : { left: stack.left, top: stack.top, right: stack.right, bottom: y };
    stack = grown;
    if (best === null || grown.bottom - grown.top > best.bottom - best.top) best = grown;
  }
  return best;
}

Deno.test({
  name: "a real GNOME Shell through its portal: consent asked once each, then pictures and input",
  ignore: !partAvailable(
    "a headless GNOME Shell with its portal and PipeWire (as root)",
    Deno.build.os === "linux" && gnomeAvailable(),
    `apt-get install ${GNOME_PACKAGES}`,
  ),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const desktop = await startGnomeDesktop({ width: WIDTH, height: HEIGHT });
    try {
      const app = await desktop.launch("gnome-calculator");
      const service = await startService({ mock: false, env: desktop.env, config: TEST_CONFIG });
      const api = client(service);
      try {
        // An application's start on a busy machine: up to a minute, as the desktop's own parts.
        const calculator = await waitFor(
          "the calculator on the accessibility bus",
          async () => (await api.windows()).find((w) => w.process === "gnome-calculator") ?? null,
          60_000,
        ).catch((e) => {
          throw new Error(`${(e as Error).message}; the calculator printed: ${app.output()}`);
        });

        await t.step("the portal's desktop: AT-SPI's windows, said so", async () => {
          const health = (await api.get("/api/healthz")).body;
          const source = health.tree_source as { note: string };
          assert.match(source.note, /xdg-desktop-portal/);
          assert.equal(calculator.title, "Calculator");
        });

        const screenshot = () => api.post("/api/tool/get_full_screenshot", { format: "png" });
        const allowButtons = async () => {
          const shell = (await api.windows()).find((w) => w.process === "gnome-shell");
          if (!shell) return [];
          const tree = await api.structure(shell.window_uid);
          return findAll(tree, (e) => e.role === "Button" && e.name === "Allow");
        };

        await t.step("the first screenshot asks the user: said at once, one dialog", async () => {
          for (let call = 0; call < 2; call++) {
            const started = performance.now();
            const asked = await screenshot();
            assert.equal(asked.status, 503, JSON.stringify(asked.body));
            const error = asked.body.error as { code: string; message: string };
            assert.equal(error.code, "ServiceBusy");
            assert.match(error.message, /Screenshot: the desktop is asking the user/);
            assert.ok(performance.now() - started < 15_000, "not held until a watchdog");
          }
          assert.equal((await allowButtons()).length, 1, "GNOME Shell's one dialog");
        });

        await t.step("the user allows it: the screen, and no more asking", async () => {
          await desktop.keys("Tab", "Return");
          const shot = await eventually("the screenshot the user allowed", async () => {
            const r = await screenshot();
            if (r.status === 503) return null;
            assert.equal(r.status, 200, JSON.stringify(r.body));
            return r;
          });
          const picture = await decodePng(decodeBase64(String(shot.body.data)));
          assert.deepEqual([picture.width, picture.height], [WIDTH, HEIGHT]);
          assert.equal((await allowButtons()).length, 0, "the dialog is gone");
          const again = await screenshot();
          assert.equal(again.status, 200, "remembered: answered without asking");
        });

        const click = (x: number, y: number) => api.post("/api/tool/click_at", { x, y });
        await t.step("the first input asks the user: said at once, one dialog", async () => {
          const asked = await click(WIDTH - 5, HEIGHT - 5);
          assert.equal(asked.status, 503, JSON.stringify(asked.body));
          const error = asked.body.error as { message: string };
          assert.match(error.message, /RemoteDesktop\.Start: the desktop is asking/);
          const dialogs = await eventually("the portal's dialog", async () => {
            const found = (await api.windows()).filter((w: ListedWindow) =>
              w.process === "xdg-desktop-portal-gnome"
            );
            return found.length > 0 ? found : null;
          });
          assert.equal(dialogs.length, 1);
          await desktop.press(
            "xdg-desktop-portal-gnome",
            "Allow remote interaction",
            "_Share Share",
          );
          await eventually("the input the user allowed", async () => {
            const r = await click(WIDTH - 5, HEIGHT - 5);
            if (r.status === 503) return null;
            assert.equal(r.status, 200, JSON.stringify(r.body));
            return true;
          });
        });

        const pictureOf = async () =>
          await decodePng(decodeBase64(String((await screenshot()).body.data)));
        await t.step("keys and a click at a point from the screenshot land", async () => {
          // GNOME opens on its overview: the user leaves it for the calculator's window.
          const equals = await eventually("the calculator's = key on the screen", async () => {
            await desktop.keys("Escape");
            return equalsKey(await pictureOf());
          });
          const typed = await api.post("/api/tool/type_text", { text: "7+8" });
          assert.equal(typed.status, 200, JSON.stringify(typed.body));
          const clicked = await click(
            Math.round((equals.left + equals.right) / 2),
            Math.round(equals.top + (equals.bottom - equals.top) / 4),
          );
          assert.equal(clicked.status, 200, JSON.stringify(clicked.body));
          assert.equal(clicked.body.at_point ?? null, null, "no window named at a point");
          await eventually("15 on the display", async () => {
            const text = JSON.stringify(await api.structure(calculator.window_uid));
            return text.includes('"15"') ? true : null;
          });
        });

        await t.step("what cannot be done here is said", async () => {
          const raised = await api.post("/api/tool/bring_to_foreground", {
            window_uid: calculator.window_uid,
          });
          const body = raised.body as {
            success: boolean;
            action: string;
            error?: { message: string };
          };
          if (!body.success) {
            assert.equal(body.action, "none", "no click at a box that is not on the screen");
            assert.match(String(body.error?.message), /window positions are unknown/);
          }
          const capabilities = (await api.post("/api/tool/get_capabilities", {})).body as {
            supports: Record<string, boolean>;
          };
          assert.equal(capabilities.supports.window_positions, false);
        });
      } finally {
        await service.stop();
      }
    } finally {
      await desktop.stop();
    }
  },
});
