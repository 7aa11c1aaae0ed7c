// The compact view over HTTP and MCP's shared registry, on the mock desktop
// and the login scenario: lines with refs, refs acting as element ids, the
// token budget, and compact diffs after an action.

import { strict as assert } from "node:assert";
import { startService } from "./helpers/service.ts";
import { api } from "./helpers/observe_api.ts";

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;

Deno.test("compact view: lines, refs as ids, budget, diffs (mock and login scenario)", async (t) => {
  const svc = await startService();
  const { get, post } = api(svc);
  try {
    await t.step("structure view=compact: one line per shown element with its ref", async () => {
      const r = await get("/api/structure?window_index=1&view=compact");
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const lines = String(r.body.compact).split("\n");
      assert.match(
        lines[0],
        /^e0 Window "GitHub · Where software is built — Google Chrome" @960,525 1920x1050$/,
      );
      assert.ok(lines.includes("    e7 Button Forward disabled @60,62"), lines.join("\n"));
      assert.equal(r.body.tree, undefined);
    });

    await t.step("a ref from the compact view clicks the element it named", async () => {
      const view = String((await get("/api/structure?window_index=0&view=compact")).body.compact);
      const edit = /(e\d+) MenuItem Edit @/.exec(view)![1];
      const click = await post("/api/element/click", { element_id: edit, window_index: 0 });
      assert.equal(click.status, 200, JSON.stringify(click.body));
      const target = click.body.target as Record<string, unknown>;
      assert.match(String(target.selector), /MenuItem\[name="Edit"\]$/);
      const missing = await post("/api/element/click", { element_id: "e9999", window_index: 0 });
      assert.equal(missing.status, 404);
      assert.equal((missing.body.error as Record<string, unknown>).code, "ElementNotFound");
    });

    await t.step("max_tokens cuts least important lines first and says so", async () => {
      const r = await get("/api/structure?window_index=1&view=compact&max_tokens=150");
      assert.equal(r.status, 200);
      assert.ok((r.body.tokens as number) <= 150);
      assert.equal(r.body.cut, true);
      assert.match(String(r.body.compact), /\n\[max_tokens 150: left out \d+ [a-z]+/);
      const bad = await get("/api/structure?window_index=1&max_tokens=150");
      assert.equal(bad.status, 400);
    });

    await t.step("observe since a token, compact: the changed lines", async () => {
      const loaded = await post("/api/scenario/load", { path: LOGIN });
      assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
      const first = (await get("/api/observe?view=compact")).body;
      const user = /(e\d+) Edit Username/.exec(String(first.compact))![1];
      const set = await post("/api/element/set_value", { element_id: user, value: "alice" });
      assert.equal(set.status, 200, JSON.stringify(set.body));
      const diff = (await get(`/api/observe?view=compact&since=${first.tree_token}`)).body;
      assert.equal(diff.format, "compact");
      assert.equal(diff.unchanged, false);
      assert.deepEqual(
        String(diff.compact_diff).split("\n").filter((l) => l.includes("Username")),
        [
          "-   Edit Username @320,212",
          `+   ${user} Edit Username = "alice" focused @320,212`,
        ],
      );
    });
  } finally {
    await svc.stop();
  }
});
