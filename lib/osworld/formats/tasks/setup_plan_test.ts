// planSetup and fillPlaceholders: which task setup steps run here, as a table.

import { strict as assert } from "node:assert";
import { openPathProblem, planSetup } from "./setup_plan.ts";
import { fillPlaceholders } from "./task_file.ts";

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
    "launch: shell:true runs a shell (--allow-task-commands or config osworld.allow_commands)",
    "execute: shell commands are off (--allow-task-commands or config osworld.allow_commands)",
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

const OPEN_PATHS: Array<[string, "windows" | "posix", string | null]> = [
  ["/tmp/report.txt", "posix", null],
  ["C:\\Users\\me\\report (1).txt", "posix", null],
  ["--help", "posix", "the path starts with '-' (the opener would read an option)"],
  ["/tmp/a\nb", "posix", "the path has a control character"],
  ["   ", "posix", "no path"],
  ["C:\\Users\\me\\report.txt", "windows", null],
  [
    "C:\\x.txt & calc.exe",
    "windows",
    'cmd.exe would read & | < > ^ % " ! ( ) in the path as a command line',
  ],
  ["%COMSPEC%", "windows", 'cmd.exe would read & | < > ^ % " ! ( ) in the path as a command line'],
  [
    "C:\\report (1).txt",
    "windows",
    'cmd.exe would read & | < > ^ % " ! ( ) in the path as a command line',
  ],
];

for (const [path, platform, problem] of OPEN_PATHS) {
  Deno.test(`open ${JSON.stringify(path)} on ${platform}: ${problem ?? "opened"}`, () => {
    assert.equal(openPathProblem(path, platform), problem);
  });
}

Deno.test("setup: open fills placeholders, then refuses a path the opener would misread", () => {
  const steps = [
    { type: "open", parameters: { path: "/tmp/{SCREEN_WIDTH}.txt" } },
    { type: "open", parameters: { path: "-x" } },
    { type: "open", parameters: {} },
  ];
  const planned = plan(steps);
  assert.deepEqual(planned.actions, [{ kind: "open", path: "/tmp/1280.txt" }]);
  assert.deepEqual(planned.unsupported, [
    "open: the path starts with '-' (the opener would read an option)",
    "open: no path",
  ]);
});
