// Every input tool passes the confirmation gate before it acts: with a rule
// naming all of them, each is refused without a token, and propose_action
// reaches each one's target without executing it.

import assert from "node:assert/strict";
import { TOOLS } from "../lib/tools/index.ts";
import { postJson } from "./helpers/http.ts";
import { startService } from "./helpers/service.ts";
import { exampleArgs } from "./helpers/tool_examples.ts";

const ARGS: Record<string, Record<string, unknown>> = {
  click_at: { x: 300, y: 300 },
  right_click_at: { x: 300, y: 300 },
  double_click_at: { x: 300, y: 300 },
  hover_at: { x: 300, y: 300 },
  type_text: { text: "abc" },
  press_key: { keys: "end" },
  scroll: { clicks: -1, x: 300, y: 300 },
  drag: { from: { x: 300, y: 300 }, to: { x: 320, y: 320 } },
  bring_to_foreground: { window_index: 1 },
  click_element: { window_index: 0, selector: "Document" },
  click_element_and_observe: { window_index: 0, selector: "Document" },
  type_and_observe: { text: "abc" },
  press_key_and_observe: { keys: "end" },
};

const INPUT_TOOLS = [...TOOLS.values()].filter((t) => t.kind === "input").map((t) => t.name);

Deno.test("every input tool is refused without a token when a rule names it, and can be proposed", async () => {
  const svc = await startService({
    config: {
      mock_interactive: true,
      safety: { confirmation: { rules: [{ tool: INPUT_TOOLS }] } },
    },
  });
  try {
    const tool = (name: string, args: unknown) => postJson(`${svc.url}/api/tool/${name}`, args);
    const structure = async () =>
      JSON.stringify((await tool("get_window_structure", { window_index: 0 })).body.tree);
    const before = await structure();
    const windows = JSON.stringify((await tool("list_windows", {})).body.windows);
    assert.ok(INPUT_TOOLS.length >= 20, INPUT_TOOLS.join());
    for (const name of INPUT_TOOLS) {
      const args = ARGS[name] ?? exampleArgs(name);
      const refused = await tool(name, args);
      assert.equal(refused.status, 412, `${name}: ${JSON.stringify(refused.body)}`);
      assert.equal((refused.body.error as { code: string }).code, "ConfirmationRequired", name);
      const proposed = await tool("propose_action", { action: name, args });
      assert.equal(proposed.status, 200, `${name}: ${JSON.stringify(proposed.body)}`);
      assert.match(String(proposed.body.confirm_token), /^ct:/, name);
    }
    assert.equal(await structure(), before, "nothing was typed, clicked or set");
    assert.equal(JSON.stringify((await tool("list_windows", {})).body.windows), windows);
  } finally {
    await svc.stop();
  }
});
