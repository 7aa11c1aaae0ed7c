// MCP over streamable HTTP (/mcp) with the official SDK client: sessions and
// the stateless mode, the bearer token, one session state shared with REST
// (step ids, tree tokens, actions), and a call cancelled by its client.

import { strict as assert } from "node:assert";
import { type Service, startService } from "./helpers/service.ts";
import {
  type CallToolResult,
  Client,
  StreamableHTTPClientTransport,
} from "./helpers/mcp_sdk_client.ts";
import { postJson } from "./helpers/http.ts";
import { processesRunning, until } from "./helpers/proc.ts";
import { TOOLS } from "../lib/tools/index.ts";

async function connect(svc: Service, token?: string): Promise<Client> {
  const client = new Client({ name: "oso-http-test", version: "1.0.0" });
  const transport = new StreamableHTTPClientTransport(new URL(`${svc.url}/mcp`), {
    requestInit: token ? { headers: { authorization: `Bearer ${token}` } } : undefined,
  });
  await client.connect(transport);
  return client;
}

function body(result: unknown): Record<string, unknown> {
  const text = (result as CallToolResult).content.find((c) => c.type === "text") as {
    text: string;
  };
  return JSON.parse(text.text);
}

Deno.test("MCP over HTTP, with a session: the same tools, one state with REST", async (t) => {
  const svc = await startService();
  const client = await connect(svc);
  try {
    await t.step("every registry tool is listed", async () => {
      const { tools } = await client.listTools();
      assert.deepEqual(tools.map((tool) => tool.name).sort(), [...TOOLS.keys()].sort());
    });

    await t.step("step ids run on across REST and HTTP MCP", async () => {
      const first = await postJson(`${svc.url}/api/tool/get_capabilities`, {});
      const second = body(await client.callTool({ name: "get_capabilities", arguments: {} }));
      assert.equal(second.step_id, (first.body.step_id as number) + 1);
    });

    await t.step("a tree token minted over REST is honoured over HTTP MCP", async () => {
      const tree = await postJson(`${svc.url}/api/tool/get_window_structure`, { window_index: 0 });
      const clicked = body(
        await client.callTool({
          name: "click_element",
          arguments: {
            window_uid: tree.body.window_uid,
            element_id: "root.0.0",
            dry_run: true,
            tree_token: tree.body.tree_token,
          },
        }),
      );
      assert.equal(clicked.ok, true, JSON.stringify(clicked.error));
    });

    await t.step("an action over HTTP MCP is what REST sees next", async () => {
      await client.callTool({ name: "hover_at", arguments: { x: 222, y: 111, hover_ms: 0 } });
      const pyautogui = await postJson(`${svc.url}/api/tool/run_pyautogui`, {
        code: "pyautogui.click()",
        dry_run: true,
      });
      const plan = pyautogui.body.plan as { args: { x: number; y: number } }[];
      assert.deepEqual([plan[0].args.x, plan[0].args.y], [222, 111]);
    });

    await t.step("an unknown session is refused; DELETE ends one", async () => {
      const stray = await fetch(`${svc.url}/mcp`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          "mcp-session-id": "no-such-session",
        },
        body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
      });
      await stray.body?.cancel();
      assert.equal(stray.status, 404);
    });
  } finally {
    await client.close();
    await svc.stop();
  }
});

Deno.test("MCP over HTTP: a cancelled call stops its tool", async () => {
  const svc = await startService({ args: ["--allow-task-commands"] });
  const client = await connect(svc);
  try {
    const marker = `sleep ${2000 + Math.random()}`;
    const cancel = new AbortController();
    const call = client.callTool(
      { name: "run_command", arguments: { shell: `exec ${marker}`, timeout_s: 1000 } },
      undefined,
      { signal: cancel.signal },
    ).catch((e: Error) => e);
    assert.ok(await until(async () => (await processesRunning(marker)) > 0), "the command started");
    cancel.abort();
    assert.ok((await call) instanceof Error, "the client's call ends as cancelled");
    assert.ok(
      await until(async () => (await processesRunning(marker)) === 0),
      "notifications/cancelled stopped the command",
    );
  } finally {
    await client.close();
    await svc.stop();
  }
});

/** Long calls cancelled on their first progress beat (they are running by then). */
const CANCELLED_CALLS: Array<[string, Record<string, unknown>]> = [
  ["wait_for", {
    any_of: [{ type: "window_appears", title_regex: "never such a title" }],
    timeout_ms: 60_000,
  }],
  // Cancelled in its pause: the second move must never happen.
  ["run_pyautogui", {
    code: "pyautogui.moveTo(110, 90)\ntime.sleep(60)\npyautogui.moveTo(120, 95)",
  }],
];

Deno.test("MCP over HTTP: a cancelled call stops within 100 ms, and inputs nothing more", async (t) => {
  const svc = await startService();
  const client = await connect(svc);
  try {
    const trace = body(await client.callTool({ name: "trace_start", arguments: {} }));
    /** The trace's rows: written when each call ends, with the server's own duration. */
    const rows = async () =>
      body(await client.callTool({ name: "get_trace", arguments: { trace_id: trace.trace_id } }))
        .steps as Array<{ tool: string; duration_ms: number; result_summary: unknown }>;
    for (const [name, args] of CANCELLED_CALLS) {
      await t.step(name, async () => {
        const cancel = new AbortController();
        let running = () => {};
        const ran = new Promise<void>((resolve) => (running = resolve));
        const sent = performance.now();
        const call = client.callTool({ name, arguments: args }, undefined, {
          signal: cancel.signal,
          onprogress: () => running(),
        }).catch((e: Error) => e);
        await ran;
        const cancelledAfterMs = performance.now() - sent;
        cancel.abort();
        assert.ok((await call) instanceof Error, "the client's call ends as cancelled");
        let row: Awaited<ReturnType<typeof rows>>[number] | undefined;
        assert.ok(
          await until(async () =>
            (row = (await rows()).find((r) => r.tool === name)) !== undefined
          ),
          "the call stopped",
        );
        assert.match(JSON.stringify(row!.result_summary), /Cancelled/);
        assert.ok(
          row!.duration_ms <= cancelledAfterMs + 100,
          `ran ${row!.duration_ms} ms, cancelled after ${cancelledAfterMs.toFixed(0)} ms`,
        );
      });
    }
    // The call has ended, so no input can follow: one move was made, not two.
    const moves = (await rows()).filter((r) => r.tool === "hover_at");
    assert.equal(moves.length, 1, JSON.stringify(moves));
  } finally {
    await client.close();
    await svc.stop();
  }
});

Deno.test("MCP over HTTP, stateless: each request stands alone", async () => {
  const svc = await startService({ config: { mcp: { http_stateless: true } } });
  try {
    const client = await connect(svc);
    const listed = body(await client.callTool({ name: "list_windows", arguments: {} }));
    assert.ok((listed.count as number) > 0);
    await client.close();
    const raw = await fetch(`${svc.url}/mcp`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/json, text/event-stream",
      },
      body: JSON.stringify({ jsonrpc: "2.0", id: 7, method: "tools/list" }),
    });
    assert.equal(raw.status, 200, await raw.clone().text());
    assert.equal(raw.headers.get("mcp-session-id"), null);
    const answer = await raw.json();
    assert.equal(answer.id, 7);
    assert.equal(answer.result.tools.length, TOOLS.size);
  } finally {
    await svc.stop();
  }
});

Deno.test("MCP over HTTP: a client that closes the call's stream cancels the call", async () => {
  const svc = await startService({ config: { mcp: { http_stateless: true } } });
  try {
    const rest = (tool: string, args: Record<string, unknown> = {}) =>
      postJson(`${svc.url}/api/tool/${tool}`, args);
    const trace = (await rest("trace_start")).body;
    const rows = async () =>
      (await rest("get_trace", { trace_id: trace.trace_id })).body.steps as Array<
        { tool: string; duration_ms: number; result_summary: unknown }
      >;
    const steps = async () => (await (await fetch(`${svc.url}/api/healthz`)).json()).step_count;
    const before = await steps();
    // A client of its own, on a connection of its own, that hangs up mid-call.
    const body = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: {
        name: "run_pyautogui",
        arguments: { code: "pyautogui.moveTo(130, 90)\ntime.sleep(60)\npyautogui.moveTo(140, 95)" },
      },
    });
    const url = new URL(svc.url);
    const connection = await Deno.connect({ hostname: url.hostname, port: Number(url.port) });
    await connection.write(new TextEncoder().encode(
      `POST /mcp HTTP/1.1\r\nHost: ${url.host}\r\ncontent-type: application/json\r\n` +
        `accept: application/json, text/event-stream\r\ncontent-length: ${body.length}\r\n\r\n` +
        body,
    ));
    // Two steps begun (the call and its first move): the call is in its pause.
    assert.ok(await until(async () => (await steps()) >= before + 2), "the call is under way");
    connection.close();
    // A read of the trace waits its turn behind the call, so it answers once the call has ended.
    const ended = await rows();
    const row = ended.find((r) => r.tool === "run_pyautogui");
    assert.match(JSON.stringify(row?.result_summary), /Cancelled/);
    assert.ok(row!.duration_ms < 30_000, `ran ${row!.duration_ms} ms of its 60 s pause`);
    assert.equal(ended.filter((r) => r.tool === "hover_at").length, 1, "one move, not two");
  } finally {
    await svc.stop();
  }
});

Deno.test("MCP over HTTP with a token: none or a wrong one is 401, the right one connects", async () => {
  const token = "mcp-http-token-0123456789";
  const svc = await startService({ env: { OSO_TOKEN: token } });
  try {
    await assert.rejects(() => connect(svc), /401|Unauthorized/);
    await assert.rejects(() => connect(svc, "wrong-token-0123456789"), /401|Unauthorized/);
    const client = await connect(svc, token);
    const { tools } = await client.listTools();
    assert.equal(tools.length, TOOLS.size);
    await client.close();
  } finally {
    await svc.stop();
  }
});

Deno.test("MCP over HTTP: a call that runs for seconds sends progress while it runs", async () => {
  const svc = await startService();
  const client = await connect(svc);
  try {
    const heard: { progress: number; message?: string }[] = [];
    const result = await client.callTool(
      {
        name: "wait_for",
        arguments: {
          any_of: [{ type: "window_appears", title_regex: "never such a title" }],
          timeout_ms: 3500,
        },
      },
      undefined,
      { onprogress: (p) => void heard.push(p), resetTimeoutOnProgress: true },
    );
    assert.equal((body(result).error as { code: string }).code, "Timeout");
    assert.ok(heard.length >= 2, JSON.stringify(heard));
    for (let i = 1; i < heard.length; i++) assert.ok(heard[i].progress > heard[i - 1].progress);
    assert.match(heard[0].message ?? "", /^wait_for: running for/);
  } finally {
    await client.close();
    await svc.stop();
  }
});
