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
const SAMPLE_MS = 5_000;
/** The first 10 s: sessions, caches and the JIT settle. */
const WARM_UP_SAMPLES = 2;

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
    const started = Date.now();
    const samples: number[] = [];
    const sampler = setInterval(() => samples.push(rssMiB(svc.pid)), SAMPLE_MS);
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
    clearInterval(sampler);
    assert.deepEqual(failures.slice(0, 5), [], `${failures.length} failed calls`);
    const rows = (await Deno.readTextFile(audit)).trim().split("\n").map((l) => JSON.parse(l));
    for (let c = 0; c < CLIENTS; c++) {
      const received = rows
        .filter((r) => r.caller === "mcp" && r.tool === "hover_at" && r.args.x === 100 + c)
        .map((r) => r.args.y);
      assert.deepEqual(received, sent[c], `client ${c}: its inputs in the order it sent them`);
      assert.ok(sent[c].length > 10, `client ${c} made ${sent[c].length} inputs`);
    }
    // Flat: the garbage collector's saw-tooth, without new heights. A leak keeps
    // climbing, so the second half's peak would stand well above the first's.
    const settled = samples.slice(WARM_UP_SAMPLES);
    const half = Math.floor(settled.length / 2);
    const [early, late] = [settled.slice(0, half), settled.slice(half)].map((s) => Math.max(...s));
    const series = samples.map((m) => m.toFixed(0)).join(" ");
    assert.ok(settled.length >= 8, `${samples.length} samples`);
    assert.ok(
      late < early * 1.25,
      `RSS peaks ${early.toFixed(0)} then ${late.toFixed(0)} MiB: ${series}`,
    );
    console.error(
      `MCP over HTTP: ${CLIENTS} clients, ${sent.flat().length} inputs in ${RUN_MS / 1000} s; ` +
        `RSS every ${SAMPLE_MS / 1000} s (MiB): ${series}`,
    );
  } finally {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await svc.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
});
