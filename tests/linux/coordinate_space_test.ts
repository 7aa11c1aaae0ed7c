// Coordinate spaces on a real window under Xvfb (issue 45, item 4): on a
// 1366×768 screen (its aspect does not divide evenly), gnome-calculator's
// buttons are found in the space of a screenshot scaled to width 1024 and
// clicked at their centres in that space, then more in the normalized space,
// found there and read from observe_window's tree and the compact view's
// @x,y; the display shows what those buttons compute.

import assert from "node:assert/strict";
import type { Element } from "../../lib/model/tree.ts";
import {
  accessibleStructure,
  type Client,
  desktopTest,
  eventually,
  findAll,
  uidOf,
  withLinuxService,
} from "./linux_service.ts";
import { decodeBase64, pngSize } from "../helpers/http.ts";

type Box = { x: number; y: number; width: number; height: number };
type Point = { x: number; y: number };

const centre = (b: Box): Point => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });

/**
 * Finds a button and clicks its centre, both in `space`: named in each call,
 * or (`given` false) the session's; checks the click landed on the button.
 */
async function clickButton(c: Client, uid: string, name: string, space: string, given = true) {
  const named = given ? { coordinate_space: space } : {};
  const inSpace = await c.post("/api/tool/find_element", {
    window_uid: uid,
    selector: `Button[name="${name}"]`,
    ...named,
  });
  assert.equal(inSpace.status, 200, `${name}: ${JSON.stringify(inSpace.body)}`);
  assert.equal(inSpace.body.coordinate_space, space);
  await clickAt(c, uid, name, centre(inSpace.body.bounds as Box), space, given);
}

/**
 * Clicks `at`, a point in `space` (named in the call, or with `given` false
 * the session's), and checks it landed on the button `name`: inside it on
 * the screen, within a pixel of its centre.
 */
async function clickAt(
  c: Client,
  uid: string,
  name: string,
  at: Point,
  space: string,
  given = true,
) {
  const named = given ? { coordinate_space: space } : {};
  const click = await c.post("/api/tool/click_at", { window_uid: uid, ...at, ...named });
  assert.equal(click.status, 200, `${name}: ${JSON.stringify(click.body)}`);
  assert.equal(click.body.success, true, JSON.stringify(click.body));
  assert.equal(click.body.coordinate_space, space);
  // The same button on the screen: the click landed inside it.
  const onScreen = await c.post("/api/tool/find_element", {
    window_uid: uid,
    selector: `Button[name="${name}"]`,
    coordinate_space: "screen",
  });
  const box = onScreen.body.bounds as Box;
  const [x, y] = [Number(click.body.screen_x), Number(click.body.screen_y)];
  assert.ok(
    x >= box.x && x < box.x + box.width && y >= box.y && y < box.y + box.height,
    `${name} in ${space}: clicked ${x},${y}, the button is ${JSON.stringify(box)}`,
  );
  const truth = centre(box);
  assert.ok(Math.abs(x - truth.x) <= 1 && Math.abs(y - truth.y) <= 1, `${name}: within a pixel`);
}

desktopTest(
  "coordinate spaces on gnome-calculator: buttons found and clicked in a scaled screenshot's space",
  async (t, desktop) => {
    await withLinuxService(desktop, async (c) => {
      const app = await desktop.launch("gnome-calculator");
      try {
        const uid = uidOf(app.window);
        await accessibleStructure(c, uid);
        const display = (value: string) =>
          eventually(
            async () => findAll(await c.structure(uid), (e) => e.role === "Document")[0],
            (d) => d?.value === value,
            5000,
          );

        let scaled = "";
        await t.step("a screenshot scaled to width 1024 names its space", async () => {
          const shot = await c.post("/api/tool/get_screenshot", { max_width: 1024 });
          assert.equal(shot.status, 200, JSON.stringify(shot.body));
          // 768 × 1024 / 1366 = 575.7: the height rounds down.
          assert.deepEqual([shot.body.width, shot.body.height], [1024, 575]);
          assert.deepEqual(pngSize(decodeBase64(String(shot.body.data))), {
            width: 1024,
            height: 575,
          });
          scaled = String(shot.body.coordinate_space);
          assert.equal(scaled, "scaled:1024x575");
        });

        await t.step("12 × 7 = 84, each button clicked at its centre in that space", async () => {
          // GTK 4 names each button twice over ("7 7", "× ×").
          for (const name of ["1 1", "2 2", "× ×", "7 7", "= ="]) {
            await clickButton(c, uid, name, scaled);
          }
          assert.equal((await display("84"))?.value, "84");
        });

        await t.step("+ 1 = 85, in the normalized space declared for the session", async () => {
          const set = await c.post("/api/tool/set_coordinate_space", {
            coordinate_space: "normalized",
          });
          assert.equal(set.status, 200, JSON.stringify(set.body));
          assert.deepEqual(set.body.screen, { x: 0, y: 0, width: 1366, height: 768 });
          for (const name of ["+ +", "1 1", "= ="]) {
            await clickButton(c, uid, name, "normalized", false);
          }
          assert.equal((await display("85"))?.value, "85");
        });

        await t.step(
          "× 2 = 170, each button's centre read from observe_window's tree or its compact view, " +
            "in the normalized space",
          async () => {
            const observed = await c.post("/api/tool/observe_window", {
              window_uid: uid,
              coordinate_space: "normalized",
            });
            assert.equal(observed.status, 200, JSON.stringify(observed.body));
            assert.equal(observed.body.coordinate_space, "normalized");
            const tree = observed.body.tree as Element;
            const fromTree = (name: string) => {
              const [button] = findAll(tree, (e) => e.role === "Button" && e.name === name);
              assert.ok(button, `${name} in the observed tree`);
              return centre(button.bounds);
            };
            // The session's space is normalized: the compact view answers in it unasked.
            const view = await c.post("/api/tool/get_window_structure", {
              window_uid: uid,
              view: "compact",
            });
            assert.equal(view.body.coordinate_space, "normalized");
            const line = / Button 2 2 @([\d.]+),([\d.]+)/.exec(String(view.body.compact));
            assert.ok(line, String(view.body.compact));
            const two = { x: Number(line[1]), y: Number(line[2]) };
            const presses: Array<[string, Point]> = [
              ["× ×", fromTree("× ×")],
              ["2 2", two],
              ["= =", fromTree("= =")],
            ];
            for (const [name, at] of presses) await clickAt(c, uid, name, at, "normalized");
            assert.equal((await display("170"))?.value, "170");
            // The screen's one monitor covers the whole normalized space.
            const monitors = await c.get("/api/monitors");
            assert.deepEqual((monitors.body.monitors as Array<{ bounds: Box }>)[0].bounds, {
              x: 0,
              y: 0,
              width: 1000,
              height: 1000,
            });
          },
        );
      } finally {
        await app.kill();
      }
    });
  },
  {
    width: 1366,
    height: 768,
    apps: [{ command: "gnome-calculator", package: "gnome-calculator" }],
  },
);
