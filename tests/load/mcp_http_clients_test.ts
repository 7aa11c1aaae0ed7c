// Eight MCP clients over streamable HTTP for a minute (issue 43), each with
// its own session, observing a window and acting on it in turn: no call
// fails, each client's inputs reach the desktop in the order it sent them
// (read back from the audit log), and the service's memory stays flat.

import { strict as assert } from "node:assert";
import { startService } from "../helpers/service.ts";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "../helpers/mcp_sdk_client.ts";

const CLIENTS = 8;
const RUN_MS = 60_000;

function rssMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

Deno.test(`${CLIENTS} MCP clients over HTTP for a minute: no error, inputs in order, memory flat`, async () => {
  const dir = await Deno.makeTempDir({ prefix: "oso-mcp-load-" });
  const audit = `${dir}/audit.jsonl`;
  const svc = await startService({ config: { safety: { audit: { path: audit } } } });
  const clients: Client[] = [];
  try {
    for (let i = 0; i < CLIENTS; i++) {
      const client = new Client({ name: `load-${i}`, version: "1.0.0" });
      await client.connect(new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`)));
      clients.push(client);
    }
    const failures: string[] = [];
    const sent: number[][] = clients.map(() => []);
    let memoryAfterWarmUp = 0;
    const started = Date.now();
    const warmUp = setTimeout(() => (memoryAfterWarmUp = rssMiB(svc.pid)), 10_000);
    await Promise.all(clients.map(async (client, c) => {
      for (let n = 0; Date.now() - started < RUN_MS; n++) {
        const observed = await client.callTool({
          name: "observe_window",
          arguments: { window_index: 0 },
        }) as CallToolResult;
        if (observed.isError) {
          failures.push(`client ${c} observe: ${JSON.stringify(observed.content)}`);
        }
        // x names the client, y its call: the audit log says where each input went, in order.
        const hovered = await client.callTool({
          name: "hover_at",
          arguments: { x: 100 + c, y: 100 + (n % 800), hover_ms: 0 },
        }) as CallToolResult;
        if (hovered.isError) failures.push(`client ${c} hover: ${JSON.stringify(hovered.content)}`);
        else sent[c].push(100 + (n % 800));
      }
    }));
    clearTimeout(warmUp);
    const memoryAtEnd = rssMiB(svc.pid);
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failed calls`);
    const rows = (await Deno.readTextFile(audit)).trim().split("\n").map((l) => JSON.parse(l));
    for (let c = 0; c < CLIENTS; c++) {
      const received = rows
        .filter((r) => r.caller === "mcp" && r.tool === "hover_at" && r.args.x === 100 + c)
        .map((r) => r.args.y);
      assert.deepEqual(received, sent[c], `client ${c}: its inputs in the order it sent them`);
      assert.ok(sent[c].length > 10, `client ${c} made ${sent[c].length} inputs`);
    }
    assert.ok(memoryAfterWarmUp > 0, "measured after the warm-up");
    assert.ok(
      memoryAtEnd < memoryAfterWarmUp * 1.5,
      `RSS ${memoryAfterWarmUp.toFixed(0)} MiB after 10 s, ${
        memoryAtEnd.toFixed(0)
      } MiB at the end`,
    );
    console.error(
      `MCP over HTTP: ${CLIENTS} clients, ${sent.flat().length} inputs in ${RUN_MS / 1000} s; ` +
        `RSS ${memoryAfterWarmUp.toFixed(0)} → ${memoryAtEnd.toFixed(0)} MiB`,
    );
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await svc.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
