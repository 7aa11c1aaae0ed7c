// REST and MCP are two views of one registry and one session: one process in
// --mode both, driven over HTTP and through the official MCP client at once.

import assert from "node:assert/strict";
import { TOOLS } from "../lib/tools/index.ts";
import { getJson, postJson } from "./helpers/http.ts";
import { connectSdkClient, resultJson, type SdkSession, waitForHttp } from "./helpers/mcp.ts";
import type { CallToolResult } from "./helpers/mcp_sdk_client.ts";
import { freePort } from "./helpers/service.ts";
import { exampleArgs } from "./helpers/tool_examples.ts";

/** Fields that differ between two identical calls: ids, tokens, clocks, capture statistics. */
const VOLATILE_KEYS = new Set([
  "step_id",
  "caused_by_step_id",
  "tree_token",
  "perf",
  "tree_stats",
  "uptime_s",
  // Whole seconds since the session began: two calls a moment apart can straddle a second.
  "elapsed",
]);
const VOLATILE_SUFFIXES = ["_ms", "_at"];

/**
 * Over MCP a PNG's text gives way to its width and height (lib/interfaces/mcp/results.ts),
 * which asRestBody drops again: a result that reports them itself (the region
 * screenshots) is compared without them on both sides.
 */
function stable(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stable);
  if (value === null || typeof value !== "object") return value;
  const png = (value as Record<string, unknown>).format === "png";
  return Object.fromEntries(
    Object.entries(value)
      .filter(([k]) => !VOLATILE_KEYS.has(k) && !VOLATILE_SUFFIXES.some((s) => k.endsWith(s)))
      .filter(([k]) => !(png && (k === "width" || k === "height")))
      .map(([k, v]) => [k, stable(v)]),
  );
}

/** Inputs beyond the example, mostly failures: errors must match too. */
const MORE_INPUTS: Record<string, Array<Record<string, unknown>>> = {
  get_window_structure: [{ window_uid: "mock:gone" }, { window_index: 1, scope: "root.0" }],
  get_element_tree: [{}, { window_index: 2 }],
  get_screen_sketch: [{ grid_width: 3 }, { window_index: 1, structured: true }],
  get_screen_description: [{ window_index: 1, max_tokens: 20 }],
  get_screenshot: [{ window_index: "first" }],
  find_element: [{ selector: 'Window[name="' }, { selector: "Nope" }],
};

const readOnlyTools = [...TOOLS.values()].filter((t) => t.annotations.readOnlyHint);

async function startBoth(): Promise<{ mcp: SdkSession; url: string }> {
  const port = freePort();
  const mcp = await connectSdkClient("both", ["--port", String(port)]);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return { mcp, url };
}

/**
 * The REST body an MCP result stands for: an image's pixels travel as image
 * content only, so they are put back where REST has them (`data`, base64), in
 * place of the text's pointer to the image and the size read from it.
 */
function asRestBody(result: CallToolResult): Record<string, unknown> {
  const restore = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(restore);
    if (value === null || typeof value !== "object") return value;
    const fields = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restore(v)]));
    if (typeof fields.image_content !== "number") return fields;
    const { image_content, width: _width, height: _height, ...metadata } = fields;
    const image = result.content[image_content as number];
    assert.ok(image?.type === "image", `content ${image_content} is no image`);
    return { ...metadata, encoding: "base64", data: image.data };
  };
  return restore(resultJson(result)) as Record<string, unknown>;
}

async function callMcp(mcp: SdkSession, name: string, args: Record<string, unknown>) {
  const result = await mcp.client.callTool({ name, arguments: args }) as CallToolResult;
  return { isError: result.isError === true, body: asRestBody(result) };
}

Deno.test("REST and MCP expose the same tools: every tool of the registry", async () => {
  const { mcp, url } = await startBoth();
  try {
    const rest = await getJson(`${url}/api/tools`);
    const { tools } = await mcp.client.listTools();
    const registry = [...TOOLS.keys()].sort();
    assert.deepEqual(rest.body.tools, registry);
    assert.deepEqual(tools.map((t) => t.name).sort(), registry);
  } finally {
    await mcp.close();
  }
});

Deno.test("every read-only tool gives the same result over REST and MCP", async () => {
  const { mcp, url } = await startBoth();
  try {
    assert.ok(readOnlyTools.length > 0);
    for (const tool of readOnlyTools) {
      for (const args of [exampleArgs(tool.name), ...(MORE_INPUTS[tool.name] ?? [])]) {
        const label = `${tool.name} ${JSON.stringify(args)}`;
        const rest = await postJson(`${url}/api/tool/${tool.name}`, args);
        const viaMcp = await callMcp(mcp, tool.name, args);
        assert.deepEqual(stable(viaMcp.body), stable(rest.body), label);
        assert.equal(viaMcp.isError, rest.status !== 200, label);
      }
    }
  } finally {
    await mcp.close();
  }
});

Deno.test("one session: step ids run on across REST and MCP calls", async () => {
  const { mcp, url } = await startBoth();
  try {
    const first = await postJson(`${url}/api/tool/get_capabilities`, {});
    const second = await callMcp(mcp, "get_capabilities", {});
    const third = await getJson(`${url}/api/capabilities`);
    const stepId = first.body.step_id as number;
    assert.equal(second.body.step_id, stepId + 1);
    assert.equal(third.body.step_id, stepId + 2);
  } finally {
    await mcp.close();
  }
});

Deno.test("one session: a tree token minted over one surface is honoured on the other", async () => {
  const { mcp, url } = await startBoth();
  try {
    const restTree = await postJson(`${url}/api/tool/get_window_structure`, { window_index: 0 });
    const target = {
      window_uid: restTree.body.window_uid,
      element_id: "root.0.0",
      dry_run: true,
    };
    const overMcp = await callMcp(mcp, "click_element", {
      ...target,
      tree_token: restTree.body.tree_token,
    });
    assert.equal(overMcp.body.ok, true, JSON.stringify(overMcp.body.error));

    const mcpTree = await callMcp(mcp, "get_window_structure", { window_index: 0 });
    const overRest = await postJson(`${url}/api/tool/click_element`, {
      ...target,
      tree_token: mcpTree.body.tree_token,
    });
    assert.equal(overRest.body.ok, true, JSON.stringify(overRest.body.error));

    // The token is really checked: one that neither surface minted is refused.
    const forged = await callMcp(mcp, "click_element", { ...target, tree_token: "tt:0000" });
    assert.equal((forged.body.error as { code: string }).code, "BadRequest");
  } finally {
    await mcp.close();
  }
});

Deno.test("one session: observe_window over MCP diffs against a REST tree token", async () => {
  const { mcp, url } = await startBoth();
  try {
    const restTree = await postJson(`${url}/api/tool/get_window_structure`, {
      window_index: 0,
    });
    const observed = await callMcp(mcp, "observe_window", {
      window_uid: restTree.body.window_uid,
      since: restTree.body.tree_token,
    });
    assert.equal(observed.body.ok, true, JSON.stringify(observed.body.error));
    const forged = await callMcp(mcp, "observe_window", {
      window_uid: restTree.body.window_uid,
      since: "tt:0000",
    });
    assert.equal(forged.body.ok, false);
  } finally {
    await mcp.close();
  }
});
