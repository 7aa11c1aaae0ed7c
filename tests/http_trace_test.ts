// Traces and replay over real HTTP (issue 16): a recorded login replays in
// verify mode with no divergence (in another process), a changed scenario
// diverges at the changed step under each policy, a killed service leaves a
// readable trace, and every bad input is a typed error with nothing run.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { type Service, startService } from "./helpers/service.ts";
import { getJson, postJson } from "./helpers/http.ts";
import { parseTrace } from "../lib/formats/trace/parse.ts";
import { writeHtmlReport } from "../lib/formats/trace/report/index.ts";
import { isInputTool } from "../lib/osworld/interfaces/input_tools.ts";
import { writeOsworldTrajectory } from "../lib/osworld/formats/trajectory/index.ts";

type Body = Record<string, unknown>;

const LOGIN = "scenarios/login.yaml";
const REFUSED = "tests/fixtures/scenarios/login_refused.yaml";

async function service(dir: string, config: Body = {}, env: Record<string, string> = {}) {
  const svc = await startService({
    config: {
      tracing: { dir, screenshot_every_n_actions: 3 },
      scenarios: { dirs: ["tests/fixtures/scenarios"] },
      ...config,
    },
    args: ["--scenario", LOGIN],
    env,
  });
  const post = async (path: string, body: Body = {}) => {
    const r = await postJson(`${svc.url}${path}`, body);
    return { status: r.status, body: r.body as Body };
  };
  return { svc, post, tool: (name: string, args: Body = {}) => post(`/api/tool/${name}`, args) };
}

type Client = Awaited<ReturnType<typeof service>>;

/** The login as an agent does it: find, click by element id, type; then check and list. */
async function logIn(c: Client): Promise<void> {
  assert.equal((await c.tool("list_windows")).status, 200);
  for (const [field, text] of [["Username", "alice"], ["Password", "hunter2"]]) {
    const found = (await c.tool("find_element", { selector: `Edit[name="${field}"]` })).body;
    const click = await c.post("/api/element/click", {
      window_uid: found.window_uid,
      element_id: found.element_id,
    });
    assert.equal(click.status, 200, JSON.stringify(click.body));
    assert.equal((await c.tool("type_text", { text })).status, 200);
  }
  const login = (await c.tool("find_element", { selector: 'Button[name="Login"]' })).body;
  await c.post("/api/element/click", {
    window_uid: login.window_uid,
    element_id: login.element_id,
  });
  await c.tool("assert_state", { predicates: [{ kind: "text_visible", regex: "Hello, alice" }] });
  await c.tool("list_windows");
}

/** Records the login; returns the trace's folder. */
async function recordLogin(c: Client): Promise<{ dir: string; id: string }> {
  const started = (await c.post("/api/trace/start", { label: "login" })).body;
  await logIn(c);
  const stopped = (await c.post("/api/trace/stop")).body;
  assert.equal(stopped.step_count, 11);
  return { dir: String(started.dir), id: String(started.trace_id) };
}

async function withTraces(fn: (dir: string) => Promise<void>): Promise<void> {
  const dir = await Deno.makeTempDir({ prefix: "oso-traces-" });
  try {
    await fn(dir);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

async function stopAll(...services: Service[]): Promise<void> {
  await Promise.all(services.map((s) => s.stop()));
}

Deno.test("a recorded login replays in verify mode with no divergence, in another process", async () => {
  await withTraces(async (traces) => {
    const first = await service(traces);
    const second = await service(traces);
    try {
      const trace = await recordLogin(first);
      const lines = parseTrace(await Deno.readTextFile(join(trace.dir, "trace.jsonl")));
      assert.equal(lines.rows.length, 11);
      assert.deepEqual(lines.rows.map((r) => r.trace_seq), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      assert.ok(lines.rows.every((r) => r.caller === "rest"));
      assert.equal(lines.rows[8].scenario?.state, "welcome");
      assert.equal(lines.rows[8].scenario?.success, true);
      // Cadence 3: rows 1, 3, 6, 9 carry the screen; each screenshot file exists.
      const shot = lines.rows.filter((r) => r.screenshot_full_ref).map((r) => r.trace_seq);
      assert.deepEqual(shot, [1, 3, 6, 9]);
      for (const row of lines.rows) {
        for (const ref of [row.screenshot_full_ref, row.screenshot_window_ref]) {
          if (ref) assert.ok((await Deno.stat(join(trace.dir, ref))).size > 100);
        }
      }

      // A person's report and OSWorld's trajectory of the same run.
      const html = await Deno.readTextFile(await writeHtmlReport(trace.dir));
      assert.equal(html.match(/<section class="step"/g)?.length, 11);
      const traj = await writeOsworldTrajectory(trace.dir, isInputTool);
      const steps0 = (await Deno.readTextFile(traj.file)).trimEnd().split("\n").map((l) =>
        JSON.parse(l)
      );
      assert.deepEqual(steps0.map((s) => s.step_num), [1, 2, 3, 4, 5], "the five input calls");
      assert.equal(steps0[0].action, "pyautogui.click(320, 212)", "the Username field's centre");
      assert.equal(steps0[1].action, "pyautogui.typewrite('alice')");
      assert.deepEqual(steps0.map((s) => s.done), [false, false, false, false, true]);

      const start = await second.post("/api/replay/start", { path: trace.dir, mode: "verify" });
      assert.equal(start.status, 200, JSON.stringify(start.body));
      assert.equal(start.body.total, 11);
      assert.match(String(start.body.replay_id), /^rep:\d+$/);
      const first1 = (await second.post("/api/replay/step", { replay_id: start.body.replay_id }))
        .body;
      assert.equal(first1.tool, "list_windows");
      assert.equal(first1.divergence, null);
      assert.equal(first1.position, 1);
      const run = (await second.post("/api/replay/run", { replay_id: start.body.replay_id })).body;
      assert.equal(run.finished, true);
      assert.deepEqual(run.divergences, []);
      const steps = run.steps as Body[];
      assert.equal(steps.length, 11);
      assert.ok(steps.every((s) => s.outcome === "same"), JSON.stringify(steps));
      assert.match(String((steps[2].notes as string[])[0]), /selector .*Username.* in place of/);
      const welcome = await second.tool("assert_state", {
        predicates: [{ kind: "text_visible", regex: "Hello, alice" }],
      });
      assert.equal(welcome.body.all_passed, true, "the replay logged in on the second desktop");
      const status = await getJson(
        `${second.svc.url}/api/replay/status?replay_id=${
          encodeURIComponent(String(start.body.replay_id))
        }`,
      );
      assert.equal((status.body as Body).position, 11);
    } finally {
      await stopAll(first.svc, second.svc);
    }
  });
});

Deno.test("a changed scenario diverges at the changed step under stop, warn and resume", async () => {
  await withTraces(async (traces) => {
    const c = await service(traces);
    try {
      const trace = await recordLogin(c);
      const replay = async (policy: string) => {
        assert.equal((await c.tool("load_scenario", { path: REFUSED })).status, 200);
        const start = await c.post("/api/replay/start", {
          path: join(trace.dir, "trace.jsonl"),
          mode: "verify",
          on_divergence: policy,
        });
        return (await c.post("/api/replay/run", { replay_id: start.body.replay_id })).body;
      };
      const divergedAt = (run: Body) => (run.divergences as Body[]).map((d) => d.trace_seq);

      const stopped = await replay("stop");
      assert.deepEqual(divergedAt(stopped), [9]);
      assert.equal(stopped.position, 9, "nothing after the diverging step ran");
      assert.equal(stopped.finished, true);
      const at9 = (stopped.divergences as Body[])[0];
      assert.equal(at9.tool, "click_element");
      const paths = (at9.differences as Body[]).map((d) => d.path);
      assert.ok(paths.includes("scenario.state"), JSON.stringify(at9));
      assert.deepEqual(
        (at9.differences as Body[]).find((d) => d.path === "scenario.state"),
        { path: "scenario.state", want: "welcome", got: "error" },
      );
      assert.ok(paths.includes("new_dialogs") && paths.includes("tree_hash_after"));

      const warned = await replay("warn");
      assert.deepEqual(divergedAt(warned), [9, 10, 11], "later steps see the error dialog");
      assert.equal(warned.position, 11);
      const table = warned.steps as Body[];
      assert.deepEqual(table.map((s) => s.outcome), [
        ...Array(8).fill("same"),
        "diverged",
        "diverged",
        "diverged",
      ]);
      assert.deepEqual((table[9].differences as Body[])[0], {
        path: "all_passed",
        want: true,
        got: false,
      });

      const resumed = await replay("resume");
      assert.deepEqual(divergedAt(resumed), [9], "back in the recorded state after step 9");
      assert.match(
        ((resumed.steps as Body[])[8].notes as string[]).join(" "),
        /recorded state 'welcome'/,
      );
      assert.equal(resumed.finished, true);
    } finally {
      await c.svc.stop();
    }
  });
});

Deno.test("execute mode: a step that fails where it succeeded is a divergence; stop halts", async () => {
  await withTraces(async (traces) => {
    const c = await service(traces);
    try {
      // Recorded: Login with an empty form opens the error dialog, whose OK closes it.
      await c.post("/api/trace/start");
      assert.equal(
        (await c.tool("click_element", { selector: 'Button[name="Login"]' })).status,
        200,
      );
      assert.equal((await c.tool("click_element", { selector: 'Button[name="OK"]' })).status, 200);
      await c.tool("list_windows");
      const trace = (await c.post("/api/trace/stop")).body;
      // Now the form is filled in: Login succeeds, there is no dialog and no OK to click.
      await c.tool("set_value", { selector: 'Edit[name="Username"]', value: "alice" });
      await c.tool("click_element", { selector: 'Edit[name="Password"]' });
      await c.tool("type_text", { text: "pw" });
      const start = await c.post("/api/replay/start", { path: trace.path, on_divergence: "stop" });
      assert.equal(start.body.mode, "execute");
      const run = (await c.post("/api/replay/run", { replay_id: start.body.replay_id })).body;
      assert.deepEqual((run.steps as Body[]).map((s) => s.outcome), ["executed", "diverged"]);
      assert.deepEqual((run.divergences as Body[])[0].differences, [
        { path: "ok", want: true, got: false },
        { path: "error.code", want: null, got: "ElementNotFound" },
      ]);
      assert.equal(run.position, 2, "the list_windows after it did not run");
    } finally {
      await c.svc.stop();
    }
  });
});

Deno.test("the inspector's reads are not trace rows; what it does on the desktop is, as its own", async () => {
  await withTraces(async (dir) => {
    const c = await service(dir);
    try {
      const asInspector = (name: string, args: Body = {}) =>
        postJson(`${c.svc.url}/api/tool/${name}`, args, { "X-OSO-Caller": "inspector" });
      const started = (await c.post("/api/trace/start", { label: "watched" })).body;
      assert.equal((await asInspector("observe_window")).status, 200);
      assert.equal((await asInspector("list_windows")).status, 200);
      const click = await asInspector("click_element", { selector: 'Edit[name="Username"]' });
      assert.equal(click.status, 200, JSON.stringify(click.body));
      assert.equal((await c.tool("list_windows")).status, 200);
      assert.equal((await c.post("/api/trace/stop")).body.step_count, 2);
      const steps = (await c.tool("get_trace", { trace_id: started.trace_id })).body
        .steps as Body[];
      assert.deepEqual(steps.map((s) => [s.tool, s.caller]), [
        ["click_element", "inspector"],
        ["list_windows", "rest"],
      ]);
    } finally {
      await stopAll(c.svc);
    }
  });
});
