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

Deno.test("MCP over HTTP: a cancelled wait_for stops within 100 ms of the cancel", async () => {
  const svc = await startService();
  const client = await connect(svc);
  try {
    const trace = body(await client.callTool({ name: "trace_start", arguments: {} }));
    const cancel = new AbortController();
    let running = () => {};
    const ran = new Promise<void>((resolve) => (running = resolve));
    const sent = performance.now();
    const call = client.callTool(
      {
        name: "wait_for",
        arguments: {
          any_of: [{ type: "window_appears", title_regex: "never such a title" }],
          timeout_ms: 60_000,
        },
      },
      undefined,
      { signal: cancel.signal, onprogress: () => running() },
    ).catch((e: Error) => e);
    await ran; // the first heartbeat: the wait is under way
    const cancelledAfterMs = performance.now() - sent;
    cancel.abort();
    assert.ok((await call) instanceof Error, "the client's call ends as cancelled");
    // The trace's row is written when the tool stops; its duration is the server's own.
    let row: { duration_ms: number; result_summary: unknown } | undefined;
    assert.ok(
      await until(async () => {
        const got = body(
          await client.callTool({ name: "get_trace", arguments: { trace_id: trace.trace_id } }),
        );
        row = (got.steps as Array<typeof row & { tool: string }>).find((s) =>
          s.tool === "wait_for"
        );
        return row !== undefined;
      }),
      "the wait stopped",
    );
    assert.match(JSON.stringify(row!.result_summary), /Cancelled/);
    assert.ok(
      row!.duration_ms <= cancelledAfterMs + 100,
      `ran ${row!.duration_ms} ms, cancelled after ${cancelledAfterMs.toFixed(0)} ms`,
    );
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
