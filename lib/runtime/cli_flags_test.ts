import { strict as assert } from "node:assert";
import { parseCli, resolveMode } from "./cli_flags.ts";
import { defaultConfig } from "../formats/config/config.ts";
import { withFlags } from "../services/safety/rails.ts";

Deno.test("defaults", () => {
  const r = parseCli([]);
  assert.ok(r.ok);
  assert.equal(r.options.mode, "auto");
  assert.equal(r.options.config, "config.json");
  assert.equal(r.options.mock, false);
  assert.equal(r.options.port, null);
  assert.equal(r.options.host, null);
  assert.equal(r.options.allowTaskCommands, false);
});

Deno.test("every flag, in both spellings", () => {
  const r = parseCli([
    "--mode=inspect",
    "--config",
    "c.json",
    "--mock",
    "--port",
    "6001",
    "--host=0.0.0.0",
    "--max-actions",
    "3",
    "--actions-per-minute=10",
    "--allow-task-commands",
  ]);
  assert.ok(r.ok);
  assert.equal(r.options.mode, "inspect");
  assert.equal(r.options.config, "c.json");
  assert.equal(r.options.mock, true);
  assert.equal(r.options.port, 6001);
  assert.equal(r.options.host, "0.0.0.0");
  assert.equal(r.options.budgets.max_actions, 3);
  assert.equal(r.options.budgets.actions_per_minute, 10);
  assert.equal(r.options.allowTaskCommands, true);
});

Deno.test("--port 0 is ignored (config decides)", () => {
  const r = parseCli(["--port", "0"]);
  assert.ok(r.ok);
  assert.equal(r.options.port, null);
});

const BAD: Array<[string[], RegExp]> = [
  [["--mode", "web"], /--mode must be one of/],
  [["--port", "abc"], /--port takes a non-negative integer/],
  [["--port", "70000"], /at most 65535/],
  [["--port"], /--port needs a value/],
  [["--max-actions", "-1"], /non-negative integer/],
  [["--frobnicate"], /unknown option '--frobnicate'/],
  [["serve"], /unexpected argument 'serve'/],
  [["--mock=yes"], /--mock takes no value/],
  [["--allow-task-commands=1"], /--allow-task-commands takes no value/],
  [["--host", "  "], /--host needs a value/],
];

for (const [args, message] of BAD) {
  Deno.test(`rejects ${args.join(" ")}`, () => {
    const r = parseCli(args);
    assert.ok(!r.ok);
    assert.match(r.message, message);
  });
}

Deno.test("budget flags override the config's budgets; absent flags keep them", () => {
  const r = parseCli(["--max-screenshots", "2", "--max-actions", "0"]);
  assert.ok(r.ok);
  const configured = { ...defaultConfig().safety.budgets, max_actions: 9, max_vlm_tokens: 50 };
  assert.deepEqual(withFlags(configured, r.options.budgets), {
    ...configured,
    max_actions: 0,
    max_screenshots: 2,
    max_vlm_tokens: 50,
  });
});

Deno.test("--mode auto is inspect on a terminal, else both, and says why", () => {
  const onTerminal = resolveMode("auto", true);
  assert.equal(onTerminal.mode, "inspect");
  assert.match(onTerminal.note ?? "", /stdin is a terminal/);
  const piped = resolveMode("auto", false);
  assert.equal(piped.mode, "both");
  assert.match(piped.note ?? "", /stdin is not a terminal/);
});

Deno.test("an explicit --mode is kept whatever stdin is", () => {
  for (const mode of ["inspect", "mcp", "both"] as const) {
    for (const terminal of [true, false]) {
      assert.deepEqual(resolveMode(mode, terminal), { mode, note: null });
    }
  }
});
