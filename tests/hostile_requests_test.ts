// The outside probe's hand-written hostile requests (issue 10, findings 7 and
// 9), each against the real service: a GET never changes state, and keys named
// like Object.prototype members are ordinary unknown names (4xx), never a 500.

import { strict as assert } from "node:assert";
import { getJson, postJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";

const PROTOTYPE_NAMES = [
  "constructor",
  "toString",
  "valueOf",
  "hasOwnProperty",
  "__defineGetter__",
  "__proto__",
  "isPrototypeOf",
];

Deno.test("hostile requests get envelopes, never a 500", async (t) => {
  const service = await startService();
  const url = service.url;
  try {
    await t.step("GET never runs a tool that changes state or waits (405, POST hint)", async () => {
      for (const tool of ["load_scenario", "snapshot", "snapshot_drop", "wait_for", "wait_idle"]) {
        const res = await getJson(`${url}/api/tool/${tool}?path=scenarios/login.yaml`);
        assert.equal(res.status, 405, tool);
        assert.equal(res.headers.get("allow"), "POST", tool);
        assert.match((res.body.error as { message: string }).message, /POST/, tool);
      }
      const before = await getJson(`${url}/api/healthz`);
      assert.equal(before.status, 200);
      // read-only tools still answer over GET
      assert.equal((await getJson(`${url}/api/tool/list_windows`)).status, 200);
      assert.equal((await getJson(`${url}/api/tool/get_capabilities`)).status, 200);
    });

    await t.step("query parameters named like prototype members", async () => {
      for (const name of PROTOTYPE_NAMES) {
        for (const path of ["/api/windows", "/api/structure", "/api/sketch", "/api/observe"]) {
          const res = await getJson(`${url}${path}?${name}=1`);
          assert.ok(res.status < 500, `${path}?${name}=1 → ${res.status}`);
        }
        const console = await getJson(`${url}/api/tool/get_window_structure?${name}=1`);
        assert.ok(console.status < 500, `console ${name} → ${console.status}`);
      }
    });

    await t.step("key names, actions and modifiers named like prototype members", async () => {
      for (const name of PROTOTYPE_NAMES) {
        const cases: Array<[string, unknown]> = [
          ["/api/tool/press_key", { keys: name }],
          ["/api/tool/press_key", { keys: `ctrl+${name}` }],
          ["/api/tool/key_into_element", { selector: "Edit", keys: name }],
          ["/api/tool/drag", { from: { x: 1, y: 1 }, to: { x: 5, y: 5 }, modifiers: [name] }],
          ["/api/action", { action: "key", value: name }],
          ["/api/action", { action: name, value: "a" }],
        ];
        for (const [path, body] of cases) {
          const res = await postJson(`${url}${path}`, body);
          assert.equal(res.status, 400, `${path} ${JSON.stringify(body)} → ${res.status}`);
        }
      }
    });

    const health = await getJson(`${url}/api/healthz`);
    assert.equal(health.status, 200);
    assert.equal(service.exited(), null);
  } finally {
    await service.stop();
  }
});
