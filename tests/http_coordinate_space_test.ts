// Coordinate spaces over real HTTP on the mock (issue 45, item 4): scaled
// screenshots, clicks given in a scaled and in the normalized space landing
// on the control find_element found in that space, the session's default and
// a call's own space, and bad spaces refused with the typed envelope.

import assert from "node:assert/strict";
import { startService } from "./helpers/service.ts";
import { api, type Body, errorCode } from "./helpers/observe_api.ts";
import { decodeBase64, pngSize } from "./helpers/http.ts";

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;

type Box = { x: number; y: number; width: number; height: number };

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

Deno.test("coordinate spaces on the mock: scaled and normalized clicks land, bad spaces are 400s", async (t) => {
  const svc = await startService({ mock: true });
  const { get, post } = api(svc);
  const ok = async (path: string, body: unknown) => {
    const r = await post(path, body);
    assert.equal(r.status, 200, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
    return r.body;
  };
  const valueOf = async (name: string) => {
    const found = await ok("/api/tool/find_element", { selector: `Edit[name="${name}"]` });
    const element = await ok("/api/tool/get_element", { element_id: found.element_id });
    return (element.element as Body).value;
  };
  try {
    await ok("/api/scenario/load", { path: LOGIN });

    await t.step("a scaled screenshot: its size, its aspect and the space it names", async () => {
      const shot = await ok("/api/tool/get_screenshot", { max_width: 960 });
      assert.deepEqual([shot.width, shot.height, shot.scale], [960, 540, 0.5]);
      assert.equal(shot.coordinate_space, "scaled:960x540");
      assert.deepEqual(pngSize(decodeBase64(String(shot.data))), { width: 960, height: 540 });
      const byHeight = await ok("/api/tool/get_full_screenshot", { max_height: 400 });
      // 1920 × 400 / 1080 = 711.1: the width rounds down, the aspect kept within a pixel.
      assert.deepEqual([byHeight.width, byHeight.height], [711, 400]);
      assert.equal(byHeight.coordinate_space, "scaled:711x400");
      const full = await ok("/api/tool/get_screenshot", {});
      assert.deepEqual([full.width, full.height, full.coordinate_space], [1920, 1080, "screen"]);
      assert.equal(full.scale, undefined);
      const window = await ok("/api/tool/get_screenshot", { window_index: 0, max_width: 400 });
      assert.deepEqual([window.width, window.height, window.scale], [400, 300, 0.5]);
      assert.equal(window.coordinate_space, undefined, "a window's picture is no screen space");
    });

    await t.step(
      "the picture as the body: X-Oso-Width and X-Oso-Height are the scaled size",
      async () => {
        const r = await fetch(`${svc.url}/api/tool/get_screenshot?max_width=640&format=jpeg`, {
          headers: { accept: "image/jpeg" },
        });
        assert.equal(r.status, 200);
        assert.equal(r.headers.get("content-type"), "image/jpeg");
        assert.deepEqual([r.headers.get("x-oso-width"), r.headers.get("x-oso-height")], [
          "640",
          "360",
        ]);
        await r.body?.cancel();
      },
    );

    await t.step("a click at a control's centre in the scaled space lands on it", async () => {
      const found = await ok("/api/tool/find_element", {
        selector: 'Edit[name="Username"]',
        coordinate_space: "scaled:960x540",
      });
      assert.equal(found.coordinate_space, "scaled:960x540");
      // On the screen: {200, 200, 240, 24}.
      assert.deepEqual(found.bounds, { x: 100, y: 100, width: 120, height: 12 });
      const at = centre(found.bounds as Box);
      const click = await ok("/api/tool/click_at", { ...at, coordinate_space: "scaled:960x540" });
      assert.deepEqual([click.x, click.y, click.coordinate_space], [160, 106, "scaled:960x540"]);
      assert.deepEqual([click.screen_x, click.screen_y], [320, 212]);
      await ok("/api/tool/type_text", { text: "alice" });
      assert.equal(await valueOf("Username"), "alice");
    });

    await t.step("a click at a control's centre in the normalized space lands on it", async () => {
      const found = await ok("/api/tool/find_element", {
        selector: 'Edit[name="Password"]',
        coordinate_space: "normalized",
      });
      const box = found.bounds as Box;
      // {200, 240, 240, 24} over 1920×1080.
      assert.deepEqual(box, { x: 104.17, y: 222.22, width: 125, height: 22.22 });
      const click = await ok("/api/tool/click_at", {
        ...centre(box),
        coordinate_space: "normalized",
      });
      assert.deepEqual([click.screen_x, click.screen_y], [320, 252]);
      await ok("/api/tool/type_text", { text: "pw" });
      // The password field is a secret: the value reads back redacted, but it is no longer empty.
      assert.notEqual(await valueOf("Password"), "");
    });

    await t.step("the session's space, and a call's own winning over it", async () => {
      const set = await ok("/api/tool/set_coordinate_space", { coordinate_space: "normalized" });
      assert.deepEqual([set.coordinate_space, set.previous], ["normalized", "screen"]);
      assert.deepEqual(set.screen, { x: 0, y: 0, width: 1920, height: 1080 });
      // The call's own space: screen pixels, while the session's is normalized.
      const byScreen = await ok("/api/tool/get_element", {
        x: 250,
        y: 294,
        coordinate_space: "screen",
      });
      assert.equal(byScreen.coordinate_space, "screen");
      assert.deepEqual((byScreen.element as Body).bounds, {
        x: 200,
        y: 280,
        width: 100,
        height: 28,
      });
      // No space named: the session's.
      const login = await ok("/api/tool/find_element", { selector: 'Button[name="Login"]' });
      assert.equal(login.coordinate_space, "normalized");
      const at = centre(login.bounds as Box);
      const again = await ok("/api/tool/get_element", at);
      assert.equal((again.element as Body).name, "Login", "round trip: the centre names it again");
      const click = await ok("/api/tool/click_at", at);
      assert.equal(click.coordinate_space, "normalized");
      // Within one screen pixel of the true centre (250, 294).
      assert.ok(Math.abs(Number(click.screen_x) - 250) <= 1, JSON.stringify(click));
      assert.ok(Math.abs(Number(click.screen_y) - 294) <= 1, JSON.stringify(click));
      const windows = (await get("/api/windows")).body.windows as Body[];
      assert.ok(windows.some((w) => w.title === "Acme — Welcome"), JSON.stringify(windows));
      // Trees answer in the session's space too, and name it (tests/http_coordinate_results_test.ts).
      for (const path of ["/api/structure", "/api/structure?view=compact", "/api/observe"]) {
        const body = (await get(path)).body;
        assert.deepEqual([body.coordinate_space, body.warning], ["normalized", undefined], path);
      }
      await ok("/api/tool/set_coordinate_space", { coordinate_space: "screen" });
      assert.equal((await get("/api/structure")).body.coordinate_space, "screen");
    });

    await t.step(
      "round trips: every element's centre comes back to it within a pixel",
      async () => {
        const screen = await ok("/api/tool/find_element", { selector: "//*", limit: 50 });
        for (const space of ["scaled:960x540", "scaled:711x400", "normalized"]) {
          const mapped = await ok("/api/tool/find_element", {
            selector: "//*",
            limit: 50,
            coordinate_space: space,
          });
          const pairs = (screen.all_matches as Body[]).map((m, i) => [
            m.bounds as Box,
            (mapped.all_matches as Body[])[i].bounds as Box,
          ]);
          for (const [onScreen, inSpace] of pairs) {
            const hover = await ok("/api/tool/hover_at", {
              ...centre(inSpace),
              hover_ms: 0,
              coordinate_space: space,
              dry_run: true,
            });
            const expected = centre(onScreen);
            assert.ok(
              Math.abs(Number(hover.screen_x) - expected.x) <= 1 &&
                Math.abs(Number(hover.screen_y) - expected.y) <= 1,
              `${space}: ${JSON.stringify(inSpace)} → ${hover.screen_x},${hover.screen_y}`,
            );
          }
        }
      },
    );

    await t.step("bad spaces and points outside them: 400 with the typed envelope", async () => {
      const refused: Array<[string, Body, RegExp]> = [
        ["/api/tool/click_at", { x: 1, y: 1, coordinate_space: "pixels" }, /coordinate_space/],
        ["/api/tool/click_at", { x: 1, y: 1, coordinate_space: "scaled" }, /coordinate_space/],
        ["/api/tool/click_at", { x: 1, y: 1, coordinate_space: "scaled:0x540" }, /1 to 16384/],
        [
          "/api/tool/click_at",
          { x: 1, y: 1, coordinate_space: "scaled:-960x540" },
          /screen, normalized/,
        ],
        [
          "/api/tool/click_at",
          { x: 1, y: 1, coordinate_space: "scaled:1024x768" },
          /scaled:1024x576/,
        ],
        ["/api/tool/click_at", { x: 1001, y: 1, coordinate_space: "normalized" }, /outside/],
        ["/api/tool/click_at", { x: 10, y: 541, coordinate_space: "scaled:960x540" }, /outside/],
        ["/api/tool/click_at", { x: 10.5, y: 1 }, /whole pixels/],
        ["/api/tool/drag", {
          from: { x: 1, y: 1 },
          to: { x: -5, y: 1 },
          coordinate_space: "normalized",
        }, /to \(-5, 1\) is outside/],
        ["/api/tool/set_coordinate_space", { coordinate_space: "scaled:1280x1280" }, /aspect/],
        ["/api/tool/set_coordinate_space", {}, /coordinate_space/],
        ["/api/tool/get_screenshot", { max_width: 0 }, /max_width/],
        ["/api/tool/get_full_screenshot", { max_height: -4 }, /max_height/],
      ];
      for (const [path, body, message] of refused) {
        const r = await post(path, body);
        assert.equal(r.status, 400, `${path} ${JSON.stringify(body)} → ${JSON.stringify(r.body)}`);
        assert.equal(r.body.ok, false);
        assert.equal(errorCode(r), "BadRequest");
        assert.match((r.body.error as Body).message as string, message, JSON.stringify(body));
      }
      const query = await get("/api/tool/find_element?selector=//Button&coordinate_space=tiny");
      assert.equal(query.status, 400, JSON.stringify(query.body));
      assert.equal(errorCode(query), "BadRequest");
    });
  } finally {
    await svc.stop();
  }
});
