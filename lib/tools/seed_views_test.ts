// The seed's get_element_tree and get_screen_sketch: the same results as
// get_window_structure and GET /api/sketch.

import assert from "node:assert/strict";
import { MockAdapter } from "../../adapters/mock/index.ts";
import { defaultConfig } from "../formats/config/config.ts";
import { Session } from "../runtime/session.ts";
import { dispatch } from "../runtime/dispatch.ts";
import { TOOLS } from "./index.ts";
import { createApp } from "../../routes/app.ts";

function mockSession(): Session {
  return new Session(
    new MockAdapter(),
    defaultConfig(),
    { configPath: "", configError: null },
  );
}

function withoutEnvelope(body: Record<string, unknown>): Record<string, unknown> {
  const { ok: _ok, success: _s, step_id: _id, caused_by_step_id: _c, untrusted: _u, ...rest } =
    body;
  return rest;
}

Deno.test("get_element_tree gives get_window_structure's result", async () => {
  const session = mockSession();
  for (const args of [{}, { window_index: 1 }]) {
    const seed = (await dispatch(session, TOOLS, "get_element_tree", args, "mcp")).body;
    const v2 = (await dispatch(session, TOOLS, "get_window_structure", args, "mcp")).body;
    assert.equal(seed.ok, true);
    const { tree_token: seedToken, perf: _p1, ...seedRest } = withoutEnvelope(seed);
    const { tree_token: _t2, perf: _p2, ...v2Rest } = withoutEnvelope(v2);
    assert.deepEqual(seedRest, v2Rest);
    assert.match(String(seedToken), /^tt:/);
    assert.equal(seed.untrusted, true);
  }
});

Deno.test("get_screen_sketch gives GET /api/sketch's fields, in the tool envelope", async () => {
  const session = mockSession();
  const app = createApp(session, "127.0.0.1");
  const cases: Array<[Record<string, unknown>, string]> = [
    [{}, ""],
    [
      { window_index: 1, grid_width: 60, grid_height: 20 },
      "window_index=1&grid_width=60&grid_height=20",
    ],
    [{ window_index: 0, structured: true }, "window_index=0&structured=1"],
  ];
  for (const [args, query] of cases) {
    const tool = (await dispatch(session, TOOLS, "get_screen_sketch", args, "mcp")).body;
    const route = await (await app.request(`http://127.0.0.1/api/sketch?${query}`)).json();
    assert.equal(tool.ok, true);
    assert.deepEqual(withoutEnvelope(tool), route, JSON.stringify(args));
  }
  const structured =
    (await dispatch(session, TOOLS, "get_screen_sketch", { structured: true }, "mcp"))
      .body;
  assert.ok(Array.isArray(structured.elements));
  assert.equal(typeof structured.legend, "object");
});

Deno.test("get_screen_sketch refuses grid sizes outside the renderer's limits", async () => {
  const session = mockSession();
  for (const args of [{ grid_width: 9 }, { grid_height: 251 }, { grid_width: 40.5 }]) {
    const { status, body } = await dispatch(session, TOOLS, "get_screen_sketch", args, "mcp");
    assert.equal(status, 400, JSON.stringify(args));
    assert.equal((body.error as { code: string }).code, "BadRequest");
  }
});
