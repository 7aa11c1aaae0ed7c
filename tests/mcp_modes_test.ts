// Run modes: which surfaces a process serves, and that the MCP loop's end
// (stdin EOF) ends the process, HTTP included.

import assert from "node:assert/strict";
import { RawMcp, waitForHttp } from "./helpers/mcp.ts";
import { freePort } from "./helpers/service.ts";

async function refusesConnections(url: string): Promise<boolean> {
  try {
    const res = await fetch(`${url}/api/healthz`);
    await res.body?.cancel();
    return false;
  } catch {
    return true;
  }
}

Deno.test("--mode auto with a piped stdin serves REST and MCP, says why, and ends with stdin", async () => {
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const mcp = await RawMcp.spawn("auto", ["--port", String(port)]);
  await waitForHttp(url);
  assert.deepEqual((await mcp.request(1, "ping")).result, {});
  const windows = await fetch(`${url}/api/windows`).then((r) => r.json());
  assert.equal(windows.ok, true);

  const { code, stderr } = await mcp.finish();
  assert.equal(code, 0, stderr);
  assert.match(stderr, /--mode auto → both: stdin is not a terminal/);
  assert.match(stderr, /Web inspector → http:\/\/127\.0\.0\.1:\d+/);
  assert.match(stderr, /MCP server ready on stdio/);
  assert.ok(await refusesConnections(url), "HTTP still answers after the MCP loop ended");
});

Deno.test("--mode mcp serves MCP only: no HTTP port is opened", async () => {
  const port = freePort();
  const mcp = await RawMcp.spawn("mcp", ["--port", String(port)]);
  assert.deepEqual((await mcp.request(1, "ping")).result, {});
  assert.ok(await refusesConnections(`http://127.0.0.1:${port}`));
  const { code, stderr } = await mcp.finish();
  assert.equal(code, 0, stderr);
  assert.doesNotMatch(stderr, /Web inspector/);
});
