// A trace exported as an OSWorld / OS-Harm trajectory (lib/osworld/formats/trajectory):
// Python literals, key names and actions by tables, the screenshot policy,
// the traj.jsonl of the fixture trace, and the CLI as a subprocess.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import type { TraceRow } from "../lib/formats/trace/format.ts";
import { parseTrace } from "../lib/formats/trace/parse.ts";
import {
  actionTimestamp,
  UNKNOWN_TIMESTAMP,
} from "../lib/osworld/formats/trajectory/action_timestamp.ts";
import { isInputTool } from "../lib/osworld/interfaces/input_tools.ts";
import { screenAfter } from "../lib/osworld/formats/trajectory/screen_after.ts";
import {
  keysCode,
  pyautoguiAction,
  pyautoguiKeys,
  pythonString,
  trajectoryOf,
  writeOsworldTrajectory,
} from "../lib/osworld/formats/trajectory/index.ts";
import { readTraceFolder } from "../lib/formats/trace/report/index.ts";
import { ACTION_BATCH_TOOLS } from "../lib/services/safety/rails.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { commandExists, partAvailable } from "./helpers/parts.ts";
import { FIXTURE, fixtureCopy, runCli } from "./helpers/trace_fixture.ts";

// ---------------------------------------------------------------- Python string literals

const LITERALS: Array<[string, string]> = [
  ["hello", "'hello'"],
  ["", "''"],
  ["it's", "'it\\'s'"],
  ['say "hi"', `'say "hi"'`],
  ["C:\\temp\\new", "'C:\\\\temp\\\\new'"],
  ["line 1\nline 2\r\n\tend", "'line 1\\nline 2\\r\\n\\tend'"],
  ["bell\x07 del\x7f c1\x85", "'bell\\x07 del\\x7f c1\\x85'"],
  ["café 日本 🙂", "'café 日本 🙂'"],
  ["a\u2028b", "'a\\u2028b'"],
  ["lone \ud800", "'lone \\ud800'"],
];

for (const [text, literal] of LITERALS) {
  Deno.test(`pythonString ${JSON.stringify(text)}`, () =>
    assert.equal(pythonString(text), literal));
}

const PYTHON = partAvailable("Python 3", commandExists("python3"), "apt-get install python3");

Deno.test({
  name: "Python reads every literal back as the original text",
  ignore: !PYTHON,
  async fn() {
    // Lone surrogates cannot cross as UTF-8: Python gets them escaped in JSON on both sides.
    const texts = [...LITERALS.map(([text]) => text), "'\"\\'\\\\\n", "x".repeat(5000)];
    const script = "import ast, json, sys\n" +
      "pairs = json.loads(sys.stdin.read())\n" +
      "print(json.dumps([ast.literal_eval(lit) == text for text, lit in pairs]))\n";
    const child = new Deno.Command("python3", {
      args: ["-c", script],
      stdin: "piped",
      stdout: "piped",
    }).spawn();
    const writer = child.stdin.getWriter();
    const payload = JSON.stringify(texts.map((t) => [t, pythonString(t)]));
    await writer.write(new TextEncoder().encode(payload));
    await writer.close();
    const out = await child.output();
    assert.ok(out.success);
    assert.deepEqual(JSON.parse(new TextDecoder().decode(out.stdout)), texts.map(() => true));
  },
});

// ---------------------------------------------------------------- key names

const KEYS: Array<[string, string | null]> = [
  ["ctrl+s", "pyautogui.hotkey('ctrl', 's')"],
  ["Return", "pyautogui.press('enter')"],
  ["enter", "pyautogui.press('enter')"],
  ["Escape", "pyautogui.press('esc')"],
  ["BackSpace", "pyautogui.press('backspace')"],
  ["Delete", "pyautogui.press('delete')"],
  ["Tab", "pyautogui.press('tab')"],
  ["Up", "pyautogui.press('up')"],
  ["Down", "pyautogui.press('down')"],
  ["Left", "pyautogui.press('left')"],
  ["Right", "pyautogui.press('right')"],
  ["super+e", "pyautogui.hotkey('win', 'e')"],
  ["Control+Shift+N", "pyautogui.hotkey('ctrl', 'shift', 'n')"],
  ["alt+F4", "pyautogui.hotkey('alt', 'f4')"],
  ["PageDown", "pyautogui.press('pagedown')"],
  ["menu", "pyautogui.press('apps')"],
  ["'", "pyautogui.press('\\'')"],
  ["ctrl++", "pyautogui.hotkey('ctrl', '+')"],
  ["é", null],
  ["ctrl+ü", null],
  ["bogus", null],
  ["s+ctrl", null],
];

for (const [keys, code] of KEYS) {
  Deno.test(`keysCode ${JSON.stringify(keys)} → ${code}`, () => assert.equal(keysCode(keys), code));
}

Deno.test("pyautoguiKeys gives the names without code", () => {
  assert.deepEqual(pyautoguiKeys("ctrl+alt+Delete"), ["ctrl", "alt", "delete"]);
  assert.equal(pyautoguiKeys(""), null);
});

// ---------------------------------------------------------------- actions

const BUTTON = { x: 40, y: 60, width: 100, height: 31 }; // centre 90, 75
const at = (selector = "Button") => ({ selector, window_uid: "w", bounds: BUTTON });

type ActionCase = [
  name: string,
  tool: string,
  args: Record<string, unknown>,
  summary: Record<string, unknown>,
  expected: string | RegExp,
];

/** A string: the exact pyautogui code. A RegExp: kept as our call, with a reason matching it. */
const ACTIONS: ActionCase[] = [
  ["click_at", "click_at", { x: 100, y: 200 }, { ok: true }, "pyautogui.click(100, 200)"],
  ["click_at right", "click_at", { x: 1, y: 2, button: "right" }, {}, "pyautogui.rightClick(1, 2)"],
  [
    "click_at middle",
    "click_at",
    { x: 1, y: 2, button: "middle" },
    {},
    "pyautogui.middleClick(1, 2)",
  ],
  ["click_at double", "click_at", { x: 1, y: 2, double: true }, {}, "pyautogui.doubleClick(1, 2)"],
  ["double_click_at", "double_click_at", { x: 5, y: 6 }, {}, "pyautogui.doubleClick(5, 6)"],
  [
    "double_click_at right",
    "double_click_at",
    { x: 5, y: 6, button: "right" },
    {},
    "pyautogui.doubleClick(5, 6, button='right')",
  ],
  [
    "right_click_at",
    "right_click_at",
    { x: 7, y: 8, button: "left" },
    {},
    "pyautogui.rightClick(7, 8)",
  ],
  ["click_at without y", "click_at", { x: 7 }, {}, /no screen point/],
  ["click_at odd button", "click_at", { x: 7, y: 8, button: "fourth" }, {}, /unknown button/],
  ["hover_at", "hover_at", { x: 3, y: 4, hover_ms: 500 }, {}, "pyautogui.moveTo(3, 4)"],
  ["type_text", "type_text", { text: "hello world" }, {}, "pyautogui.typewrite('hello world')"],
  [
    "type_text quotes and lines",
    "type_text",
    { text: "it's\nok" },
    {},
    "pyautogui.typewrite('it\\'s\\nok')",
  ],
  [
    "type_and_observe",
    "type_and_observe",
    { text: "x", wait_after_ms: 50 },
    {},
    "pyautogui.typewrite('x')",
  ],
  ["type_text non-ASCII", "type_text", { text: "café" }, {}, /outside printable ASCII/],
  ["type_text redacted", "type_text", { text: "<redacted>" }, {}, /redacted/],
  ["type_text secret", "type_text", { text: "[hidden]", secret: true }, {}, /redacted/],
  ["press_key combo", "press_key", { keys: "ctrl+s" }, {}, "pyautogui.hotkey('ctrl', 's')"],
  ["press_key single", "press_key", { keys: "Return" }, {}, "pyautogui.press('enter')"],
  [
    "press_key_and_observe",
    "press_key_and_observe",
    { keys: "Escape" },
    {},
    "pyautogui.press('esc')",
  ],
  ["press_key unknown", "press_key", { keys: "hyper+q" }, {}, /no key for 'hyper\+q'/],
  ["scroll up", "scroll", { clicks: 5 }, {}, "pyautogui.scroll(5)"],
  [
    "scroll down at",
    "scroll",
    { clicks: -3, x: 10, y: 20 },
    {},
    "pyautogui.scroll(-3, x=10, y=20)",
  ],
  ["scroll default", "scroll", {}, {}, "pyautogui.scroll(3)"],
  ["osworld_task", "osworld_task", { phase: "setup" }, {}, /no pyautogui equivalent/],
  ["scroll sideways", "scroll", { clicks: -2, horizontal: true }, {}, "pyautogui.hscroll(-2)"],
  ["click_at triple", "click_at", { x: 1, y: 2, count: 3 }, {}, "pyautogui.tripleClick(1, 2)"],
  [
    "mouse_button down at",
    "mouse_button",
    { button: "right", state: "down", x: 5, y: 6 },
    {},
    "pyautogui.mouseDown(5, 6, button='right')",
  ],
  ["mouse_button up", "mouse_button", { state: "up" }, {}, "pyautogui.mouseUp(button='left')"],
  ["key_hold down", "key_hold", { key: "Shift", state: "down" }, {}, "pyautogui.keyDown('shift')"],
  ["key_hold up", "key_hold", { key: "a", state: "up" }, {}, "pyautogui.keyUp('a')"],
  [
    "drag with the right button",
    "drag",
    { from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, button: "right" },
    {},
    "pyautogui.moveTo(1, 2); pyautogui.dragTo(3, 4, duration=0.5, button='right')",
  ],
  [
    "drag points",
    "drag",
    { from: { x: 1, y: 2 }, to: { x: 30, y: 40 } },
    {},
    "pyautogui.moveTo(1, 2); pyautogui.dragTo(30, 40, duration=0.5, button='left')",
  ],
  [
    "drag with a modifier and duration",
    "drag",
    { from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, modifiers: ["Control"], duration_s: 1.25 },
    {},
    "pyautogui.keyDown('ctrl'); pyautogui.moveTo(1, 2); " +
    "pyautogui.dragTo(3, 4, duration=1.25, button='left'); pyautogui.keyUp('ctrl')",
  ],
  [
    "drag from an element",
    "drag",
    { from: { selector: "Slider" }, to: { x: 300, y: 75 } },
    { target: at("Slider") },
    "pyautogui.moveTo(90, 75); pyautogui.dragTo(300, 75, duration=0.5, button='left')",
  ],
  [
    "drag between elements",
    "drag",
    { from: { selector: "A" }, to: { selector: "B" } },
    { target: at("A") },
    /only one element end/,
  ],
  [
    "drag odd modifier",
    "drag",
    { from: { x: 1, y: 2 }, to: { x: 3, y: 4 }, modifiers: ["q"] },
    {},
    /modifier/,
  ],
  [
    "click_element",
    "click_element",
    { selector: "Button" },
    { target: at() },
    "pyautogui.click(90, 75)",
  ],
  [
    "click_element triple",
    "click_element",
    { selector: "Button", count: 3 },
    { target: at() },
    "pyautogui.tripleClick(90, 75)",
  ],
  [
    "right_click_element",
    "right_click_element",
    { element_id: "root.1" },
    { target: at() },
    "pyautogui.rightClick(90, 75)",
  ],
  [
    "double_click_element",
    "double_click_element",
    { selector: "Button" },
    { target: at() },
    "pyautogui.doubleClick(90, 75)",
  ],
  [
    "click_element_and_observe",
    "click_element_and_observe",
    { selector: "Button" },
    { target: at() },
    "pyautogui.click(90, 75)",
  ],
  ["click_element without bounds", "click_element", { selector: "B" }, {
    target: { selector: "B" },
  }, /bounds/],
  [
    "hover_element",
    "hover_element",
    { selector: "Button" },
    { target: at() },
    "pyautogui.moveTo(90, 75)",
  ],
  [
    "invoke_element",
    "invoke_element",
    { selector: "Button" },
    { target: at() },
    "pyautogui.click(90, 75)",
  ],
  [
    "focus_element",
    "focus_element",
    { selector: "Button" },
    { target: at() },
    /focus through the platform/,
  ],
  [
    "focus_element by coordinates",
    "focus_element",
    { selector: "Button", method: "coordinates" },
    { target: at() },
    "pyautogui.click(90, 75)",
  ],
  [
    "set_value",
    "set_value",
    { selector: "Edit", value: "new" },
    { target: at("Edit") },
    "pyautogui.click(90, 75); pyautogui.hotkey('ctrl', 'a'); pyautogui.press('delete'); " +
    "pyautogui.typewrite('new')",
  ],
  [
    "set_value appending a number",
    "set_value",
    { selector: "Edit", value: 42, clear_first: false },
    { target: at("Edit") },
    "pyautogui.click(90, 75); pyautogui.typewrite('42')",
  ],
  [
    "set_value redacted",
    "set_value",
    { selector: "Edit", value: "<redacted>" },
    { target: at("Edit") },
    /redacted/,
  ],
  [
    "key_into_element",
    "key_into_element",
    { selector: "Edit", keys: "ctrl+a" },
    { target: at("Edit") },
    "pyautogui.click(90, 75); pyautogui.hotkey('ctrl', 'a')",
  ],
  [
    "clear_text",
    "clear_text",
    { selector: "Edit" },
    { target: at("Edit") },
    "pyautogui.click(90, 75); pyautogui.hotkey('ctrl', 'a'); pyautogui.press('delete')",
  ],
  [
    "select_option",
    "select_option",
    { selector: "Combo", option_name: "B" },
    { target: at() },
    /option/,
  ],
  [
    "bring_to_foreground",
    "bring_to_foreground",
    { window_uid: "w" },
    { ok: true },
    /raising a window/,
  ],
  [
    "a failed call",
    "click_at",
    { x: 1, y: 2 },
    { ok: false, error: { code: "Timeout" } },
    /failed \(Timeout\)/,
  ],
  [
    "write_file",
    "write_file",
    { path: "/tmp/x", content_base64: "" },
    { ok: true },
    /writing a file is a task's setup/,
  ],
  ["run_command", "run_command", { argv: ["true"] }, { ok: true }, /a command is a task's setup/],
  ["a dry run", "click_at", { x: 1, y: 2, dry_run: true }, { ok: true }, /dry run/],
  ["an unknown tool", "teleport", { x: 1, y: 2 }, { ok: true }, /no pyautogui equivalent/],
];

for (const [name, tool, args, summary, expected] of ACTIONS) {
  Deno.test(`pyautoguiAction: ${name}`, () => {
    const conversion = pyautoguiAction({ tool, args, result_summary: summary });
    if (typeof expected === "string") {
      assert.deepEqual(conversion, { action: expected, converted: true });
    } else {
      assert.equal(conversion.converted, false);
      assert.deepEqual(conversion.action, { tool, args }, "kept as our own call");
      assert.match(conversion.reason ?? "", expected);
    }
  });
}

Deno.test("every input tool of the registry has a case in the table above", () => {
  // A new input tool would fall to "no pyautogui equivalent": this names it so it gets decided.
  const decided = new Set(ACTIONS.map(([, tool]) => tool));
  // An action batch is no step of its own: its actions are traced as their own calls.
  const inputs = [...TOOLS.values()]
    .filter((t) => t.kind === "input" && !ACTION_BATCH_TOOLS.has(t.name))
    .map((t) => t.name);
  assert.ok(!isInputTool("run_pyautogui") && !isInputTool("run_computer13"));
  assert.ok(inputs.length >= 22, `${inputs.length} input tools`);
  assert.deepEqual(inputs.filter((name) => !decided.has(name)), []);
  assert.deepEqual(inputs.filter((name) => !isInputTool(name)), []);
  assert.ok(!isInputTool("observe_window") && !isInputTool("get_screenshot"));
  assert.ok(!isInputTool("no_such_tool"));
});

// ---------------------------------------------------------------- timestamps

const TIMES: Array<[string, string]> = [
  ["2026-11-24T10:00:01.250000+00:00", "20261124@100001"],
  ["2026-01-02T03:04:05.999999+00:00", "20260102@030405"],
  ["2026-11-24T01:30:00+02:00", "20261123@233000"],
  ["not a time", UNKNOWN_TIMESTAMP],
];

for (const [ts, stamp] of TIMES) {
  Deno.test(`actionTimestamp ${ts} → ${stamp}`, () => assert.equal(actionTimestamp(ts), stamp));
}

// ---------------------------------------------------------------- which screenshot

function row(seq: number, tool: string, full: boolean): TraceRow {
  return {
    step_id: seq,
    trace_seq: seq,
    ts: `2026-11-24T10:00:${String(seq).padStart(2, "0")}.000000+00:00`,
    caller: "rest",
    tool,
    args: tool === "click_at" ? { x: seq, y: seq } : {},
    result_summary: { ok: true },
    tree_hash_before: "a",
    tree_hash_after: "b",
    duration_ms: 1,
    ...(full
      ? { screenshot_full_ref: `screenshots/step-${String(seq).padStart(5, "0")}-full.png` }
      : {}),
  };
}

Deno.test("screenAfter: the step's own, else the next observation's, never past the next action", () => {
  const rows = [
    row(1, "click_at", true), // own screenshot
    row(2, "click_at", false), // next: observation 3 has one
    row(3, "observe_window", true),
    row(4, "click_at", false), // stops at the next action (5) though 6 has one
    row(5, "click_at", false), // stops at load_scenario (6)
    row(6, "load_scenario", true),
    row(7, "click_at", true), // own file missing, and nothing after it
  ];
  const readable = (ref: string) => !ref.includes("00007");
  const seqOf = (i: number) => screenAfter(rows, i, isInputTool, readable)?.traceSeq ?? null;
  assert.deepEqual([0, 1, 3, 4, 6].map(seqOf), [1, 3, null, null, null]);
  assert.deepEqual(screenAfter(rows, 1, isInputTool, readable), {
    ref: "screenshots/step-00003-full.png",
    traceSeq: 3,
  });
});

// ---------------------------------------------------------------- the trajectory

Deno.test("trajectoryOf the fixture: one line per input call, in OSWorld's shape", async () => {
  const folder = await readTraceFolder(FIXTURE);
  const steps = trajectoryOf(folder.trace, (ref) => folder.screenshots.has(ref), isInputTool);
  const lines = steps.map((s) => s.line);
  assert.deepEqual(lines.map((l) => l.step_num), [1, 2, 3, 4]);
  assert.deepEqual(lines.map((l) => l.info.tool), [
    "click_element",
    "type_text",
    "press_key",
    "click_at",
  ]);
  assert.deepEqual(Object.keys(lines[0]), [
    "step_num",
    "action_timestamp",
    "action",
    "reward",
    "done",
    "info",
    "screenshot_file",
  ]);
  assert.deepEqual(lines.map((l) => l.done), [false, false, false, true]);
  assert.ok(lines.every((l) => l.reward === 0));
  assert.deepEqual(lines.map((l) => l.action), [
    "pyautogui.click(90, 75)",
    `pyautogui.typewrite('<script>window.__pwned=1</script><img src=x onerror="window.__pwned=2">')`,
    { tool: "press_key", args: { keys: "ctrl+s" } },
    "pyautogui.click(100, 50)",
  ]);
  assert.deepEqual(lines[2].info, {
    tool: "press_key",
    args: { keys: "ctrl+s" },
    ok: false,
    error: "WindowGone",
    trace_seq: 5,
    step_id: 5,
    caller: "rest",
    ts: "2026-11-24T10:00:04.000000+00:00",
    converted: false,
    reason: "the call failed (WindowGone): its input may not have happened",
    screenshot_trace_seq: null,
  });
  assert.equal(lines[0].info.converted, true);
  // Own screenshot; the observation's after the typing; none (next action); file missing.
  assert.deepEqual(lines.map((l) => l.screenshot_file), [
    "step_1_20261124@100001.png",
    "step_2_20261124@100002.png",
    null,
    null,
  ]);
  assert.deepEqual(steps.map((s) => s.screenshotRef), [
    "screenshots/step-00002-full.png",
    "screenshots/step-00004-full.png",
    null,
    null,
  ]);
});

Deno.test("a trace without input calls is an empty trajectory", () => {
  const trace = parseTrace(
    [
      { type: "header", trace_id: "trace-00000004", started_at: "2026-11-24T10:00:00+00:00" },
      row(1, "observe_window", true),
    ].map((l) => JSON.stringify(l)).join("\n") + "\n",
  );
  assert.deepEqual(trajectoryOf(trace, () => true, isInputTool), []);
});

Deno.test("writeOsworldTrajectory writes traj.jsonl and the screenshots into <trace>/osworld", async () => {
  const dir = await fixtureCopy();
  const written = await writeOsworldTrajectory(dir, isInputTool);
  const out = join(dir, "osworld");
  assert.equal(written.dir, out);
  assert.equal(written.file, join(out, "traj.jsonl"));
  assert.equal(written.steps, 4);
  assert.deepEqual(written.withoutScreenshot, [3, 4]);
  const lines = (await Deno.readTextFile(written.file)).trimEnd().split("\n").map((l) =>
    JSON.parse(l)
  );
  assert.equal(lines.length, 4);
  assert.deepEqual(written.screenshots, [
    join(out, "step_1_20261124@100001.png"),
    join(out, "step_2_20261124@100002.png"),
  ]);
  assert.deepEqual(
    await Deno.readFile(join(out, lines[1].screenshot_file)),
    await Deno.readFile(join(dir, "screenshots", "step-00004-full.png")),
  );
  const names = [];
  for await (const entry of Deno.readDir(out)) names.push(entry.name);
  assert.deepEqual(names.sort(), [
    "step_1_20261124@100001.png",
    "step_2_20261124@100002.png",
    "traj.jsonl",
  ]);
});

// ---------------------------------------------------------------- the CLI, as a subprocess

Deno.test("cli osworld: writes the trajectory, prints the folder, notes steps without screenshot", async () => {
  const dir = await fixtureCopy();
  const out = join(dir, "..", "export");
  const run = await runCli("osworld", dir, "--out", out);
  assert.equal(run.code, 0, run.stderr);
  assert.equal(run.stdout.trim(), out);
  assert.match(run.stderr, /^note: 2 of 4 steps have no screenshot/);
  const lines = (await Deno.readTextFile(join(out, "traj.jsonl"))).trimEnd().split("\n");
  assert.equal(lines.length, 4);
  assert.ok((await Deno.stat(join(out, "step_1_20261124@100001.png"))).isFile);
});

Deno.test("cli osworld: a trace from a newer format is refused in one line, exit code 2", async () => {
  const dir = await fixtureCopy();
  const file = join(dir, "trace.jsonl");
  const lines = (await Deno.readTextFile(file)).split("\n");
  lines[0] = lines[0].replace('"format":1', '"format":9');
  await Deno.writeTextFile(file, lines.join("\n"));
  const run = await runCli("osworld", dir);
  assert.equal(run.code, 2);
  assert.equal(run.stderr.trimEnd().split("\n").length, 1, run.stderr);
  assert.match(run.stderr, new RegExp(`^error: ${file}:1: the trace was written in format 9`));
  await assert.rejects(Deno.stat(join(dir, "osworld")), Deno.errors.NotFound, "nothing written");
});
