// The safety rails end to end on the mock desktop, over real HTTP and the
// official MCP client talking to the same service process: budgets on every
// surface, access rules, confirmation tokens.

import assert from "node:assert/strict";
import { getJson, postJson } from "./helpers/http.ts";
import { connectSdkClient, resultJson, waitForHttp } from "./helpers/mcp.ts";
import { freePort } from "./helpers/service.ts";
import { decodePng } from "../lib/formats/image/png.ts";

type Body = Record<string, unknown>;

/** One service process serving MCP (the SDK client) and HTTP (a free port). */
async function both(flags: string[], config: object = {}, env: Record<string, string> = {}) {
  const port = freePort();
  const mcp = await connectSdkClient("both", ["--port", String(port), ...flags], {
    mock_interactive: true,
    ...config,
  }, env);
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(url);
  return {
    mcp,
    url,
    get: (path: string) => getJson(`${url}${path}`),
    post: (path: string, body: unknown = {}) => postJson(`${url}${path}`, body),
    tool: (name: string, args: Body = {}) => postJson(`${url}/api/tool/${name}`, args),
    call: async (name: string, args: Body = {}) =>
      resultJson(await mcp.client.callTool({ name, arguments: args })),
  };
}

function code(body: Body): string | undefined {
  return (body.error as { code?: string } | undefined)?.code;
}

/** The text in Notepad's document, as the service shows it. */
async function notepadText(s: Awaited<ReturnType<typeof both>>): Promise<string> {
  const structure = await s.tool("get_window_structure", { window_title: "Notepad" });
  const find = (node: Body): Body | null =>
    node.role === "Document"
      ? node
      : (node.children as Body[]).map(find).find((n) => n !== null) ?? null;
  return String(find(structure.body.tree as Body)?.value ?? "");
}

Deno.test("budgets: each limit is refused before it runs, on REST, legacy routes and MCP alike", async (t) => {
  const s = await both(
    ["--max-actions", "3", "--max-screenshots", "2", "--max-vlm-tokens", "0"],
    { vlm: { enabled: true } },
  );
  try {
    await t.step(
      "actions: three succeed across surfaces, then every input surface is refused",
      async () => {
        assert.equal((await s.tool("click_at", { x: 300, y: 300 })).status, 200);
        assert.equal((await s.call("click_at", { x: 300, y: 300 })).ok, true);
        const failed = await s.tool("click_element", { selector: 'Button[name="NoSuchButton"]' });
        assert.equal(failed.status, 404, "a failed action is not spent");
        assert.equal((await s.post("/api/action", { action: "type", value: "abc" })).status, 200);
        const before = await notepadText(s);
        const refusals = [
          await s.tool("type_text", { text: "zzz" }),
          await s.post("/api/action", { action: "type", value: "zzz" }),
          await s.post("/api/type_and_observe", { text: "zzz" }),
          await s.post("/api/element/click", { selector: "Document" }),
        ];
        for (const r of refusals) {
          assert.equal(r.status, 429);
          assert.equal(code(r.body), "BudgetExceeded");
          assert.equal((r.body.error as Body).suggested_next_tool, "get_budget_status");
          assert.equal((r.body.error as Body).recoverable, false);
        }
        const overMcp = await s.mcp.client.callTool({
          name: "press_key",
          arguments: { keys: "a" },
        });
        assert.equal(overMcp.isError, true);
        assert.equal(code(resultJson(overMcp)), "BudgetExceeded");
        assert.equal(await notepadText(s), before, "nothing refused was typed");
        const rest = (await s.tool("get_budget_status")).body;
        assert.deepEqual(rest.actions, { used: 3, limit: 3, remaining: 0 });
        const mcp = await s.call("get_budget_status");
        assert.deepEqual(mcp.actions, rest.actions);
      },
    );

    await t.step("screenshots: the tool, the legacy route and MCP share one count", async () => {
      assert.equal((await s.tool("get_screenshot")).status, 200);
      assert.equal((await s.get("/api/screenshot?window_index=0")).status, 200);
      const legacy = await s.get("/api/screenshot");
      assert.equal(legacy.status, 429);
      assert.equal(code(legacy.body), "BudgetExceeded");
      assert.equal(code(await s.call("get_screenshot")), "BudgetExceeded");
      assert.equal(((await s.tool("get_budget_status")).body.screenshots as Body).used, 2);
    });

    await t.step(
      "VLM tokens: with the model enabled, a description needing it is refused",
      async () => {
        const r = await s.get("/api/description");
        assert.equal(r.status, 429);
        assert.match(String((r.body.error as Body).message), /max_vlm_tokens/);
        assert.equal(code(await s.call("get_screen_description")), "BudgetExceeded");
      },
    );

    await t.step("reads that spend no budget keep working; metrics report the use", async () => {
      assert.equal((await s.tool("list_windows")).status, 200);
      const metrics = await (await fetch(`${s.url}/api/metrics`)).text();
      assert.match(metrics, /^oso_actions_used 3$/m);
      assert.match(metrics, /^oso_actions_limit 3$/m);
      assert.match(metrics, /^oso_screenshots_used 2$/m);
    });
  } finally {
    await s.mcp.close();
  }
});

Deno.test("budgets: the per-minute rate, on REST and MCP", async () => {
  const s = await both(["--actions-per-minute", "2"]);
  try {
    assert.equal((await s.tool("hover_at", { x: 10, y: 10 })).status, 200);
    assert.equal((await s.call("hover_at", { x: 10, y: 10 })).ok, true);
    const limited = await s.tool("hover_at", { x: 10, y: 10 });
    assert.equal(limited.status, 429);
    assert.equal(code(limited.body), "RateLimited");
    const context = (limited.body.error as Body).context as Body;
    assert.equal(context.limit, 2);
    assert.ok(Number(context.retry_after_ms) > 50_000, "the window frees in about a minute");
    assert.equal(code(await s.call("hover_at", { x: 10, y: 10 })), "RateLimited");
    const status = await s.call("get_budget_status");
    assert.deepEqual(status.actions_per_minute, { in_window: 2, limit: 2, remaining: 0 });
  } finally {
    await s.mcp.close();
  }
});

// The session's clock starts with the service and is the service's own: the
// test waits until it has run out, however long starting took on a busy
// machine. What happens before and at the limit, on a clock a test controls:
// lib/services/safety/rules_test.ts.
Deno.test("budgets: the session length ends gated tools, on REST and MCP", async () => {
  const s = await both(["--max-session-seconds", "1"]);
  try {
    const deadline = Date.now() + 60_000;
    let ended = await s.tool("get_screenshot");
    while (ended.status !== 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
      ended = await s.tool("get_screenshot");
    }
    assert.equal(ended.status, 429);
    assert.match(String((ended.body.error as Body).message), /max_session_seconds/);
    assert.equal(code(await s.call("get_screenshot")), "BudgetExceeded");
    assert.equal((await s.tool("list_windows")).status, 200, "ungated tools still answer");
  } finally {
    await s.mcp.close();
  }
});

Deno.test("access rules: denied tools and windows are refused with the rule, hidden, blacked out", async (t) => {
  const s = await both([], {
    safety: {
      access: {
        deny: ["drag", { process: "^code\\.exe$" }, { tool: "type_text", process: "notepad" }],
      },
    },
  });
  try {
    await t.step("list_windows leaves the denied window out; naming it is NotAllowed", async () => {
      const listed = (await s.tool("list_windows")).body.windows as Body[];
      assert.deepEqual(listed.map((w) => w.process).sort(), ["chrome.exe", "notepad.exe"]);
      for (
        const path of [
          "/api/structure?window_title=Visual",
          "/api/sketch?window_title=Visual",
          "/api/screenshot?window_title=Visual",
        ]
      ) {
        const r = await s.get(path);
        assert.equal(r.status, 403, path);
        assert.equal(code(r.body), "NotAllowed", path);
        assert.match(String(((r.body.error as Body).context as Body).rule), /code\\\\\.exe/, path);
        assert.equal((r.body.error as Body).suggested_next_tool, "list_windows");
      }
      const mcp = await s.mcp.client.callTool({
        name: "get_window_structure",
        arguments: { window_title: "Visual" },
      });
      assert.equal(code(resultJson(mcp)), "NotAllowed");
      const desktop = JSON.stringify((await s.tool("get_desktop_tree")).body);
      assert.equal(desktop.includes("Visual Studio Code"), false, "not in the desktop tree");
    });

    await t.step(
      "input landing on the denied window is refused, wherever it is aimed from",
      async () => {
        const windows = await s.mcp.client.callTool({ name: "list_windows", arguments: {} });
        assert.ok(resultJson(windows).count);
        // VS Code covers the right half of the screen; Notepad does not reach x = 1800.
        const click = await s.tool("click_at", { x: 1800, y: 900 });
        assert.equal(click.status, 403);
        assert.equal(code(click.body), "NotAllowed");
        assert.equal(code(await s.call("drag", { from: [10, 10], to: [20, 20] })), "NotAllowed");
        const before = await notepadText(s);
        const typed = await s.tool("type_text", { text: "zzz", window_title: "Notepad" });
        assert.equal(code(typed.body), "NotAllowed", "type_text is denied on Notepad");
        assert.equal(await notepadText(s), before);
        assert.equal(
          (await s.tool("press_key", { keys: "end", window_title: "Notepad" })).status,
          200,
        );
      },
    );

    await t.step("a full-screen screenshot shows the denied window as black", async () => {
      const shot = (await s.tool("get_screenshot")).body;
      const image = await decodePng(
        Uint8Array.from(atob(String(shot.data)), (c) => c.charCodeAt(0)),
      );
      const at = (x: number, y: number) =>
        Array.from(image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 3));
      assert.deepEqual(at(1800, 900), [0, 0, 0], "inside VS Code");
      assert.notDeepEqual(at(400, 400), [0, 0, 0], "inside Notepad");
    });
  } finally {
    await s.mcp.close();
  }
});

Deno.test("access rules: marked listing and default deny", async () => {
  const s = await both([], {
    safety: {
      access: { default: "deny", allow: [{ process: "notepad" }], denied_windows: "marked" },
    },
  });
  try {
    const listed = (await s.tool("list_windows")).body.windows as Body[];
    assert.equal(listed.length, 3);
    assert.equal(listed[0].process, "notepad.exe");
    assert.deepEqual(listed.slice(1), [{ denied: true }, { denied: true }]);
    assert.equal((await s.tool("get_window_structure", { window_title: "Notepad" })).status, 200);
    const chrome = await s.tool("get_window_structure", { window_title: "Chrome" });
    assert.equal(code(chrome.body), "NotAllowed");
    assert.match(
      String(((chrome.body.error as Body).context as Body).rule),
      /safety\.access\.default/,
    );
  } finally {
    await s.mcp.close();
  }
});

Deno.test("confirmation: no token, nothing happens; propose, then the token works once", async (t) => {
  const s = await both([], {
    safety: {
      confirmation: {
        rules: [
          { role: "Button", name: "(?i)^(delete|send|pay|format)" },
          { tool: "press_key", keys: ["ctrl+w"] },
        ],
      },
    },
  });
  const scenario = new URL("../scenarios/delete_account.yaml", import.meta.url).pathname;
  try {
    assert.equal((await s.tool("load_scenario", { path: scenario })).status, 200);
    await t.step("the Delete button needs a token; without one nothing is clicked", async () => {
      const r = await s.post("/api/element/click", { selector: "Button[name~='Delete.*']" });
      assert.equal(r.status, 412);
      assert.equal(code(r.body), "ConfirmationRequired");
      assert.equal((r.body.error as Body).suggested_next_tool, "propose_action");
      const windows = (await s.tool("list_windows")).body.windows as Body[];
      assert.deepEqual(windows.map((w) => w.title), ["Account settings — Acme Cloud"]);
    });

    await t.step("propose_action: a token, a summary; the click runs once with it", async () => {
      const args = { selector: "Button[name~='Delete.*']" };
      const proposal = (await s.tool("propose_action", { action: "click_element", args })).body;
      assert.match(String(proposal.confirm_token), /^ct:[0-9a-f]{16}$/);
      assert.match(String(proposal.summary), /click_element on Button 'Delete account…' in window/);
      assert.match(String(proposal.required_by), /confirmation\.rules\[0\]/);
      assert.equal((proposal.would_target as Body).element_id !== null, true);
      const windows = (await s.tool("list_windows")).body.windows as Body[];
      assert.equal(windows.length, 1, "proposing did not click");
      const token = String(proposal.confirm_token);
      const other = await s.post("/api/element/click", {
        selector: "Button[name='Delete account…']",
        confirm_token: token,
      });
      assert.equal(code(other.body), "ConfirmationInvalid", "other arguments");
      const fresh = (await s.tool("propose_action", { action: "click_element", args })).body;
      const done = await s.post("/api/element/click", {
        ...args,
        confirm_token: fresh.confirm_token,
      });
      assert.equal(done.status, 200, JSON.stringify(done.body));
      const again = await s.post("/api/element/click", {
        ...args,
        confirm_token: fresh.confirm_token,
      });
      assert.equal(code(again.body), "ConfirmationInvalid", "single use");
    });

    await t.step("the original's routes answer in its shapes, and are traced", async () => {
      const trace = await s.tool("trace_start", { label: "original routes" });
      assert.equal(trace.status, 200, JSON.stringify(trace.body));
      const args = { selector: "Button[name~='Delete.*']" };
      const proposal = await s.post("/api/propose_action", { action: "click_element", args });
      assert.equal(proposal.status, 200, JSON.stringify(proposal.body));
      for (const key of ["ok", "step_id", "confirm_token", "expires_at", "summary"]) {
        assert.ok(key in proposal.body, key);
      }
      const target = proposal.body.would_target as Body;
      assert.equal(
        target.selector,
        'Window[name="Account settings — Acme Cloud"]/Button[name="Delete account…"]',
      );
      const png = await decodePng(
        Uint8Array.from(atob(String(target.screenshot_b64)), (c) => c.charCodeAt(0)),
      );
      const bounds = target.bounds as { width: number };
      assert.ok(png.width <= 400 && png.width >= Math.min(400, bounds.width), `${png.width} px`);
      const missing = await s.post("/api/propose_action", { args });
      assert.equal(missing.status, 400);
      assert.match(String((missing.body.error as Body).message), /action/);

      const budget = await s.get("/api/budget_status");
      assert.equal(budget.status, 200);
      for (const key of ["configured", "actions", "screenshots", "vlm_tokens", "session_seconds"]) {
        assert.ok(key in budget.body, key);
      }
      assert.deepEqual(Object.keys(budget.body.actions as Body), ["used", "limit", "remaining"]);
      const redaction = await s.get("/api/redaction_status");
      assert.equal(redaction.status, 200);
      for (const key of ["enabled", "active", "patterns_count", "applied_count"]) {
        assert.ok(key in redaction.body, key);
      }
      assert.equal(redaction.body.blur_screenshots, true);

      const stopped = (await s.tool("trace_stop")).body;
      const steps = (await s.get(`/api/trace/${stopped.trace_id}`)).body.steps as Body[];
      const tools = steps.map((step) => step.tool);
      for (const tool of ["propose_action", "get_budget_status", "get_redaction_status"]) {
        assert.ok(tools.includes(tool), `${tool} in ${tools.join()}`);
      }
    });

    await t.step("keys: ctrl+w over MCP needs a token too", async () => {
      assert.equal(code(await s.call("press_key", { keys: "ctrl+w" })), "ConfirmationRequired");
      assert.equal((await s.call("press_key", { keys: "ctrl+t" })).ok, true);
      const proposal = await s.call("propose_action", {
        action: "press_key",
        args: { keys: "Ctrl+W" },
      });
      const done = await s.call("press_key", {
        keys: "Ctrl+W",
        confirm_token: proposal.confirm_token,
      });
      assert.equal(done.ok, true, JSON.stringify(done));
    });

    await t.step("propose_action refuses what is not an input tool or not valid", async () => {
      assert.equal(
        code((await s.tool("propose_action", { action: "list_windows" })).body),
        "BadRequest",
      );
      const bad = await s.tool("propose_action", { action: "click_at", args: { x: "left" } });
      assert.equal(code(bad.body), "BadRequest");
    });
  } finally {
    await s.mcp.close();
  }
});

const SECRET = "Tr0ub4dor&3-horse";
const ENV_SECRET = "env-secret-4242";

Deno.test("redaction: a secret typed on the mock and into a scenario's password field appears nowhere", async (t) => {
  const s = await both(["--max-actions", "100"], {
    logging: { level: "DEBUG" },
    safety: {
      audit: { path: "audit/audit.jsonl" },
      redaction: {
        text_patterns: ["\\b4111[ -]?1111[ -]?1111[ -]?1111\\b"],
        secret_env: ["OSO_TEST_SECRET"],
      },
    },
  }, { OSO_TEST_SECRET: ENV_SECRET });
  const outputs: string[] = [];
  const keep = (value: unknown) => {
    outputs.push(typeof value === "string" ? value : JSON.stringify(value));
    return value;
  };
  const reads = async () => {
    for (
      const path of [
        "/api/windows",
        "/api/structure?window_index=0&detail=full",
        "/api/sketch?window_index=0",
        "/api/observe?window_index=0",
        "/api/description?window_index=0",
        "/api/accessibility?window_index=0",
        "/api/desktop_tree",
        "/api/tool/get_screen_sketch?window_index=0",
        "/api/tool/get_element_tree?window_index=0",
      ]
    ) keep((await s.get(path)).body);
    keep(await s.call("get_window_structure", { window_index: 0 }));
    keep(await s.call("observe_window", { window_index: 0 }));
    keep(await s.call("get_screen_description", { window_index: 0 }));
  };
  try {
    await t.step("type_text secret: true on the default desktop", async () => {
      const typed = keep(
        (await s.tool("type_text", { text: SECRET, secret: true, window_title: "Notepad" })).body,
      ) as Body;
      assert.equal(typed.ok, true, JSON.stringify(typed));
      assert.equal(typed.text, "[REDACTED]");
      keep(
        await s.call("type_text", {
          text: ` card 4111 1111 1111 1111 ${ENV_SECRET}`,
          window_title: "Notepad",
        }),
      );
      keep((await s.tool("find_element", { selector: "Document", window_title: "Notepad" })).body);
      await reads();
      const text = await notepadText(s);
      assert.match(text, /\[REDACTED\] card \[REDACTED\]/, "the app's own text is shown redacted");
    });

    await t.step(
      "a scenario's password field: the typed text is a secret without asking",
      async () => {
        const login = new URL("../scenarios/login.yaml", import.meta.url).pathname;
        keep((await s.tool("load_scenario", { path: login })).body);
        keep((await s.post("/api/element/click", { selector: 'Edit[name="Password"]' })).body);
        const typed = keep(await s.call("type_text", { text: "pw-only-in-field" })) as Body;
        assert.equal(typed.text, "[REDACTED]", JSON.stringify(typed));
        keep(
          (await s.post("/api/element/set_value", {
            selector: 'Edit[name="Password"]',
            value: "set-into-field",
          })).body,
        );
        await reads();
        keep((await s.tool("get_redaction_status")).body);
        const status = await s.call("get_redaction_status");
        assert.equal(status.password_fields, true);
        assert.ok(Number(status.applied_count) > 0);
        assert.equal(
          status.secrets_known,
          4,
          "the env secret, the flagged text and two typed into the field",
        );
      },
    );

    await t.step("no output, log line or audit record holds any secret", async () => {
      // Written before each answer was sent, so complete now (close removes the folder).
      const audit = await Deno.readTextFile(`${s.mcp.dir}/audit/audit.jsonl`);
      await s.mcp.close();
      const log = s.mcp.stderr();
      assert.ok(audit.split("\n").length > 5, "the audit log has the calls");
      assert.match(log, /DEBUG|INFO/, "the log was written");
      const surfaces = { outputs: outputs.join("\n"), log, audit };
      for (const [surface, text] of Object.entries(surfaces)) {
        for (
          const secret of [
            SECRET,
            "4111 1111 1111 1111",
            ENV_SECRET,
            "pw-only-in-field",
            "set-into-field",
          ]
        ) {
          assert.equal(text.includes(secret), false, `${secret} in ${surface}`);
        }
      }
    });
  } finally {
    await s.mcp.close().catch(() => {});
  }
});
