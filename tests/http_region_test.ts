// Region tools (issue 17) against the real service on the mock desktop:
// get_screenshot_cropped (GET /api/screenshot/cropped), get_full_screenshot
// (GET /api/full_screenshot) and get_visible_areas (GET /api/visible_areas).
// The mock's Notepad is focused at 80,60 800×600; with mock_interactive the
// windows stack Chrome, VS Code, Notepad from the bottom up.

import assert from "node:assert/strict";
import type { RawImage } from "../lib/model/image.ts";
import { decodePng } from "../lib/formats/image/png.ts";
import { getJson, type JsonResponse, postJson } from "./helpers/http.ts";
import { assertPixelsOnce, connectSdkClient, resultJson } from "./helpers/mcp.ts";
import type { CallToolResult } from "./helpers/mcp_sdk_client.ts";
import { startService } from "./helpers/service.ts";

type Body = Record<string, unknown>;

const NOTEPAD = { x: 80, y: 60, width: 800, height: 600 };
const CHROME_INDEX = 1; // focused first, then by title: "GitHub · …", "screen_observer.py …"
const VSCODE_INDEX = 2;

function decode(base64: string): Promise<RawImage> {
  return decodePng(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
}

function errorOf(body: Body): { code: string; message: string; context: Body } {
  return body.error as { code: string; message: string; context: Body };
}

/** The pixels of `box` of `image`, row by row. */
function region(image: RawImage, box: { x: number; y: number; width: number; height: number }) {
  const out = new Uint8Array(box.width * box.height * 4);
  for (let row = 0; row < box.height; row++) {
    const from = ((box.y + row) * image.width + box.x) * 4;
    out.set(image.data.subarray(from, from + box.width * 4), row * box.width * 4);
  }
  return out;
}

async function assertSamePixels(
  cropped: Body,
  window: RawImage,
  box: { x: number; y: number; width: number; height: number },
  label: string,
) {
  const image = await decode(cropped.data as string);
  assert.deepEqual([image.width, image.height], [box.width, box.height], label);
  assert.deepEqual([cropped.width, cropped.height], [box.width, box.height], label);
  assert.ok(region(window, box).every((v, i) => v === image.data[i]), `${label}: pixels differ`);
}

Deno.test("region tools over REST on the mock desktop", async (t) => {
  const svc = await startService({ config: { mock_interactive: true } });
  const get = (path: string) => getJson(`${svc.url}${path}`);
  const tool = (name: string, args: Body) => postJson(`${svc.url}/api/tool/${name}`, args);
  try {
    const shot = await get("/api/screenshot?window_index=0");
    assert.equal(shot.status, 200);
    const window = await decode(shot.body.data as string);
    assert.deepEqual([window.width, window.height], [NOTEPAD.width, NOTEPAD.height]);

    await t.step(
      "a bbox crop is that region of the window screenshot, pixel for pixel",
      async () => {
        const box = { x: 10, y: 20, width: 120, height: 45 };
        const viaGet = await get("/api/screenshot/cropped?window_index=0&bbox=10,20,120,45");
        const viaPost = await tool("get_screenshot_cropped", { window_index: 0, bbox: box });
        for (const [label, res] of [["GET, text bbox", viaGet], ["POST, object bbox", viaPost]]) {
          const r = res as JsonResponse;
          assert.equal(r.status, 200, `${label}: ${JSON.stringify(r.body.error)}`);
          assert.equal(r.body.ok, true);
          assert.equal(r.body.success, true);
          assert.equal(typeof r.body.step_id, "number");
          assert.ok("caused_by_step_id" in r.body);
          assert.equal(r.body.window, "Untitled — Notepad");
          assert.equal(typeof r.body.window_uid, "string");
          assert.equal(r.body.format, "png");
          assert.equal(r.body.encoding, "base64");
          assert.deepEqual(r.body.source_bbox, box, label as string);
          assert.deepEqual(r.body.screen_bbox, { ...box, x: 90, y: 80 }, label as string);
          assert.equal(r.body.clamped, false);
          assert.equal(r.body.warning, undefined);
          await assertSamePixels(r.body, window, box, label as string);
        }
        // Spaces around the numbers of the text form are fine.
        const spaced = await get(
          `/api/screenshot/cropped?bbox=${encodeURIComponent(" 10, 20 ,120,45")}`,
        );
        assert.deepEqual(spaced.body.source_bbox, box);
      },
    );

    await t.step("an element crop is its bounds, window-relative; bbox wins over it", async () => {
      const found = await get(
        `/api/find_element?selector=${encodeURIComponent('MenuItem[name="File"]')}`,
      );
      assert.equal(found.status, 200);
      const bounds = found.body.bounds as { x: number; y: number; width: number; height: number };
      const box = { ...bounds, x: bounds.x - NOTEPAD.x, y: bounds.y - NOTEPAD.y };
      const res = await get(`/api/screenshot/cropped?element_id=${found.body.element_id}`);
      assert.equal(res.status, 200, JSON.stringify(res.body.error));
      assert.deepEqual(res.body.source_bbox, box);
      assert.deepEqual(res.body.screen_bbox, bounds);
      assert.equal((res.body.element as Body).element_id, found.body.element_id);
      await assertSamePixels(res.body, window, box, "element");

      const padded = await tool("get_screenshot_cropped", {
        element_id: found.body.element_id,
        padding_px: 3,
      });
      // File sits at the window's corner: the padding is cut there.
      const [left, top] = [Math.max(0, box.x - 3), Math.max(0, box.y - 3)];
      const grown = {
        x: left,
        y: top,
        width: box.x + box.width + 3 - left,
        height: box.y + box.height + 3 - top,
      };
      assert.deepEqual(padded.body.source_bbox, grown);
      await assertSamePixels(padded.body, window, grown, "padded element");

      // A compact view's ref names the same element.
      const view = String((await get("/api/structure?window_index=0&view=compact")).body.compact);
      const ref = /(e\d+) MenuItem File @/.exec(view)![1];
      const byRef = await get(`/api/screenshot/cropped?window_index=0&element_id=${ref}`);
      assert.equal(byRef.status, 200, JSON.stringify(byRef.body.error));
      assert.deepEqual(byRef.body.source_bbox, box);

      const both = await tool("get_screenshot_cropped", {
        element_id: found.body.element_id,
        bbox: { x: 0, y: 0, width: 5, height: 5 },
      });
      assert.deepEqual(both.body.source_bbox, { x: 0, y: 0, width: 5, height: 5 });
      assert.match(String(both.body.warning), /element_id ignored/);
    });

    await t.step("no region: the whole window, still scaled by max_width", async () => {
      const res = await get("/api/screenshot/cropped?max_width=200");
      assert.equal(res.status, 200);
      assert.deepEqual([res.body.width, res.body.height], [200, 150]);
      assert.equal(res.body.source_bbox, undefined);
      assert.equal(res.body.scale, 0.25);
    });

    await t.step("padding is cut at the window's edges", async () => {
      const cases: Array<[Body, Body]> = [
        [{ x: 2, y: 3, width: 10, height: 10 }, { x: 0, y: 0, width: 17, height: 18 }],
        [{ x: 790, y: 590, width: 10, height: 10 }, { x: 785, y: 585, width: 15, height: 15 }],
        [{ x: 0, y: 0, width: 800, height: 600 }, { x: 0, y: 0, width: 800, height: 600 }],
      ];
      for (const [bbox, expected] of cases) {
        const res = await tool("get_screenshot_cropped", { bbox, padding_px: 5 });
        assert.equal(res.status, 200, JSON.stringify(res.body.error));
        assert.deepEqual(res.body.source_bbox, expected, JSON.stringify(bbox));
        assert.equal(res.body.clamped, true, JSON.stringify(bbox));
        assert.equal(res.body.warning, undefined, "padding cut at an edge is no warning");
        await assertSamePixels(res.body, window, expected as typeof NOTEPAD, JSON.stringify(bbox));
      }
    });

    await t.step("a box partly outside the window is cut to it and says so", async () => {
      const res = await get("/api/screenshot/cropped?bbox=-50,-10,100,40");
      assert.equal(res.status, 200);
      assert.deepEqual(res.body.source_bbox, { x: 0, y: 0, width: 50, height: 30 });
      assert.equal(res.body.clamped, true);
      assert.match(String(res.body.warning), /reaches past the window's 800×600 screenshot/);
    });

    await t.step("max_width scales down only, height floored, at least 1", async () => {
      const cases: Array<[string, number, number]> = [
        ["0,0,200,100&max_width=50", 50, 25],
        ["0,0,300,100&max_width=200", 200, 66],
        ["0,0,200,100&max_width=500", 200, 100],
        ["0,0,800,1&max_width=10", 10, 1],
      ];
      for (const [query, width, height] of cases) {
        const res = await get(`/api/screenshot/cropped?bbox=${query}`);
        assert.equal(res.status, 200, query);
        assert.deepEqual([res.body.width, res.body.height], [width, height], query);
        const png = await decode(res.body.data as string);
        assert.deepEqual([png.width, png.height], [width, height], query);
      }
    });

    await t.step("every bad box is a typed 4xx naming the field, never a 500", async () => {
      const cases: Array<[string, unknown, string]> = [
        ["negative width", { x: 0, y: 0, width: -5, height: 10 }, "bbox.width"],
        ["negative height", "0,0,10,-1", "bbox.height"],
        ["zero size", { x: 0, y: 0, width: 0, height: 0 }, "bbox.width"],
        ["zero width, text", "5,5,0,10", "bbox.width"],
        ["wholly right of the window", { x: 800, y: 0, width: 10, height: 10 }, "bbox"],
        ["wholly above the window", "0,-100,10,50", "bbox"],
        ["far away", { x: 90_000, y: 90_000, width: 10, height: 10 }, "bbox"],
        ["huge offset", { x: 1e12, y: 0, width: 10, height: 10 }, "bbox.x"],
        ["huge size, text", "0,0,1e12,10", "bbox.width"],
        ["not an integer", { x: 0.5, y: 0, width: 10, height: 10 }, "bbox.x"],
        ["not an integer, text", "0,0,10.5,10", "bbox.width"],
        ["NaN, text", "NaN,0,10,10", "bbox.x"],
        ["a word", "abc", "bbox"],
        ["three numbers", "1,2,3", "bbox"],
        ["a list", [0, 0, 10, 10], "bbox"],
        ["a number", 7, "bbox"],
        ["a missing field", { x: 0, y: 0, width: 10 }, "bbox.height"],
        ["a misspelt field", { x: 0, y: 0, w: 10, h: 10 }, "bbox"],
        ["text numbers in an object", { x: "0", y: 0, width: 10, height: 10 }, "bbox.x"],
      ];
      for (const [label, bbox, field] of cases) {
        const posted = await tool("get_screenshot_cropped", { bbox });
        const queries = typeof bbox === "string"
          ? [await get(`/api/screenshot/cropped?bbox=${encodeURIComponent(bbox)}`)]
          : [];
        for (const res of [posted, ...queries]) {
          assert.equal(res.status, 400, `${label}: ${JSON.stringify(res.body)}`);
          assert.equal(res.body.ok, false);
          const error = errorOf(res.body);
          assert.equal(error.code, "BadRequest", label);
          assert.equal(error.context.field, field, label);
        }
      }
      const others: Array<[string, Body]> = [
        ["padding_px=-1", { padding_px: -1 }],
        ["padding_px=2.5", { padding_px: 2.5 }],
        ["padding_px=1e12", { padding_px: 1e12 }],
        ["max_width=0", { max_width: 0 }],
        ["max_width=-3", { max_width: -3 }],
      ];
      for (const [label, args] of others) {
        const res = await tool("get_screenshot_cropped", { bbox: "0,0,10,10", ...args });
        assert.equal(res.status, 400, label);
        assert.equal(errorOf(res.body).code, "BadRequest", label);
        assert.match(errorOf(res.body).message, new RegExp(Object.keys(args)[0]), label);
      }
      for (const query of ["padding_px=abc", "max_width=wide", "padding_px=NaN", "bbox="]) {
        const res = await get(`/api/screenshot/cropped?${query}`);
        assert.equal(res.status, 400, query);
        assert.equal(errorOf(res.body).code, "BadRequest", query);
      }
    });

    await t.step("an unknown element id is ElementNotFound, not an uncropped image", async () => {
      for (const element_id of ["root.99.99", "e999", "nonsense"]) {
        const res = await tool("get_screenshot_cropped", { element_id });
        assert.equal(res.status, 404, element_id);
        assert.equal(errorOf(res.body).code, "ElementNotFound", element_id);
        assert.equal(res.body.data, undefined);
      }
      const gone = await tool("get_screenshot_cropped", {
        window_uid: "mock:gone",
        bbox: "0,0,5,5",
      });
      assert.equal(gone.status, 404);
      assert.equal(errorOf(gone.body).code, "WindowGone");
    });

    await t.step("full screenshot: the whole desktop, with the named window's sketch", async () => {
      const bare = await get("/api/full_screenshot");
      assert.equal(bare.status, 200);
      assert.deepEqual(Object.keys(bare.body).sort(), [
        "data",
        "encoding",
        "format",
        "height",
        "screenshot_scope",
        "sketch",
        "width",
        "window",
      ]);
      assert.equal(bare.body.window, "(full screen)");
      assert.equal(bare.body.screenshot_scope, "full_display");
      assert.equal(bare.body.sketch, null);
      assert.deepEqual([bare.body.width, bare.body.height], [1920, 1080]);
      const png = await decode(bare.body.data as string);
      assert.deepEqual([png.width, png.height], [1920, 1080]);

      const named = await get("/api/full_screenshot?window_index=0&grid_width=60&grid_height=20");
      assert.equal(named.status, 200);
      assert.equal(named.body.window, "Untitled — Notepad");
      assert.equal(typeof named.body.sketch, "string");
      assert.match(named.body.sketch as string, /Notepad/);
      assert.equal((named.body.sketch as string).split("\n")[0].length, 60);

      const missing = await get("/api/full_screenshot?window_index=9");
      assert.equal(missing.status, 200);
      assert.equal(missing.body.window, "(full screen)");
      assert.equal(missing.body.sketch, null);

      const viaTool = await tool("get_full_screenshot", { window_title: "notepad" });
      assert.equal(viaTool.status, 200);
      assert.equal(viaTool.body.ok, true);
      assert.equal(viaTool.body.window, "Untitled — Notepad");
      assert.equal(typeof viaTool.body.window_uid, "string");
      assert.equal(typeof viaTool.body.sketch, "string");
      const toolMissing = await tool("get_full_screenshot", { window_uid: "mock:gone" });
      assert.equal(toolMissing.body.sketch, null);
      assert.match(String(toolMissing.body.warning), /no window matches window_uid mock:gone/);
    });

    await t.step("full screenshot: bad input is a v1 400", async () => {
      for (const query of ["grid_width=3", "grid_height=9999", "window_index=first"]) {
        const res = await get(`/api/full_screenshot?${query}`);
        assert.equal(res.status, 400, query);
        assert.deepEqual(Object.keys(res.body), ["error"], query);
        assert.equal(typeof res.body.error, "string", query);
      }
      const viaTool = await tool("get_full_screenshot", { grid_width: 3 });
      assert.equal(viaTool.status, 400);
      assert.equal(errorOf(viaTool.body).code, "BadRequest");
    });

    await t.step(
      "visible areas: a partly covered window, an uncovered one, the focused one",
      async () => {
        const chrome = await get(`/api/visible_areas?window_index=${CHROME_INDEX}`);
        assert.equal(chrome.status, 200);
        assert.deepEqual(chrome.body, {
          window: "GitHub · Where software is built — Google Chrome",
          visible_regions: [
            { x: 0, y: 0, width: 960, height: 60 },
            { x: 0, y: 660, width: 960, height: 390 },
            { x: 0, y: 60, width: 80, height: 600 },
            { x: 880, y: 60, width: 80, height: 600 },
          ],
        });
        const vscode = await get(`/api/visible_areas?window_index=${VSCODE_INDEX}`);
        assert.deepEqual(vscode.body.visible_regions, [{ x: 960, y: 0, width: 960, height: 1050 }]);
        const focused = await get("/api/visible_areas?window_title=notepad");
        assert.deepEqual(focused.body, {
          window: "Untitled — Notepad",
          visible_regions: [NOTEPAD],
        });

        const viaTool = await tool("get_visible_areas", { window_index: CHROME_INDEX });
        assert.equal(viaTool.status, 200);
        assert.deepEqual(viaTool.body.visible_regions, chrome.body.visible_regions);
        assert.deepEqual(viaTool.body.bounds, { x: 0, y: 0, width: 1920, height: 1050 });
        assert.equal(typeof viaTool.body.window_uid, "string");
      },
    );

    await t.step("visible areas: v1 errors, and typed ones from the tool", async () => {
      const required = { error: "window_uid or window_index is required" };
      for (const query of ["", "?window_index=9", "?window_uid=mock:gone", "?window_title=nope"]) {
        const res = await get(`/api/visible_areas${query}`);
        assert.equal(res.status, 400, query);
        assert.deepEqual(res.body, required, query);
      }
      const bad = await get("/api/visible_areas?window_index=x");
      assert.equal(bad.status, 400);
      assert.deepEqual(Object.keys(bad.body), ["error"]);

      const none = await tool("get_visible_areas", {});
      assert.equal(none.status, 400);
      assert.equal(errorOf(none.body).code, "BadRequest");
      const gone = await tool("get_visible_areas", { window_uid: "mock:gone" });
      assert.equal(gone.status, 404);
      assert.equal(errorOf(gone.body).code, "WindowGone");
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("region screenshots spend the screenshot budget; visible areas do not", async () => {
  const svc = await startService({ args: ["--max-screenshots", "2"] });
  const get = (path: string) => getJson(`${svc.url}${path}`);
  try {
    // A refused box spends nothing.
    assert.equal((await get("/api/screenshot/cropped?bbox=0,0,0,10")).status, 400);
    assert.equal((await get("/api/screenshot/cropped?bbox=0,0,10,10")).status, 200);
    assert.equal((await get("/api/full_screenshot")).status, 200);
    const refused = [
      await get("/api/full_screenshot"),
      await get("/api/screenshot/cropped?bbox=0,0,10,10"),
      await postJson(`${svc.url}/api/tool/get_full_screenshot`, {}),
    ];
    for (const res of refused) {
      assert.equal(res.status, 429);
      assert.equal(errorOf(res.body).code, "BudgetExceeded");
    }
    const status = await postJson(`${svc.url}/api/tool/get_budget_status`, {});
    assert.deepEqual((status.body.screenshots as Body).used, 2);
    assert.equal((await get("/api/visible_areas?window_index=0")).status, 200);
  } finally {
    await svc.stop();
  }
});

Deno.test("region tools over MCP: screenshots as image content, areas as text", async () => {
  const mcp = await connectSdkClient();
  try {
    const call = async (name: string, args: Body) =>
      await mcp.client.callTool({ name, arguments: args }) as CallToolResult;
    const cropped = await call("get_screenshot_cropped", {
      window_index: 0,
      bbox: "10,20,120,45",
      max_width: 60,
    });
    assert.equal(cropped.isError, undefined);
    assertPixelsOnce(cropped, "cropped");
    const body = resultJson(cropped);
    assert.equal(body.image_content, 1);
    assert.deepEqual([body.width, body.height], [60, 22]);
    assert.deepEqual(body.source_bbox, { x: 10, y: 20, width: 120, height: 45 });

    const full = await call("get_full_screenshot", { window_index: 0 });
    assert.equal(full.isError, undefined);
    assertPixelsOnce(full, "full");
    const fullBody = resultJson(full);
    assert.deepEqual([fullBody.width, fullBody.height], [1920, 1080]);
    assert.equal(typeof fullBody.sketch, "string");

    const areas = await call("get_visible_areas", { window_index: 0 });
    assert.deepEqual(areas.content.map((c) => c.type), ["text"]);
    assert.deepEqual(resultJson(areas).visible_regions, [NOTEPAD]);

    const bad = await call("get_screenshot_cropped", {
      bbox: { x: 0, y: 0, width: -1, height: 5 },
    });
    assert.equal(bad.isError, true);
    assert.equal((resultJson(bad).error as Body).code, "BadRequest");
  } finally {
    await mcp.close();
  }
});
