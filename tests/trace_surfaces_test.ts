// One trace for one session, whichever surface calls (issue 16): REST and
// MCP calls of a `--mode both` service land in the same trace.jsonl, in
// order, each with its caller; and nothing secret reaches the trace —
// arguments, results, the label or the screenshots.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { connectSdkClient, resultJson, waitForHttp } from "./helpers/mcp.ts";
import { freePort } from "./helpers/service.ts";
import { postJson } from "./helpers/http.ts";
import { parseTrace } from "../lib/formats/trace/parse.ts";
import { decodePng } from "../lib/formats/image/png.ts";

type Body = Record<string, unknown>;

const LOGIN = new URL("../scenarios/login.yaml", import.meta.url).pathname;
const SECRET = "correct-horse-battery";

Deno.test("REST and MCP calls go into one trace, in order, with nothing secret in it", async () => {
  const port = freePort();
  const mcp = await connectSdkClient("both", ["--port", String(port), "--scenario", LOGIN], {
    tracing: { dir: "traces", screenshot_every_n_actions: 1 },
    safety: { redaction: { secret_env: ["OSO_TRACE_SECRET"], element_name_patterns: ["^Login$"] } },
  }, { OSO_TRACE_SECRET: SECRET });
  const url = `http://127.0.0.1:${port}`;
  const rest = async (name: string, args: Body = {}) =>
    (await postJson(`${url}/api/tool/${name}`, args)).body as Body;
  const call = async (name: string, args: Body = {}) =>
    resultJson(await mcp.client.callTool({ name, arguments: args }));
  try {
    await waitForHttp(url);
    const started = await rest("trace_start", { label: `run with ${SECRET}` });
    await call("list_windows");
    await rest("click_element", { selector: 'Edit[name="Username"]' });
    await rest("type_text", { text: SECRET });
    await call("type_text", { text: "abc", secret: true });
    await rest("click_element", { selector: 'Edit[name="Password"]', confirm_token: "tok-1234" });
    await call("type_text", { text: "hunter22" });
    // Reads that run side by side still get a line each, numbered in turn.
    await Promise.all([1, 2, 3, 4].map(() => rest("get_window_structure", { depth: 1 })));
    const metrics = await (await fetch(`${url}/api/metrics`)).text();
    assert.match(metrics, /^oso_active_trace 1$/m);
    const status = await call("trace_status");
    assert.equal(status.step_count, 10);
    const stopped = await call("trace_stop");
    assert.equal(stopped.step_count, 10);
    assert.match(await (await fetch(`${url}/api/metrics`)).text(), /^oso_active_trace 0$/m);

    const file = join(mcp.dir, String(started.dir), "trace.jsonl");
    const text = await Deno.readTextFile(file);
    const trace = parseTrace(text);
    assert.deepEqual(trace.rows.map((r) => r.caller), [
      "mcp",
      "rest",
      "rest",
      "mcp",
      "rest",
      "mcp",
      ...Array(4).fill("rest"),
    ]);
    assert.deepEqual(trace.rows.map((r) => r.trace_seq), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(trace.rows.map((r) => r.tool).slice(0, 6), [
      "list_windows",
      "click_element",
      "type_text",
      "type_text",
      "click_element",
      "type_text",
    ]);
    assert.ok(!text.includes(SECRET), "the secret from the environment is nowhere");
    assert.ok(!text.includes("hunter22"), "text typed into a password field is nowhere");
    assert.equal(trace.header.label, "run with [REDACTED]");
    assert.equal(trace.rows[2].args.text, "[REDACTED]");
    assert.equal(trace.rows[3].args.text, "[REDACTED]", "secret: true text, however short");
    assert.equal(trace.rows[4].args.confirm_token, "<redacted>", "tracing.redact_keys");

    // The Login button's name is redacted: its box is black in every screenshot.
    const png = await Deno.readFile(
      join(mcp.dir, String(started.dir), trace.rows[0].screenshot_full_ref!),
    );
    const image = await decodePng(png);
    const at = (x: number, y: number) =>
      Array.from(image.data.slice((y * image.width + x) * 4, (y * image.width + x) * 4 + 3));
    assert.deepEqual(at(250, 294), [0, 0, 0], "inside the Login button");
    assert.notDeepEqual(at(320, 212), [0, 0, 0], "inside the Username field");
  } finally {
    await mcp.close();
  }
});
