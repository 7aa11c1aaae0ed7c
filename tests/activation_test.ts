// bring_to_foreground on the mock desktop (no activation API: the title bar
// is clicked) and the geometry of that click, as tables of cases.

import { strict as assert } from "node:assert";
import { highestRegion, titleBarPoint } from "../lib/services/act/activation.ts";
import { startService } from "./helpers/service.ts";
import { api } from "./helpers/observe_api.ts";

Deno.test("the title bar click: a quarter in, clear of the corners, a dozen pixels down", () => {
  const cases: Array<[string, [number, number, number, number], [number, number]]> = [
    ["the mock Notepad (spec golden)", [80, 60, 800, 600], [280, 72]],
    ["narrow: the middle", [0, 0, 200, 100], [100, 12]],
    ["wide: a quarter in", [0, 0, 2000, 40], [500, 12]],
    ["260 wide: the left margin wins", [0, 0, 260, 30], [90, 12]],
    ["a strip 3 px high", [10, 10, 100, 3], [60, 11]],
    ["a strip 1 px high", [10, 10, 100, 1], [60, 10]],
  ];
  for (const [label, [x, y, width, height], [cx, cy]] of cases) {
    assert.deepEqual(titleBarPoint({ x, y, width, height }), { x: cx, y: cy }, label);
  }
  const regions = [
    { x: 0, y: 50, width: 900, height: 10 },
    { x: 0, y: 20, width: 100, height: 10 },
    { x: 200, y: 20, width: 300, height: 10 },
  ];
  assert.deepEqual(highestRegion(regions), regions[2], "highest, then widest");
  assert.equal(highestRegion([]), null);
});

Deno.test("bring_to_foreground on the mock: a title bar click, tool and legacy route", async () => {
  const svc = await startService();
  const { get, post } = api(svc);
  try {
    const tool = await post("/api/tool/bring_to_foreground", { window_index: 0 });
    assert.equal(tool.status, 200, JSON.stringify(tool.body));
    assert.equal(tool.body.success, true);
    assert.equal(tool.body.action, "click_title_bar");
    assert.equal(tool.body.clicked_x, 280);
    assert.equal(tool.body.clicked_y, 72);
    assert.match(String(tool.body.api_note), /no window activation API/);
    assert.equal(tool.body.window, "Untitled — Notepad");

    const legacy = await get("/api/bring_to_foreground?window_index=0");
    assert.equal(legacy.status, 200);
    assert.equal(legacy.body.clicked_x, 280);
    assert.match(String(legacy.body.window_uid), /^mock:0:/);

    const cases: Array<[string, number, unknown]> = [
      ["/api/bring_to_foreground", 400, {
        success: false,
        error: "window_uid or window_index is required",
      }],
      ["/api/bring_to_foreground?window_index=abc", 400, {
        success: false,
        error: "window_index must be an integer",
      }],
    ];
    for (const [path, status, body] of cases) {
      const r = await get(path);
      assert.equal(r.status, status, path);
      assert.deepEqual(r.body, body, path);
    }
    const gone = await get("/api/bring_to_foreground?window_uid=mock:9:nope");
    assert.equal(gone.status, 404);
    assert.equal(gone.body.success, false);
    const noWindow = await post("/api/tool/bring_to_foreground", {});
    assert.equal(noWindow.status, 400);
    assert.equal((noWindow.body.error as Record<string, unknown>).code, "BadRequest");
  } finally {
    await svc.stop();
  }
});
