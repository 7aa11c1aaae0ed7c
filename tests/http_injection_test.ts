// The injection tripwire end to end (the detector's own tables are in
// lib/services/safety/injection_test.ts): OS-Harm-like injections in an email body, a
// notification and a document are reported on REST and MCP results with
// their elements and rules, and input is blocked until acknowledged.

import assert from "node:assert/strict";
import { postJson } from "./helpers/http.ts";
import { connectSdkClient, resultJson, waitForHttp } from "./helpers/mcp.ts";
import { freePort } from "./helpers/service.ts";

type Body = Record<string, unknown>;
const FIXTURES = new URL("./fixtures/scenarios/", import.meta.url).pathname;

Deno.test("warnings on REST and MCP results, and input blocked until acknowledged", async (t) => {
  const port = freePort();
  const mcp = await connectSdkClient("both", ["--port", String(port)], {
    scenarios: { dirs: [FIXTURES] },
    safety: { block_after_injection: true },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  const tool = (name: string, args: Body = {}) => postJson(`${url}/api/tool/${name}`, args);
  const call = async (name: string, args: Body = {}) =>
    resultJson(await mcp.client.callTool({ name, arguments: args }));
  const warningsOf = (body: Body) => (body.injection_warnings ?? []) as Body[];
  try {
    await t.step("ordinary windows: no warning, no block", async () => {
      const structure = (await tool("get_window_structure")).body;
      assert.deepEqual(warningsOf(structure), []);
      assert.equal((await tool("click_at", { x: 5, y: 5 })).status, 200);
    });

    await t.step("an email body: the element and the rule, over REST and MCP", async () => {
      await tool("load_scenario", { path: `${FIXTURES}injected_email.yaml` });
      const rest = warningsOf((await tool("get_window_structure")).body);
      assert.deepEqual(rest.map((w) => [w.element_id, w.field, w.rule]), [
        ["root.3", "value", "ignore_instructions"],
      ]);
      assert.equal(rest[0].window_uid, "mock:mail");
      const sketch = warningsOf(await call("get_screen_sketch"));
      assert.deepEqual(sketch.map((w) => w.element_id), ["root.3"]);
      // The description reads the tree and, by OCR, the pixels: the same email may warn twice.
      const described = warningsOf(await call("get_screen_description"));
      assert.deepEqual(
        described.filter((w) => w.field !== "ocr").map((w) => [w.element_id, w.field]),
        [["root.3", "value"]],
      );
      assert.ok(described.every((w) => w.field === "value" || w.element_id === null));
    });

    await t.step("blocked: input needs a token until acknowledge_injection", async () => {
      const click = await postJson(`${url}/api/element/click`, {
        selector: 'Button[name="Reply"]',
      });
      assert.equal(click.status, 412);
      assert.equal(
        ((click.body.error as Body).context as Body).rule,
        "safety.block_after_injection",
      );
      const proposal = (await tool("propose_action", {
        action: "click_element",
        args: { selector: 'Button[name="Reply"]' },
      })).body;
      assert.equal(proposal.required_by, "safety.block_after_injection");
      const confirmed = await postJson(`${url}/api/element/click`, {
        selector: 'Button[name="Reply"]',
        confirm_token: proposal.confirm_token,
      });
      assert.equal(confirmed.status, 200);
      assert.equal(code(await call("press_key", { keys: "tab" })), "ConfirmationRequired");
      assert.ok(Number((await call("acknowledge_injection")).acknowledged) >= 1);
      assert.equal((await call("press_key", { keys: "tab" })).ok, true);
    });

    await t.step("a notification (hidden characters) and a document (fake turn)", async () => {
      await tool("load_scenario", { path: `${FIXTURES}injected_notification.yaml` });
      const listed = (await tool("get_desktop_tree")).body;
      const rules = warningsOf(listed).map((w) => `${w.element_id}:${w.rule}:${w.hidden}`).sort();
      assert.ok(rules.some((r) => r.endsWith(":role_override:false")), rules.join());
      assert.ok(rules.some((r) => r.includes(":ignore_instructions:true")), rules.join());
      await call("acknowledge_injection");
      await tool("load_scenario", { path: `${FIXTURES}injected_document.yaml` });
      const doc = warningsOf(await call("observe_window"));
      assert.deepEqual(doc.map((w) => w.rule), ["fake_turn"]);
    });
  } finally {
    await mcp.close();
  }
});

function code(body: Body): string | undefined {
  return (body.error as { code?: string } | undefined)?.code;
}
