// Every bad trace or replay input is a typed error and nothing runs (issue
// 16): unknown ids, damaged or hand-edited files, a newer format, paths
// outside the tracing folder; and a killed service leaves a trace that reads
// back whole up to its last completed call.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { startService } from "./helpers/service.ts";
import { getJson, postJson } from "./helpers/http.ts";
import { parseTrace } from "../lib/formats/trace/parse.ts";

type Body = Record<string, unknown>;

function code(body: Body): string | undefined {
  return (body.error as { code?: string } | undefined)?.code;
}

async function withService(
  fn: (c: {
    url: string;
    traces: string;
    post: (path: string, body?: Body) => Promise<{ status: number; body: Body }>;
    stop: () => Promise<void>;
    kill: () => void;
  }) => Promise<void>,
): Promise<void> {
  const traces = await Deno.makeTempDir({ prefix: "oso-traces-" });
  const svc = await startService({
    config: { tracing: { dir: traces, screenshot_every_n_actions: 0 } },
    args: ["--scenario", "scenarios/login.yaml"],
  });
  try {
    await fn({
      url: svc.url,
      traces,
      post: async (path, body = {}) => {
        const r = await postJson(`${svc.url}${path}`, body);
        return { status: r.status, body: r.body as Body };
      },
      stop: () => svc.stop(),
      kill: () => Deno.kill(svc.pid, "SIGKILL"),
    });
  } finally {
    await svc.stop().catch(() => {});
    await Deno.remove(traces, { recursive: true });
  }
}

/** A good recording: type "alice" into Username. */
async function record(post: (p: string, b?: Body) => Promise<{ body: Body }>): Promise<string> {
  await post("/api/trace/start", { label: "typing" });
  await post("/api/tool/click_element", { selector: 'Edit[name="Username"]' });
  await post("/api/tool/type_text", { text: "alice" });
  return String((await post("/api/trace/stop")).body.path);
}

async function username(url: string): Promise<unknown> {
  const r = await postJson(`${url}/api/tool/get_window_structure`, { window_title: "Acme" });
  return ((r.body as Body).tree as { children: Body[] }).children[0].value;
}

Deno.test("trace and replay calls refuse bad input with typed errors", async (t) => {
  await withService(async ({ url, traces, post }) => {
    await t.step("trace_stop without a trace; trace_start twice", async () => {
      const none = await post("/api/trace/stop");
      assert.equal(none.status, 400);
      assert.match(JSON.stringify(none.body), /no active trace/);
      const first = await post("/api/trace/start");
      const again = await post("/api/trace/start");
      assert.equal(code(again.body), "BadRequest");
      assert.deepEqual((again.body.error as Body).context, { trace_id: first.body.trace_id });
      assert.equal((await post("/api/trace/stop")).status, 200);
    });

    await t.step("unknown replay ids", async () => {
      for (const tool of ["replay_step", "replay_run", "replay_status", "replay_stop"]) {
        const r = await post(`/api/tool/${tool}`, { replay_id: "rep:999" });
        assert.equal(r.status, 400, tool);
        assert.match(JSON.stringify(r.body), /unknown replay_id/);
      }
      assert.equal((await post("/api/replay/start", {})).status, 400, "no path");
      const mode = await post("/api/replay/start", { path: traces, mode: "fast" });
      assert.equal(code(mode.body), "BadRequest");
    });

    await t.step("unknown and malformed trace ids; screenshot names", async () => {
      const missing = await getJson(`${url}/api/trace/trace-00000000`);
      assert.equal(missing.status, 404);
      assert.equal(code(missing.body as Body), "TraceNotFound");
      const odd = await getJson(`${url}/api/trace/..%2F..%2Fetc`);
      assert.equal(odd.status, 400);
      const png = await fetch(`${url}/api/trace/trace-00000000/screenshots/step-00001-full.png`);
      assert.equal(png.status, 404);
      await png.body?.cancel();
      const name = await fetch(`${url}/api/trace/trace-00000000/screenshots/passwd`);
      assert.equal(name.status, 400);
      await name.body?.cancel();
    });

    const good = await record(post);
    const text = await Deno.readTextFile(good);
    const lines = text.trimEnd().split("\n");
    assert.equal(lines.length, 4, "header, two steps, footer");
    // Reset the form: every refused replay below must leave it empty.
    await post("/api/tool/load_scenario", { path: "scenarios/login.yaml" });

    const damaged: Array<[string, string, RegExp]> = [
      ["truncated", text.slice(0, text.length - 25), /cut short/],
      ["a step removed", [lines[0], lines[2], lines[3]].join("\n") + "\n", /trace_seq 2 where 1/],
      ["steps re-ordered", [lines[0], lines[2], lines[1]].join("\n") + "\n", /trace_seq 2 where 1/],
      [
        "a line that is not JSON",
        [lines[0], "{oops", lines[1]].join("\n") + "\n",
        /line 2 is not JSON/,
      ],
      [
        "a renamed tool",
        text.replace('"tool":"type_text"', '"tool":"rm_rf"'),
        /no tool of this service: 'rm_rf'/,
      ],
      [
        "a trace tool as a step",
        text.replace('"tool":"type_text"', '"tool":"replay_run"'),
        /never traced/,
      ],
      ["broken arguments", text.replace('"text":"alice"', '"text":5'), /arguments do not fit/],
      [
        "a footer that miscounts",
        text.replace('"step_count":2', '"step_count":3'),
        /counts 3 steps/,
      ],
      [
        "a row missing its fields",
        text.replace(/"tree_hash_before":"[^"]*",/, ""),
        /not a valid step/,
      ],
      [
        "a newer format",
        text.replace('"format":1', '"format":2'),
        /format 2, newer than this service reads \(1\)/,
      ],
      ["no header", lines.slice(1).join("\n") + "\n", /not a valid header/],
      ["an empty file", "", /empty/],
    ];
    for (const [what, content, message] of damaged) {
      await t.step(`refused whole, nothing run: ${what}`, async () => {
        const dir = join(traces, "trace-0000beef");
        await Deno.mkdir(dir, { recursive: true });
        await Deno.writeTextFile(join(dir, "trace.jsonl"), content);
        const r = await post("/api/replay/start", { path: dir });
        assert.equal(r.status, 400, JSON.stringify(r.body));
        assert.equal(code(r.body), "TraceInvalid");
        assert.match(String((r.body.error as Body).message), message);
        assert.equal(await username(url), "", "nothing was typed");
      });
    }

    await t.step("paths outside the tracing folder are refused, whatever is there", async () => {
      for (
        const path of [
          "scenarios/login.yaml",
          "/etc/passwd",
          `${traces}/../x.jsonl`,
          "/nonexistent",
        ]
      ) {
        const r = await post("/api/replay/start", { path });
        assert.equal(r.status, 403, path);
        assert.equal(code(r.body), "PermissionDenied");
      }
      assert.equal(await username(url), "");
    });

    await t.step(
      "the good trace replays (the checks above refuse only what is wrong)",
      async () => {
        const start = await post("/api/replay/start", { path: good });
        await post("/api/replay/run", { replay_id: start.body.replay_id });
        assert.equal(await username(url), "alice");
        const listed = (await getJson(`${url}/api/traces`)).body as Body;
        const entries = listed.traces as Body[];
        assert.ok(entries.some((e) => e.trace_id === "trace-0000beef" && e.problem !== null));
        assert.ok(entries.some((e) => e.label === "typing" && e.step_count === 2 && e.stopped));
      },
    );
  });
});

Deno.test("kill -9 leaves a readable trace up to the last completed call", async () => {
  await withService(async ({ url, post, kill, traces }) => {
    const started = (await post("/api/trace/start", { label: "crash" })).body;
    for (let i = 0; i < 20; i++) {
      assert.equal((await post("/api/tool/type_text", { text: `${i % 10}` })).status, 200);
    }
    kill();
    const file = join(String(started.dir), "trace.jsonl");
    const trace = parseTrace(await Deno.readTextFile(file));
    assert.equal(trace.footer, null);
    assert.equal(trace.rows.length, 20, "every answered call has its line");
    assert.equal(trace.rows[19].args.text, "9");

    // A new service reads and replays it.
    const again = await startService({
      config: { tracing: { dir: traces } },
      args: ["--scenario", "scenarios/login.yaml"],
    });
    try {
      await postJson(`${again.url}/api/tool/click_element`, { selector: 'Edit[name="Username"]' });
      const start = await postJson(`${again.url}/api/replay/start`, { path: file });
      const body = start.body as Body;
      assert.equal(body.total, 20);
      assert.equal(body.stopped, false);
      const run = await postJson(`${again.url}/api/replay/run`, { replay_id: body.replay_id });
      assert.equal((run.body as Body).position, 20);
      const outcomes = ((run.body as Body).steps as Body[]).map((s) => s.outcome);
      assert.deepEqual(outcomes, Array(20).fill("executed"));
      assert.equal(await username(again.url), "9", "the scenario keeps the last text typed");
    } finally {
      await again.stop();
    }
    assert.ok(url);
  });
});
