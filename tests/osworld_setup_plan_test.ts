// planSetup and fillPlaceholders: which task setup steps run here, as a table.

import { strict as assert } from "node:assert";
import { planSetup } from "../lib/osworld/tasks/setup_plan.ts";
import { fillPlaceholders } from "../lib/osworld/tasks/task_file.ts";

const fill = (text: string) =>
  fillPlaceholders(text, { screenWidth: 1280, screenHeight: 801, clientPassword: "pw" });

const plan = (steps: Array<{ type: string; parameters: Record<string, unknown> }>, allow = false) =>
  planSetup(steps, { allowCommands: allow, fill, platform: "posix", maxSleepS: 60 });

Deno.test("placeholders: the screen, its halves (floored) and the password; others stay", () => {
  assert.equal(
    fill(
      "{SCREEN_WIDTH}x{SCREEN_HEIGHT} {SCREEN_WIDTH_HALF},{SCREEN_HEIGHT_HALF} {CLIENT_PASSWORD} {HOME}",
    ),
    "1280x801 640,400 pw {HOME}",
  );
});

Deno.test("setup: steps that run here, commands only when allowed, the rest named", () => {
  const steps = [
    { type: "launch", parameters: { command: ["mousepad", "--x={SCREEN_WIDTH}"] } },
    { type: "launch", parameters: { command: "gedit  notes.txt" } },
    { type: "launch", parameters: { command: "mousepad &", shell: true } },
    { type: "execute", parameters: { command: "echo hi", shell: true } },
    { type: "sleep", parameters: { seconds: 61 } },
    { type: "activate_window", parameters: { window_name: "Mousepad", strict: true } },
    { type: "download", parameters: {} },
  ];
  const refused = plan(steps);
  assert.deepEqual(refused.actions, [
    { kind: "launch", command: { argv: ["mousepad", "--x=1280"] } },
    { kind: "launch", command: { argv: ["gedit", "notes.txt"] } },
    { kind: "activate_window", name: "Mousepad", strict: true, byClass: false },
  ]);
  assert.deepEqual(refused.unsupported, [
    "launch: shell:true runs a shell (config osworld.allow_commands)",
    "execute: shell commands are off (config osworld.allow_commands)",
    "sleep: seconds must be 0 to 60 (osworld.max_pause_s)",
    "download: not a setup step this service runs",
  ]);
  const allowed = plan(steps.slice(2, 4), true);
  assert.deepEqual(allowed.actions, [
    { kind: "launch", command: { argv: ["sh", "-c", "mousepad &"] } },
    { kind: "command", command: { argv: ["sh", "-c", "echo hi"] } },
  ]);
  assert.deepEqual(allowed.unsupported, []);
});
