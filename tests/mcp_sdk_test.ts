// The official MCP SDK client against the spawned service (--mode mcp): it
// lists every registry tool and calls each one; errors stay tool errors or
// proper JSON-RPC errors, and the server keeps serving.

import assert from "node:assert/strict";
import { TOOLS } from "../lib/tools/index.ts";
import { assertPixelsOnce, connectSdkClient, resultJson } from "./helpers/mcp.ts";
import { type CallToolResult, EmptyResultSchema, McpError } from "./helpers/mcp_sdk_client.ts";
import { exampleArgs } from "./helpers/tool_examples.ts";

/** The seed document's LLM tools: parameter → JSON type, and the required ones. */
const SEED_TOOLS: Record<string, { params: Record<string, string>; required: string[] }> = {
  list_windows: { params: {}, required: [] },
  observe_window: { params: { window_index: "integer" }, required: [] },
  get_element_tree: { params: { window_index: "integer" }, required: [] },
  get_screen_description: { params: { window_index: "integer", mode: "string" }, required: [] },
  get_screen_sketch: {
    params: { window_index: "integer", grid_width: "integer", grid_height: "integer" },
    required: [],
  },
  get_screenshot: { params: { window_index: "integer" }, required: [] },
  click_at: {
    params: { x: "integer", y: "integer", button: "string", double: "boolean" },
    required: ["x", "y"],
  },
  type_text: { params: { text: "string" }, required: ["text"] },
  press_key: { params: { keys: "string" }, required: ["keys"] },
};

Deno.test("the SDK client lists every registry tool with a schema, a description and annotations", async () => {
  const mcp = await connectSdkClient();
  try {
    const { tools } = await mcp.client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), [...TOOLS.keys()].sort());
    for (const tool of tools) {
      const registered = TOOLS.get(tool.name)!;
      assert.equal(tool.inputSchema.type, "object", tool.name);
      assert.equal(typeof tool.inputSchema.properties, "object", tool.name);
      assert.equal(tool.description, registered.description);
      assert.deepEqual(tool.annotations, registered.annotations, tool.name);
    }
    assert.match(mcp.stderr(), /\[screen_observer\] MCP server ready on stdio \(\d+ tools\)/);
  } finally {
    await mcp.close();
  }
});

for (const name of Object.keys(SEED_TOOLS)) {
  Deno.test(`the seed's ${name} is advertised with the seed's parameters`, async () => {
    const mcp = await connectSdkClient();
    try {
      const { tools } = await mcp.client.listTools();
      const tool = tools.find((t) => t.name === name);
      assert.ok(tool, `${name} is not advertised`);
      const properties = tool.inputSchema.properties as Record<string, { type?: string }>;
      for (const [param, type] of Object.entries(SEED_TOOLS[name].params)) {
        // What the seed sends must be valid: a whole number is a number too (coordinates in a
        // scaled or normalized coordinate_space may have decimals).
        const advertised = properties[param]?.type;
        const accepts = advertised === type || (type === "integer" && advertised === "number");
        assert.ok(accepts, `${name}.${param}: the seed's ${type}, advertised ${advertised}`);
      }
      // A seed client sends only the seed's parameters, so nothing else may be required.
      for (const param of tool.inputSchema.required ?? []) {
        assert.ok(SEED_TOOLS[name].required.includes(param), `${name} requires ${param}`);
      }
      for (const param of SEED_TOOLS[name].required) {
        assert.ok(tool.inputSchema.required?.includes(param), `${name} must require ${param}`);
      }
    } finally {
      await mcp.close();
    }
  });
}

Deno.test("the SDK client calls every tool: each answers with a structured result", async () => {
  const mcp = await connectSdkClient();
  try {
    // The client keeps each tool's outputSchema and validates every success against it.
    const { tools } = await mcp.client.listTools();
    for (const tool of tools) {
      assert.equal(tool.outputSchema?.type, "object", tool.name);
      for (const field of ["ok", "success", "step_id", "caused_by_step_id"]) {
        assert.ok(tool.outputSchema?.required?.includes(field), `${tool.name}: ${field}`);
      }
    }
    for (const name of TOOLS.keys()) {
      const result = await mcp.client.callTool({
        name,
        arguments: exampleArgs(name),
      }) as CallToolResult;
      const body = resultJson(result);
      assert.equal(typeof body.ok, "boolean", `${name}: ${JSON.stringify(body)}`);
      assert.equal(result.isError === true, body.ok === false, name);
      // On success the same object is structuredContent, which the SDK client has
      // already checked against the outputSchema tools/list gave for the tool.
      assert.deepEqual(result.structuredContent, body.ok === false ? undefined : body, name);
      assertPixelsOnce(result, name);
      if (body.ok === false) {
        // A refusal is fine (a tool without example arguments gets {}); a crash is not.
        const code = (body.error as { code?: unknown }).code;
        assert.equal(typeof code, "string", name);
        assert.notEqual(code, "Internal", `${name}: ${JSON.stringify(body.error)}`);
      }
      if (name in SEED_TOOLS) {
        assert.equal(body.ok, true, `${name}: ${JSON.stringify(body.error)}`);
      }
    }
    assert.deepEqual(await mcp.client.ping(), {});
  } finally {
    await mcp.close();
  }
});

Deno.test("get_screenshot returns its PNG as MCP image content", async () => {
  const mcp = await connectSdkClient();
  try {
    const result = await mcp.client.callTool({
      name: "get_screenshot",
      arguments: { window_index: 0 },
    }) as CallToolResult;
    const body = resultJson(result);
    const image = result.content.find((c) => c.type === "image");
    assert.ok(image && image.type === "image");
    assert.equal(image.mimeType, "image/png");
    assert.equal(body.image_content, result.content.indexOf(image));
    const bytes = Uint8Array.from(atob(image.data).slice(0, 8), (c) => c.charCodeAt(0));
    assert.deepEqual([...bytes], [137, 80, 78, 71, 13, 10, 26, 10]);
    const listing = await mcp.client.callTool({
      name: "list_windows",
      arguments: {},
    }) as CallToolResult;
    assert.deepEqual(listing.content.map((c) => c.type), ["text"]);
  } finally {
    await mcp.close();
  }
});

Deno.test("unknown tools and invalid arguments are tool errors, and the server keeps serving", async () => {
  const mcp = await connectSdkClient();
  try {
    const unknown = await mcp.client.callTool({
      name: "no_such_tool",
      arguments: {},
    }) as CallToolResult;
    assert.equal(unknown.isError, true);
    const unknownBody = resultJson(unknown);
    assert.equal(unknownBody.ok, false);
    assert.match((unknownBody.error as { message: string }).message, /no_such_tool/);

    const invalid = await mcp.client.callTool({
      name: "click_at",
      arguments: { x: "left edge", y: 10 },
    }) as CallToolResult;
    assert.equal(invalid.isError, true);
    const invalidBody = resultJson(invalid);
    assert.equal((invalidBody.error as { code: string }).code, "BadRequest");
    assert.match((invalidBody.error as { message: string }).message, /x/);

    const windows = resultJson(await mcp.client.callTool({ name: "list_windows" }));
    assert.equal(windows.ok, true);
  } finally {
    await mcp.close();
  }
});

Deno.test("malformed requests get JSON-RPC errors, and the server keeps serving", async () => {
  const mcp = await connectSdkClient();
  try {
    await assert.rejects(
      mcp.client.request({ method: "tools/call", params: { arguments: {} } }, EmptyResultSchema),
      (e: unknown) => e instanceof McpError && e.code === -32602,
    );
    await assert.rejects(
      mcp.client.request({ method: "resources/list" }, EmptyResultSchema),
      (e: unknown) =>
        e instanceof McpError && e.code === -32601 && /Method not found: resources\/list/.test(
          e.message,
        ),
    );
    assert.deepEqual(await mcp.client.ping(), {});
    const { tools } = await mcp.client.listTools();
    assert.equal(tools.length, TOOLS.size);
  } finally {
    await mcp.close();
  }
});
