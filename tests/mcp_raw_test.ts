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
    assert.equal(text, JSON.stringify(body));
  } finally {
    await mcp.finish();
  }
});

/** A JSON-RPC error reply as the guard writes it. */
function rpcError(id: number | string | null, code: number, message: string) {
  return { jsonrpc: "2.0", id, error: { code, message } };
}

const PING = (id: number) => JSON.stringify({ jsonrpc: "2.0", id, method: "ping" });
const BATCHES = "Invalid Request: batches are not supported; send one message per line";
const NOT_JSON = "Parse error: not valid JSON";
const ONE_PER_LINE =
  "Parse error: content after the JSON value at position 40 (one message per line)";

/**
 * Sends `line` and then a ping: the messages before the pong are exactly the
 * line's answers, and the pong shows the session goes on.
 */
async function answersTo(mcp: RawMcp, line: string | Uint8Array, pingId: number) {
  const bytes = typeof line === "string" ? new TextEncoder().encode(line + "\n") : line;
  await mcp.writeBytes(bytes);
  await mcp.writeLines(PING(pingId));
  const answers: JsonRpcMessage[] = [];
  while (true) {
    const message = await mcp.next();
    if (message.id === pingId && "result" in message) return answers;
    answers.push(message);
  }
}

Deno.test("every line that is not a valid message gets exactly one JSON-RPC answer per request", async () => {
  const mcp = await RawMcp.spawn();
  const withNul = new TextEncoder().encode(PING(1) + "\u0000\n");
  const cases: Array<[string, string | Uint8Array, unknown[]]> = [
    ["not JSON", "this is not json", [rpcError(null, -32700, NOT_JSON)]],
    ["half an object", "{", [rpcError(null, -32700, `${NOT_JSON} (at position 1)`)]],
    ["invalid UTF-8", new Uint8Array([0x7b, 0xff, 0xfe, 0x7d, 0x0a]), [
      rpcError(null, -32700, "Parse error: the line is not valid UTF-8"),
    ]],
    ["a trailing NUL", withNul, [rpcError(null, -32700, ONE_PER_LINE)]],
    ["two messages on one line", PING(1) + PING(2), [rpcError(null, -32700, ONE_PER_LINE)]],
    ["a batch", `[${PING(3)}, {"jsonrpc":"2.0","method":"notifications/initialized"}, 5]`, [
      rpcError(3, -32600, BATCHES),
      rpcError(null, -32600, BATCHES),
    ]],
    ["an empty batch", "[]", [rpcError(null, -32600, BATCHES)]],
    ["a string", '"a string"', [
      rpcError(null, -32600, "Invalid Request: a message must be a JSON object"),
    ]],
    ["no jsonrpc", '{"id": 9, "method": "ping"}', [
      rpcError(9, -32600, 'Invalid Request: "jsonrpc" must be "2.0"'),
    ]],
    ["jsonrpc 1.0", '{"jsonrpc": "1.0", "id": "a", "method": "ping"}', [
      rpcError("a", -32600, 'Invalid Request: "jsonrpc" must be "2.0"'),
    ]],
    ["no method", '{"jsonrpc": "2.0"}', [
      rpcError(null, -32600, 'Invalid Request: "method" must be a string'),
    ]],
    ["id 1.5", '{"jsonrpc": "2.0", "id": 1.5, "method": "ping"}', [
      rpcError(null, -32600, 'Invalid Request: "id" must be a string or an integer'),
    ]],
    ["id 1e308", '{"jsonrpc": "2.0", "id": 1e308, "method": "ping"}', [
      rpcError(null, -32600, 'Invalid Request: "id" must be a string or an integer'),
    ]],
    ["a numeric method", '{"jsonrpc": "2.0", "id": 4, "method": 42}', [
      rpcError(4, -32600, 'Invalid Request: "method" must be a string'),
    ]],
    [
      "array params",
      '{"jsonrpc": "2.0", "id": 5, "method": "tools/call", "params": ["list_windows"]}',
      [
        rpcError(5, -32602, 'Invalid params: "params" must be an object'),
      ],
    ],
    [
      "string params",
      '{"jsonrpc": "2.0", "id": 6, "method": "tools/call", "params": "list_windows"}',
      [
        rpcError(6, -32602, 'Invalid params: "params" must be an object'),
      ],
    ],
    [
      "a bad _meta on an unknown method",
      '{"jsonrpc": "2.0", "id": 7, "method": "x/y", "params": {"_meta": 1}}',
      [
        rpcError(7, -32602, "Invalid params: params._meta: expected object, received number"),
      ],
    ],
    ["a response from the client", '{"jsonrpc": "2.0", "id": 8, "result": {}}', []],
    [
      "an invalid notification",
      '{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": 3}',
      [],
    ],
    ["a blank line", " \t", []],
  ];
  try {
    let pingId = 1000;
    for (const [name, line, expected] of cases) {
      assert.deepEqual(await answersTo(mcp, line, pingId++), expected, name);
    }
  } finally {
    const { code, stderr } = await mcp.finish();
    assert.equal(code, 0, stderr);
  }
});

Deno.test("a BOM at the start of a line is stripped; trailing JSON whitespace is fine", async () => {
  const mcp = await RawMcp.spawn();
  try {
    await mcp.writeLines("\ufeff" + PING(1), PING(2) + " \t\r");
    assert.deepEqual(await mcp.next(), { jsonrpc: "2.0", id: 1, result: {} });
    assert.deepEqual(await mcp.next(), { jsonrpc: "2.0", id: 2, result: {} });
  } finally {
    await mcp.finish();
  }
});

Deno.test("a 10 MiB line is discarded as it streams, answered with -32600, and the session goes on", async () => {
  const mcp = await RawMcp.spawn();
  try {
    const huge = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "type_text", arguments: { text: "x".repeat(10 * 1024 * 1024) } },
    });
    const answers = await answersTo(mcp, huge, 2);
    assert.deepEqual(answers, [
      rpcError(
        null,
        -32600,
        "Invalid Request: the line is longer than the 4194304-byte limit (limits.mcp_line_bytes)",
      ),
    ]);
    assert.match(mcp.stderr(), /answered a 10485\d{3}-byte line with an error: longer than/);
  } finally {
    const { code, stderr } = await mcp.finish();
    assert.equal(code, 0, stderr);
  }
});

Deno.test("the line cap is limits.mcp_line_bytes: a line one byte over it is refused", async () => {
  const mcp = await RawMcp.spawn("mcp", [], { limits: { mcp_line_bytes: 1024 } });
  try {
    const request = (padding: number) =>
      JSON.stringify({ jsonrpc: "2.0", id: 1, method: "ping", params: { pad: "" } }).replace(
        '""',
        `"${"p".repeat(padding)}"`,
      );
    const atLimit = request(1024 - request(0).length);
    assert.equal(atLimit.length, 1024);
    assert.deepEqual(await answersTo(mcp, atLimit, 2), [{ jsonrpc: "2.0", id: 1, result: {} }]);
    assert.deepEqual(await answersTo(mcp, atLimit + " ", 3), [
      rpcError(
        null,
        -32600,
        "Invalid Request: the line is longer than the 1024-byte limit (limits.mcp_line_bytes)",
      ),
    ]);
  } finally {
    await mcp.finish();
  }
});

Deno.test("10,000-deep arguments are refused with -32602 before anything recurses", async () => {
  const mcp = await RawMcp.spawn();
  try {
    const deep = "[".repeat(10_000) + "]".repeat(10_000);
    const line = `{"jsonrpc":"2.0","id":1,"method":"tools/call",` +
      `"params":{"name":"list_windows","arguments":{"filter":${deep}}}}`;
    assert.deepEqual(await answersTo(mcp, line, 2), [
      rpcError(1, -32602, "Invalid params: nested deeper than 64 levels"),
    ]);
  } finally {
    await mcp.finish();
  }
});

Deno.test("bad params of initialize and tools/list: -32602 naming the field, no zod dump", async () => {
  const mcp = await RawMcp.spawn();
  try {
    const init = await mcp.request(1, "initialize", {});
    assert.deepEqual(init.error, {
      code: -32602,
      message: "Invalid params: params.protocolVersion is required (and 2 more)",
    });
    const list = await mcp.request(2, "tools/list", { cursor: 5 });
    assert.deepEqual(list.error, {
      code: -32602,
      message: "Invalid params: params.cursor: expected string, received number",
    });
    const call = await mcp.request(3, "tools/call", { arguments: {} });
    assert.deepEqual(call.error, {
      code: -32602,
      message: "Invalid params: params.name is required",
    });
    assert.deepEqual((await mcp.request(4, "initialize", INITIALIZE)).result !== undefined, true);
    assert.deepEqual((await mcp.request(5, "ping")).result, {});
  } finally {
    await mcp.finish();
  }
});

Deno.test("stderr gets the shape of a malformed line, never its text", async () => {
  const mcp = await RawMcp.spawn();
  const secret = "TopSecret-XYZ";
  try {
    const lines = [
      `hunter2 ${secret}`,
      `{"password": "${secret}"`,
      `{"jsonrpc": "2.0", "id": "${secret}", "method": 1}`,
      `{"jsonrpc": "2.0", "id": 1, "method": "${secret}", "params": {"_meta": 1}}`,
      `{"jsonrpc": "2.0", "id": 1, "result": "${secret}"}`,
      `{"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progressToken": 1, "progress": 1, "message": "${secret}"}}`,
      `{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": {"requestId": {"${secret}": 1}}}`,
      `["${secret}"]`,
    ];
    let pingId = 100;
    for (const line of lines) await answersTo(mcp, line, pingId++);
  } finally {
    const { code, stderr } = await mcp.finish();
    assert.equal(code, 0, stderr);
    assert.match(stderr, /\[mcp\] WARNING: answered a 21-byte line with an error: not valid JSON/);
    assert.match(stderr, /\[mcp\] WARNING: dropped a \d+-byte line: a response/);
    assert.ok(!stderr.includes(secret), stderr);
  }
});

Deno.test("a last request without a newline is still answered before the process exits", async () => {
  const mcp = await RawMcp.spawn();
  await mcp.writeBytes(new TextEncoder().encode("garbage\n" + PING(1)));
  const { code, stdout, stderr } = await mcp.finish();
  assert.equal(code, 0, stderr);
  assert.deepEqual(stdout.filter((line) => line !== "").map((line) => JSON.parse(line)), [
    rpcError(null, -32700, NOT_JSON),
    { jsonrpc: "2.0", id: 1, result: {} },
  ]);
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
  assert.deepEqual(messages.filter((m) => m.id !== null).map((m) => m.id).sort(), ids);
  assert.deepEqual(messages.filter((m) => m.id === null), [rpcError(null, -32700, NOT_JSON)]);
  assert.match(stderr, /stdin closed/);
});
