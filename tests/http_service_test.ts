// Health, metrics, the tool console, routing errors, CLI and config failures,
// over real HTTP against spawned service processes.

import { strict as assert } from "node:assert";
import { runMain, startService } from "./helpers/service.ts";
import { getJson, postJson } from "./helpers/http.ts";

Deno.test("health, metrics, tools and routing", async (t) => {
  const svc = await startService();
  const api = (path: string) => getJson(`${svc.url}${path}`);
  try {
    await t.step("healthz has the seed fields and the superset; no step consumed", async () => {
      const a = (await api("/api/healthz")).body;
      const b = (await api("/api/healthz")).body;
      for (const key of ["ok", "uptime_s", "step_count", "adapter", "version"]) assert.ok(key in a);
      assert.equal(a.ok, true);
      assert.equal(a.adapter, "MockAdapter");
      assert.equal(a.version, "0.1.0");
      assert.equal(a.step_count, b.step_count);
      assert.equal(a.config_path, svc.configPath);
      assert.equal(a.config_error, null);
      assert.deepEqual(Object.keys(a.tree_cache as object).sort(), [
        "capture_count",
        "capture_ms_max",
        "capture_ms_mean",
        "capture_ms_total",
        "entries",
        "hits",
        "misses",
      ]);
      assert.equal(typeof (a.ocr as Record<string, unknown>).hint, "string");
    });

    await t.step("tree cache counts a hit for a repeated structure read", async () => {
      await api("/api/structure");
      await api("/api/structure");
      const cache = (await api("/api/healthz")).body.tree_cache as Record<string, number>;
      assert.ok(cache.hits >= 1, JSON.stringify(cache));
      assert.ok(cache.capture_count >= 1);
      const r = await postJson(`${svc.url}/api/action`, { action: "key", value: "enter" });
      assert.equal(r.status, 200);
      const after = (await api("/api/structure")).body.perf as Record<string, unknown>;
      assert.equal(after.cache, "miss", "input invalidates the cache");
    });

    await t.step("metrics: Prometheus text with the spec's names in order", async () => {
      const res = await fetch(`${svc.url}/api/metrics`);
      assert.equal(res.headers.get("content-type"), "text/plain; version=0.0.4");
      const text = await res.text();
      assert.ok(text.endsWith("\n"));
      const samples = text.split("\n").filter((l) => l && !l.startsWith("#")).map((l) =>
        l.split(" ")[0]
      );
      assert.deepEqual(samples, [
        "oso_step_count",
        "oso_uptime_seconds",
        "oso_tree_cache_hits_total",
        "oso_tree_cache_misses_total",
        "oso_tree_cache_entries",
        "oso_tree_capture_ms_sum",
        "oso_tree_capture_ms_count",
        "oso_tree_capture_ms_max",
        "oso_http_connections",
        "oso_active_trace",
        "oso_ocr_engine_reads_total",
        "oso_ocr_reads_reused_total",
      ]);
      assert.match(text, /# TYPE oso_tree_capture_ms summary\n/);
      const steps = Number(/^oso_step_count (\d+)$/m.exec(text)![1]);
      assert.equal(steps, (await api("/api/healthz")).body.step_count);
    });

    await t.step("GET / serves the inspector page", async () => {
      const res = await fetch(`${svc.url}/`);
      assert.equal(res.status, 200);
      assert.match(res.headers.get("content-type")!, /^text\/html/);
      assert.match(await res.text(), /<title>OS Screen Observer/);
    });

    await t.step("GET /api/tools lists the registry, sorted", async () => {
      const b = (await api("/api/tools")).body;
      const tools = b.tools as string[];
      assert.deepEqual(tools, [...tools].sort());
      for (const name of ["list_windows", "get_window_structure", "click_at", "press_key"]) {
        assert.ok(tools.includes(name), name);
      }
      assert.equal(b.step_id, undefined);
    });

    await t.step("tool console: GET reads, POST acts, unknown names take no step", async () => {
      const r = await api("/api/tool/get_window_structure?window_index=1&depth=1");
      assert.equal(r.status, 200);
      assert.equal(r.body.depth_used, 1);
      const unknown = await api("/api/tool/teleport");
      assert.equal(unknown.status, 400);
      assert.equal((unknown.body.error as { message: string }).message, "unknown tool: teleport");
      assert.equal(unknown.body.step_id, undefined);
      const forged = await api("/api/tool/type_text?text=rm%20-rf");
      assert.equal(forged.status, 405, "a GET must not act");
      const posted = await postJson(`${svc.url}/api/tool/type_text`, { text: "hi" });
      assert.equal(posted.status, 200);
      assert.equal(posted.body.action, "type");
      const badArgs = await postJson(`${svc.url}/api/tool/click_at`, { x: "a", y: 1 });
      assert.equal(badArgs.status, 400);
      assert.equal((badArgs.body.error as { code: string }).code, "BadRequest");
      assert.equal(typeof badArgs.body.step_id, "number", "validation failures consume a step");
    });

    await t.step("capabilities and monitors", async () => {
      const caps = (await api("/api/capabilities")).body;
      assert.equal(caps.adapter, "MockAdapter");
      assert.equal(caps.protocol_version, 2);
      const supports = caps.supports as Record<string, boolean>;
      for (
        const built of [
          "accessibility_tree",
          "element_targeting",
          "observe_with_diff",
          "drag",
          "redaction",
          "image_blur",
          "budgets",
          "confirmation",
          "injection_warnings",
          "tracing",
          "replay",
          "ocr",
        ]
      ) {
        assert.equal(supports[built], true, built);
      }
      assert.equal(supports.scenarios, true, "the mock runs scenarios");
      // The bootstrapped example config names a vision model; it sets no audit log.
      assert.equal(supports.vlm, true);
      assert.equal(supports.audit_log, false);
      assert.deepEqual(caps.config, {
        tree_max_depth: 64,
        tree_default_depth: 5,
        ascii_grid: { width: 110, height: 38 },
      });
      assert.ok(Object.keys(caps.tree_stats as object).length >= 1);
      assert.deepEqual((await api("/api/monitors")).body.monitors, []);
    });

    await t.step("unknown route 404, wrong method 405, both JSON", async () => {
      const missing = await api("/api/nothing-here");
      assert.equal(missing.status, 404);
      const wrong = await postJson(`${svc.url}/api/windows`, {});
      assert.equal(wrong.status, 405);
      const del = await getJson(`${svc.url}/api/action`, { method: "DELETE" });
      assert.equal(del.status, 405);
    });
  } finally {
    await svc.stop();
  }
});

Deno.test("a broken config file is reported, not fatal", async () => {
  const dir = await Deno.makeTempDir();
  const path = `${dir}/config.json`;
  await Deno.writeTextFile(path, '{"web_ui": {"port": "nope"}, "tree": {"max_depth": 3}');
  const svc = await startService({ args: ["--config", path] });
  try {
    const h = (await getJson(`${svc.url}/api/healthz`)).body;
    assert.match(String(h.config_error), /^config\.json parse error/);
    assert.equal(h.config_path, path);
    const s = await getJson(`${svc.url}/api/structure?depth=999`);
    assert.equal(s.body.depth_used, 64, "defaults are in force");
  } finally {
    await svc.stop();
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an invalid config value is reported and replaced by its default", async () => {
  const svc = await startService({ config: { tree: { max_depth: "deep" }, mock: true } });
  try {
    const h = (await getJson(`${svc.url}/api/healthz`)).body;
    assert.match(String(h.config_error), /tree\.max_depth/);
    const s = await getJson(`${svc.url}/api/structure?depth=999`);
    assert.equal(s.body.depth_used, 64);
  } finally {
    await svc.stop();
  }
});

const CLI_FAILURES: Array<[string[], RegExp]> = [
  [["--port", "abc"], /--port takes a non-negative integer/],
  [["--mode", "gui"], /--mode must be one of/],
  [["--bogus"], /unknown option/],
  [["--mock", "--max-actions", "many"], /--max-actions takes a non-negative integer/],
];

for (const [args, message] of CLI_FAILURES) {
  Deno.test(`CLI ${args.join(" ")} exits 2 with a clear message`, async () => {
    const { code, stderr } = await runMain(args);
    assert.equal(code, 2);
    assert.match(stderr, message);
  });
}

Deno.test("a safety section the service cannot honour stops it with the reason", async () => {
  const dir = await Deno.makeTempDir();
  try {
    for (
      const [config, message] of [
        [{ safety: { access: { deny: [{ process: "([" }] } } }, /safety\.access\.deny\.0\.process/],
        [
          { actions: { deny: ["drag"] }, safety: { access: { deny: ["scroll"] } } },
          /actions\.deny and safety\.access\.deny both set the same thing/,
        ],
        [{ redaction: { patterns: ["x"] } }, /redaction\.patterns: not a key of the original's/],
      ] as const
    ) {
      await Deno.writeTextFile(`${dir}/config.json`, JSON.stringify(config));
      const { code, stderr } = await runMain(["--mock", "--config", `${dir}/config.json`]);
      assert.equal(code, 2);
      assert.match(stderr, /safety settings cannot be used/);
      assert.match(stderr, message);
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("the original's config file is served: its safety keys are read and logged", async () => {
  const svc = await startService({
    config: {
      mock: true,
      confirmation_required: [{ role: "Button", name_regex: "(?i)^delete" }],
      actions: { deny: ["drag"] },
      logging: { level: "INFO" },
    },
  });
  const scenario = new URL("../scenarios/delete_account.yaml", import.meta.url).pathname;
  try {
    assert.match(
      svc.stderr(),
      /read the original's confirmation_required → safety\.confirmation\.rules/,
    );
    assert.match(svc.stderr(), /read the original's actions\.deny → safety\.access\.deny/);
    const loaded = await postJson(`${svc.url}/api/tool/load_scenario`, { path: scenario });
    assert.equal(loaded.status, 200, JSON.stringify(loaded.body));
    const click = await postJson(`${svc.url}/api/element/click`, {
      selector: "Button[name~='Delete.*']",
    });
    assert.equal(click.status, 412, JSON.stringify(click.body));
    const drag = await postJson(`${svc.url}/api/drag`, {
      from: { x: 1, y: 1 },
      to: { x: 5, y: 5 },
    });
    assert.equal(drag.status, 403, JSON.stringify(drag.body));
  } finally {
    await svc.stop();
  }
});

Deno.test("deno task start without a desktop serves the mock and says why", async () => {
  const svc = await startService({ task: "start", env: { DISPLAY: "" } });
  try {
    const health = (await getJson(`${svc.url}/api/healthz`)).body;
    assert.equal(health.is_mock, true);
    assert.match(
      svc.stderr(),
      /Linux desktop unavailable; missing: .*DISPLAY \(not set.*using the mock desktop/,
    );
  } finally {
    await svc.stop();
  }
});

Deno.test("a --scenario that cannot be loaded exits 1 and says why", async () => {
  const { code, stderr } = await runMain([
    "--mock",
    "--mode",
    "inspect",
    "--scenario",
    "/no/such.yaml",
  ]);
  assert.equal(code, 1);
  assert.match(stderr, /\/no\/such\.yaml/);
});

Deno.test("--scenario loads a scenario at start-up", async () => {
  const login = new URL("../scenarios/login.yaml", import.meta.url).pathname;
  const svc = await startService({ args: ["--scenario", login] });
  try {
    const b = (await getJson(`${svc.url}/api/windows`)).body;
    const windows = b.windows as Array<{ title: string }>;
    assert.deepEqual(windows.map((w) => w.title), ["Acme Login"]);
  } finally {
    await svc.stop();
  }
});

Deno.test("CLI --help exits 0 with the usage", async () => {
  const { code, stderr } = await runMain(["--help"]);
  assert.equal(code, 0);
  assert.match(stderr, /--scenario PATH/);
});

Deno.test("binding beyond loopback takes a token and prints the banner", async () => {
  const token = "banner-test-token-0123456789";
  const svc = await startService({ args: ["--host", "0.0.0.0"], env: { OSO_TOKEN: token } });
  try {
    assert.match(svc.stderr(), /the action API is reachable from the network/);
    assert.match(svc.stderr(), /0\.0\.0\.0/);
    assert.doesNotMatch(svc.stderr(), new RegExp(token));
  } finally {
    await svc.stop();
  }
});

Deno.test("loopback bind prints the inspector address and no banner", async () => {
  const svc = await startService();
  try {
    assert.match(svc.stderr(), /\[screen_observer\] Web inspector → http:\/\/127\.0\.0\.1:\d+/);
    assert.doesNotMatch(svc.stderr(), /reachable from the network/);
  } finally {
    await svc.stop();
  }
});

Deno.test("a capture cut short by tree.max_nodes says so", async () => {
  const svc = await startService({ config: { tree: { max_nodes: 5 }, mock: true } });
  try {
    const s = (await getJson(`${svc.url}/api/structure`)).body;
    assert.equal(s.element_count, 5);
    assert.equal((s.perf as Record<string, unknown>).cut_short, "nodes");
    const full = await startService();
    try {
      const f = (await getJson(`${full.url}/api/structure`)).body;
      assert.equal((f.perf as Record<string, unknown>).cut_short, undefined);
    } finally {
      await full.stop();
    }
  } finally {
    await svc.stop();
  }
});
