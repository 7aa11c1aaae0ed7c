// MCP driven the way a minimal client would: newline-delimited JSON written by
// hand to the service's stdin (--mode mcp), replies read line by line.

import assert from "node:assert/strict";
import { TOOLS } from "../lib/tools/index.ts";
import { type JsonRpcMessage, RawMcp } from "./helpers/mcp.ts";

const INITIALIZE = {
  protocolVersion: "2024-11-05",
  capabilities: {},
  clientInfo: { name: "hand-written", version: "0" },
};

function toolText(reply: JsonRpcMessage): Record<string, unknown> {
  const result = reply.result as { content: Array<{ type: string; text: string }> };
  assert.equal(result.content[0].type, "text");
  return JSON.parse(result.content[0].text);
}

Deno.test("a hand-written session: initialize, initialized, tools/list, ping, tools/call", async () => {
  const mcp = await RawMcp.spawn();
  try {
    const init = await mcp.request(1, "initialize", INITIALIZE);
    assert.deepEqual(init.result, {
      protocolVersion: "2024-11-05",
      serverInfo: { name: "os-screen-observer", version: "0.1.0" },
      capabilities: { tools: {} },
      instructions: (init.result as { instructions: string }).instructions,
    });
    assert.match((init.result as { instructions: string }).instructions, /list_windows/);
    await mcp.send({ method: "notifications/initialized" });

    const list = await mcp.request(2, "tools/list");
    const tools = (list.result as { tools: Array<{ name: string; inputSchema: unknown }> }).tools;
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS.keys()].sort());

    assert.deepEqual((await mcp.request(3, "ping")).result, {});

    const call = await mcp.request(4, "tools/call", { name: "list_windows", arguments: {} });
    const body = toolText(call);
    assert.equal(body.ok, true);
    assert.equal((body.windows as unknown[]).length, body.count);
    // The text is the result JSON indented by two spaces.
    const text = (call.result as { content: Array<{ text: string }> }).content[0].text;
    assert.equal(text, JSON.stringify(body, null, 2));
  } finally {
    await mcp.finish();
  }
});

Deno.test("malformed lines are ignored and logged to stderr, and the server keeps serving", async () => {
  const mcp = await RawMcp.spawn();
  try {
    await mcp.writeLines(
      "this is not json",
      "",
      "{",
      '{"jsonrpc": "2.0"}',
      '{"id": 9, "method": "ping"}',
      "[1, 2, 3]",
      '"a string"',
    );
    // No reply to any of them: the next line on stdout answers the ping.
    const pong = await mcp.request(7, "ping");
    assert.deepEqual(pong.result, {});
    assert.match(mcp.stderr(), /\[mcp\] WARNING: ignored: a line that is not JSON/);
    assert.match(mcp.stderr(), /\[mcp\] WARNING: ignored: a JSON line that is not a JSON-RPC/);
  } finally {
    await mcp.finish();
  }
});

Deno.test("unknown methods: -32601 for a request, silence for a notification", async () => {
  const mcp = await RawMcp.spawn();
  try {
    const reply = await mcp.request(1, "resources/read", { uri: "file:///etc/passwd" });
    assert.deepEqual(reply.error, { code: -32601, message: "Method not found: resources/read" });
    await mcp.send({ method: "notifications/whatever" });
    await mcp.send({ method: "notifications/initialized" });
    // An initialized "notification" sent with an id is answered with {}.
    assert.deepEqual((await mcp.request(2, "notifications/initialized")).result, {});
    assert.deepEqual((await mcp.request(3, "ping")).result, {});
  } finally {
    await mcp.finish();
  }
});

Deno.test("tools/call needs no initialize; unknown tools and bad arguments are tool errors", async () => {
  const mcp = await RawMcp.spawn();
  try {
    const unknown = await mcp.request(1, "tools/call", { name: "format_disk", arguments: {} });
    assert.equal((unknown.result as { isError?: boolean }).isError, true);
    const body = toolText(unknown);
    assert.equal(body.ok, false);
    assert.equal((body.error as { code: string }).code, "BadRequest");
    assert.match((body.error as { message: string }).message, /format_disk/);

    const bad = await mcp.request(2, "tools/call", { name: "press_key", arguments: {} });
    assert.equal((bad.result as { isError?: boolean }).isError, true);
    assert.match((toolText(bad).error as { message: string }).message, /keys/);

    const noParams = await mcp.request(3, "tools/call");
    assert.equal((noParams.error as { code: number }).code, -32602);

    const sketch = await mcp.request(4, "tools/call", {
      name: "get_screen_sketch",
      arguments: { window_index: 0, grid_width: 50, grid_height: 16 },
    });
    const view = toolText(sketch);
    assert.equal(view.ok, true);
    assert.equal(view.grid_width, 50);
    assert.equal(typeof view.sketch, "string");
  } finally {
    await mcp.finish();
  }
});

Deno.test("stdout carries only JSON-RPC, and stdin EOF ends the process after every answer", async () => {
  const mcp = await RawMcp.spawn();
  const ids = [1, 2, 3, 4, 5, 6];
  await mcp.writeLines(
    JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: INITIALIZE }),
    "not json at all",
    ...ids.slice(1).map((id) =>
      JSON.stringify({
        jsonrpc: "2.0",
        id,
        method: "tools/call",
        params: { name: id % 2 ? "get_window_structure" : "get_screen_description" },
      })
    ),
  );
  const { code, stdout, stderr } = await mcp.finish();
  assert.equal(code, 0, stderr);
  const lines = stdout.filter((line) => line !== "");
  const messages = lines.map((line) => JSON.parse(line));
  for (const message of messages) assert.equal(message.jsonrpc, "2.0");
  assert.deepEqual(messages.map((m) => m.id).sort(), ids);
  assert.match(stderr, /stdin closed/);
});
