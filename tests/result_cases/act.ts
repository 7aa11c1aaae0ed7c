// Result cases of the actions, the safety tools, traces, replays, scenarios and OSWorld's tools.

import type { Call, ResultCase } from "./types.ts";

const NOTEPAD = { window_index: 0 };
const FILE_MENU = 'MenuItem[name="File"]';
const EDITOR = "Document";
/** The Chrome window: behind Notepad, which covers part of it. */
const CHROME = { window_index: 1 };
/** The VS Code window: Chrome covers it. */
const VSCODE = { window_index: 2 };

/** The Save As scenario: clicking File opens the File menu, a window of its own. */
const loadSaveAs = (call: Call) => call("load_scenario", { path: "scenarios/save_as.yaml" });

/** The Delete button of scenarios/delete_account.yaml needs a confirm_token under this rule. */
const DELETE = "Button[name~='Delete.*']";

/** Records `calls` into a trace; trace_stop's answer (trace_id, path). */
async function recorded(call: Call, calls: (call: Call) => Promise<unknown>) {
  await call("trace_start", { label: "result cases" });
  await calls(call);
  return await call("trace_stop");
}

/** A click and a key press on the mock desktop, recorded. */
const recordedActions = (call: Call) =>
  recorded(call, async (c) => {
    await c("click_element", { ...NOTEPAD, selector: FILE_MENU });
    await c("press_key", { keys: "escape" });
  });

/** A replay of `recordedActions`, started: replay_start's answer. */
async function startedReplay(call: Call, options: Record<string, unknown> = {}) {
  const { trace_id } = await recordedActions(call);
  return await call("replay_start", { trace_id, mode: "verify", ...options });
}

/** The File menu opened in the scenario, recorded; then the scenario reloaded, so a replay diverges. */
async function divergingReplay(call: Call) {
  await loadSaveAs(call);
  const { trace_id } = await recorded(call, async (c) => {
    await c("click_element", { selector: FILE_MENU });
  });
  await loadSaveAs(call);
  await call("click_element", { selector: FILE_MENU });
  return await call("replay_start", { trace_id, mode: "verify", on_divergence: "resume" });
}

const osworld = (config: Parameters<NonNullable<ResultCase["configure"]>>[0], dir: string) => {
  config.osworld.file_dirs = [dir];
  config.osworld.allow_commands = true;
};

/** An OSWorld task file: its setup steps, and an evaluator scoring `${dir}/a.txt`. */
function task(dir: string, extra: Record<string, unknown> = {}): string {
  return JSON.stringify({
    id: "result-case",
    instruction: "Write hello into a.txt",
    config: [
      { type: "sleep", parameters: { seconds: 0.01 } },
      { type: "execute", parameters: { command: ["true"] } },
      { type: "launch", parameters: { command: ["true"] } },
      { type: "open", parameters: { path: `${dir}/missing.txt` } },
      { type: "activate_window", parameters: { window_name: "Visual Studio Code" } },
      { type: "close_window", parameters: { window_name: "Visual Studio Code" } },
      { type: "activate_window", parameters: { window_name: "No such window" } },
    ],
    evaluator: {
      func: "exact_match",
      result: { type: "vm_file", path: `${dir}/a.txt` },
      expected: { type: "rule", rules: { expected: "hello" } },
    },
    ...extra,
  });
}

/** Remembers the case's temp dir for `args` (configure runs first, with it). */
function withDir(): { configure: ResultCase["configure"]; dir: () => string } {
  let dir = "";
  return {
    configure: (config, d) => {
      osworld(config, d);
      dir = d;
    },
    dir: () => dir,
  };
}

const ELEMENT_VERB_CASES: ResultCase[] = [
  {
    label: "by selector",
    tool: "click_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU }),
  },
  {
    label: "a dry run",
    tool: "click_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, dry_run: true }),
  },
  {
    label: "a dry run that would bring the window to the front",
    tool: "click_element",
    args: () => ({ ...VSCODE, selector: "Window", dry_run: true }),
  },
  {
    label: "by on-screen text (OCR)",
    tool: "click_element",
    args: () => ({ ...NOTEPAD, text: "File" }),
  },
  {
    label: "by on-screen text, a dry run",
    tool: "click_element",
    args: () => ({ ...NOTEPAD, text: "File", dry_run: true }),
  },
  {
    label: "in normalized coordinates (target.bounds, screen_bounds)",
    tool: "click_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, coordinate_space: "normalized" }),
  },
  {
    label: "by on-screen text in the session's scaled space (x, y, screen_x, screen_y)",
    before: (call) => call("set_coordinate_space", { coordinate_space: "scaled:960x540" }),
    tool: "click_element",
    args: () => ({ ...NOTEPAD, text: "File", dry_run: true }),
  },
  {
    label: "by an ocr: id",
    tool: "click_element",
    args: () => ({ ...NOTEPAD, element_id: "ocr:84,62,46,14" }),
  },
  {
    label: "a click that opens a dialog",
    before: loadSaveAs,
    tool: "click_element",
    args: () => ({ selector: FILE_MENU }),
  },
  {
    label: "by element_id, with a both-window-arguments warning",
    before: (call) => call("list_windows"),
    tool: "click_element",
    args: (earlier) => ({
      window_index: 0,
      window_uid: (earlier.windows as Array<{ window_uid: string }>)[0].window_uid,
      element_id: "root.0.0",
    }),
  },
  {
    label: "by selector",
    tool: "right_click_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU }),
  },
  {
    label: "by selector",
    tool: "double_click_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU }),
  },
  {
    label: "a dry run",
    tool: "double_click_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, dry_run: true }),
  },
  {
    label: "by selector (the mock falls back to a click)",
    tool: "focus_element",
    args: () => ({ ...NOTEPAD, selector: EDITOR }),
  },
  {
    label: "by on-screen text (OCR)",
    tool: "focus_element",
    args: () => ({ ...NOTEPAD, text: "File" }),
  },
  {
    label: "by selector (the mock falls back to a click)",
    tool: "invoke_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU }),
  },
  {
    label: "a dry run",
    tool: "invoke_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, dry_run: true }),
  },
  {
    label: "replacing the content",
    tool: "set_value",
    args: () => ({ ...NOTEPAD, selector: EDITOR, value: "replaced" }),
  },
  {
    label: "appending a number, a secret",
    tool: "set_value",
    args: () => ({ ...NOTEPAD, selector: EDITOR, value: 42, clear_first: false, secret: true }),
  },
  {
    label: "a dry run",
    tool: "set_value",
    args: () => ({ ...NOTEPAD, selector: EDITOR, value: "x", dry_run: true }),
  },
  {
    label: "by option index",
    tool: "select_option",
    args: () => ({ ...NOTEPAD, selector: "MenuBar", option_index: 1 }),
  },
  {
    label: "a dry run by option name",
    tool: "select_option",
    args: () => ({ ...NOTEPAD, selector: "MenuBar", option_name: "Edit", dry_run: true }),
  },
  {
    label: "by selector",
    tool: "hover_element",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, hover_ms: 0 }),
  },
  {
    label: "by selector",
    tool: "key_into_element",
    args: () => ({ ...NOTEPAD, selector: EDITOR, keys: "end" }),
  },
  {
    label: "a dry run",
    tool: "key_into_element",
    args: () => ({ ...NOTEPAD, selector: EDITOR, keys: "end", dry_run: true }),
  },
  {
    label: "by selector",
    tool: "clear_text",
    args: () => ({ ...NOTEPAD, selector: EDITOR }),
  },
  {
    label: "a dry run",
    tool: "clear_text",
    args: () => ({ ...NOTEPAD, selector: EDITOR, dry_run: true }),
  },
];

const COORDINATE_VERB_CASES: ResultCase[] = [
  { label: "a click", tool: "click_at", args: () => ({ x: 108, y: 71 }) },
  { label: "a dry run", tool: "click_at", args: () => ({ x: 108, y: 71, dry_run: true }) },
  {
    label: "a triple click",
    tool: "click_at",
    args: () => ({ x: 108, y: 71, count: 3, button: "middle" }),
  },
  {
    label: "in a covered window, brought to the front first",
    tool: "click_at",
    args: () => ({ ...CHROME, x: 700, y: 400 }),
  },
  {
    label: "a dry run in a covered window",
    tool: "click_at",
    args: () => ({ ...CHROME, x: 700, y: 400, dry_run: true }),
  },
  {
    label: "a point outside the window, over no window",
    tool: "click_at",
    args: () => ({ ...NOTEPAD, x: 5000, y: 400, dry_run: true }),
  },
  {
    label: "a scenario reaction that opens a dialog",
    before: loadSaveAs,
    tool: "click_at",
    args: () => ({ x: 85, y: 81 }),
  },
  { label: "a right click", tool: "right_click_at", args: () => ({ x: 108, y: 71 }) },
  {
    label: "a dry run",
    tool: "right_click_at",
    args: () => ({ x: 108, y: 71, dry_run: true }),
  },
  { label: "a double click", tool: "double_click_at", args: () => ({ x: 108, y: 71 }) },
  {
    label: "in normalized coordinates",
    tool: "click_at",
    args: () => ({ x: 56.25, y: 65.74, coordinate_space: "normalized" }),
  },
  {
    label: "in the session's scaled space",
    before: (call) => call("set_coordinate_space", { coordinate_space: "scaled:960x540" }),
    tool: "scroll",
    args: () => ({ clicks: 1, x: 200, y: 150 }),
  },
  { label: "typing", tool: "type_text", args: () => ({ text: "Grüße ✓" }) },
  { label: "a dry run", tool: "type_text", args: () => ({ text: "hi", dry_run: true }) },
  {
    label: "a secret, in a named window",
    tool: "type_text",
    args: () => ({ ...NOTEPAD, text: "hunter22", secret: true }),
  },
  {
    label: "typing into a scenario's form",
    before: async (call) => {
      await call("load_scenario", { path: "scenarios/login.yaml" });
      return await call("click_element", { selector: 'Edit[name="Username"]' });
    },
    tool: "type_text",
    args: () => ({ text: "alice" }),
  },
  { label: "a key", tool: "press_key", args: () => ({ keys: "ctrl+s" }) },
  {
    label: "a dry run in a covered window",
    tool: "press_key",
    args: () => ({ ...CHROME, keys: "f5", dry_run: true }),
  },
  {
    label: "in a covered window, brought to the front first",
    tool: "press_key",
    args: () => ({ ...CHROME, keys: "f5" }),
  },
  { label: "where the pointer is", tool: "scroll", args: () => ({ clicks: -1 }) },
  {
    label: "at a point, sideways",
    tool: "scroll",
    args: () => ({ clicks: 2, horizontal: true, x: 400, y: 300 }),
  },
  {
    label: "a dry run",
    tool: "scroll",
    args: () => ({ clicks: 2, x: 400, y: 300, dry_run: true }),
  },
  { label: "a hover", tool: "hover_at", args: () => ({ x: 108, y: 71, hover_ms: 0 }) },
  {
    label: "a dry run",
    tool: "hover_at",
    args: () => ({ x: 108, y: 71, hover_ms: 0, dry_run: true }),
  },
  {
    label: "pressed where the pointer is not known",
    tool: "mouse_button",
    args: () => ({ button: "left", state: "down" }),
  },
  {
    label: "released where the pointer is",
    before: (call) => call("hover_at", { x: 108, y: 71, hover_ms: 0 }),
    tool: "mouse_button",
    args: () => ({ button: "left", state: "up" }),
  },
  {
    label: "a dry run at a point",
    tool: "mouse_button",
    args: () => ({ button: "right", state: "up", x: 10, y: 10, dry_run: true }),
  },
  { label: "held down", tool: "key_hold", args: () => ({ key: "shift", state: "down" }) },
  {
    label: "released, a dry run",
    tool: "key_hold",
    args: () => ({ key: "Shift", state: "up", dry_run: true }),
  },
  {
    label: "between points",
    tool: "drag",
    args: () => ({ from: { x: 100, y: 100 }, to: { x: 200, y: 100 }, duration_s: 0 }),
  },
  {
    label: "from an element, with a modifier",
    tool: "drag",
    args: () => ({
      ...NOTEPAD,
      from: { selector: FILE_MENU },
      to: { x: 200, y: 100 },
      modifiers: ["ctrl"],
      duration_s: 0,
    }),
  },
  {
    label: "a dry run to an element by id",
    tool: "drag",
    args: () => ({
      from: { x: 300, y: 300 },
      to: { element_id: "root.0.0" },
      button: "right",
      dry_run: true,
    }),
  },
  {
    label: "a covered window (title bar clicked)",
    tool: "bring_to_foreground",
    args: () => CHROME,
  },
  {
    label: "by window_uid",
    before: (call) => call("list_windows"),
    tool: "bring_to_foreground",
    args: (earlier) => ({
      window_uid: (earlier.windows as Array<{ window_uid: string }>)[2].window_uid,
    }),
  },
];

const COMPOSITE_CASES: ResultCase[] = [
  {
    label: "a click, then a full observation",
    tool: "click_element_and_observe",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, wait_after_ms: 0 }),
  },
  {
    label: "a dry run",
    tool: "click_element_and_observe",
    args: () => ({ ...NOTEPAD, selector: FILE_MENU, dry_run: true, wait_after_ms: 0 }),
  },
  {
    label: "typing, then the changes since an earlier capture",
    before: (call) => call("click_element_and_observe", { selector: EDITOR, wait_after_ms: 0 }),
    tool: "type_and_observe",
    args: (earlier) => ({
      text: "x",
      wait_after_ms: 0,
      since: (earlier.observation as { tree_token: string }).tree_token,
    }),
  },
  {
    label: "an observation that fails (a bad since)",
    tool: "type_and_observe",
    args: () => ({ text: "x", wait_after_ms: 0, since: "bogus" }),
  },
  {
    label: "a key, then a full observation",
    tool: "press_key_and_observe",
    args: () => ({ keys: "ctrl+s", wait_after_ms: 0 }),
  },
  {
    label: "a dry run",
    tool: "press_key_and_observe",
    args: () => ({ keys: "ctrl+s", wait_after_ms: 0, dry_run: true }),
  },
];

const SAFETY_CASES: ResultCase[] = [
  { label: "no budgets", tool: "get_budget_status", args: () => ({}) },
  {
    label: "budgets set, some used",
    configure: (config) => {
      config.safety.budgets.max_actions = 10;
      config.safety.budgets.max_screenshots = 5;
      config.safety.budgets.max_session_seconds = 3600;
      config.safety.budgets.actions_per_minute = 30;
    },
    before: (call) => call("click_at", { x: 108, y: 71 }),
    tool: "get_budget_status",
    args: () => ({}),
  },
  { label: "the defaults", tool: "get_redaction_status", args: () => ({}) },
  {
    label: "patterns and a secret",
    configure: (config) => {
      config.safety.redaction.window_title_patterns = ["Chrome"];
      config.safety.redaction.text_patterns = ["\\d{4}"];
      config.safety.redaction.image_blur = "blur";
    },
    before: (call) => call("type_text", { text: "hunter22", secret: true }),
    tool: "get_redaction_status",
    args: () => ({}),
  },
  {
    label: "an element action a rule names",
    configure: (config) => {
      config.safety.confirmation.rules = [{ role: "Button", name: "(?i)^delete" }];
    },
    before: (call) => call("load_scenario", { path: "scenarios/delete_account.yaml" }),
    tool: "propose_action",
    args: () => ({ action: "click_element", args: { selector: DELETE } }),
  },
  {
    label: "a key press no rule names",
    tool: "propose_action",
    args: () => ({ action: "press_key", args: { keys: "ctrl+w" } }),
  },
  {
    label: "the confirmed action",
    configure: (config) => {
      config.safety.confirmation.rules = [{ role: "Button", name: "(?i)^delete" }];
    },
    before: async (call) => {
      await call("load_scenario", { path: "scenarios/delete_account.yaml" });
      return await call("propose_action", {
        action: "click_element",
        args: { selector: DELETE },
      });
    },
    tool: "click_element",
    args: (earlier) => ({ selector: DELETE, confirm_token: earlier.confirm_token }),
  },
  { label: "nothing to acknowledge", tool: "acknowledge_injection", args: () => ({}) },
];

const SCENARIO_CASES: ResultCase[] = [
  {
    label: "the Save As scenario",
    tool: "load_scenario",
    args: () => ({ path: "scenarios/save_as.yaml" }),
  },
  {
    label: "predicates that pass",
    before: loadSaveAs,
    tool: "assert_state",
    args: () => ({
      predicates: [
        { kind: "element_exists", selector: FILE_MENU },
        { kind: "element_absent", selector: 'Button[name="Nope"]' },
        { kind: "value_equals", selector: 'Text[name="File"]', expected: "Untitled" },
        { kind: "value_matches", selector: "Document", regex: "Revenue" },
        { kind: "text_visible", regex: "Quarterly", mode: "tree" },
        { kind: "text_visible", regex: "File", mode: "ocr" },
        { kind: "window_focused", title_regex: "Notepad" },
        { kind: "window_exists", title_regex: "Notepad" },
      ],
    }),
  },
  {
    label: "predicates that fail",
    tool: "assert_state",
    args: () => ({
      predicate: [
        { kind: "element_exists", selector: 'Button[name="Nope"]' },
        { kind: "element_absent", selector: FILE_MENU },
        { kind: "value_equals", selector: 'Button[name="Nope"]' },
        { kind: "value_matches", selector: EDITOR, regex: "^zzz$" },
        { kind: "text_visible", regex: "zzz-nowhere", mode: "tree" },
        { kind: "text_visible", regex: "(", mode: "tree" },
        { kind: "window_focused", title_regex: "Chrome" },
        { kind: "window_exists", window_uid: "mock:gone" },
        { kind: "window_exists" },
        { kind: "tree_hash_equals", expected_hash: "sha1:0" },
        { kind: "screenshot_similar", reference_path: "no/such/reference.png" },
        { kind: "element_exists", selector: "Button[" },
        { kind: "no_such_kind" },
        "not a mapping",
      ],
    }),
  },
];

const TRACE_CASES: ResultCase[] = [
  { label: "a labelled trace", tool: "trace_start", args: () => ({ label: "run" }) },
  { label: "idle", tool: "trace_status", args: () => ({}) },
  {
    label: "recording",
    before: (call) => call("trace_start"),
    tool: "trace_status",
    args: () => ({}),
  },
  {
    label: "after two calls",
    before: async (call) => {
      await call("trace_start");
      return await call("click_at", { x: 108, y: 71 });
    },
    tool: "trace_stop",
    args: () => ({}),
  },
  { label: "no traces yet", tool: "list_traces", args: () => ({}) },
  {
    label: "a good trace and an unreadable one",
    configure: (config, dir) => {
      Deno.mkdirSync(`${dir}/traces/trace-0000dead`, { recursive: true });
      Deno.writeTextFileSync(`${dir}/traces/trace-0000dead/trace.jsonl`, "not json\n");
      config.tracing.dir = `${dir}/traces`;
    },
    before: recordedActions,
    tool: "list_traces",
    args: () => ({ limit: 10 }),
  },
  {
    label: "a stopped trace on a scenario",
    before: async (call) => {
      await loadSaveAs(call);
      return await recorded(call, async (c) => {
        await c("click_element", { selector: FILE_MENU });
        await c("press_key", { keys: "escape" });
        await c("assert_state", { predicates: [{ kind: "window_exists", title_regex: "File" }] });
      });
    },
    tool: "get_trace",
    args: (earlier) => ({ trace_id: earlier.trace_id }),
  },
  {
    label: "a trace still recording, from an offset",
    before: async (call) => {
      const started = await call("trace_start");
      await call("click_at", { x: 108, y: 71 });
      await call("press_key", { keys: "escape" });
      return started;
    },
    tool: "get_trace",
    args: (earlier) => ({ trace_id: earlier.trace_id, offset: 1, limit: 5 }),
  },
];

const REPLAY_CASES: ResultCase[] = [
  {
    label: "by trace_id, verify",
    before: recordedActions,
    tool: "replay_start",
    args: (earlier) => ({ trace_id: earlier.trace_id, mode: "verify" }),
  },
  {
    label: "by path, execute",
    before: recordedActions,
    tool: "replay_start",
    args: (earlier) => ({ path: earlier.path, on_divergence: "stop" }),
  },
  {
    label: "the first step",
    before: startedReplay,
    tool: "replay_step",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
  {
    label: "a step that diverges (resume)",
    before: divergingReplay,
    tool: "replay_step",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
  {
    label: "nothing left",
    before: async (call) => {
      const replay = await startedReplay(call);
      await call("replay_run", { replay_id: replay.replay_id });
      return replay;
    },
    tool: "replay_step",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
  {
    label: "to the end",
    before: startedReplay,
    tool: "replay_run",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
  {
    label: "one step, execute mode",
    before: (call) => startedReplay(call, { mode: "execute" }),
    tool: "replay_run",
    args: (earlier) => ({ replay_id: earlier.replay_id, max_steps: 1 }),
  },
  {
    label: "after a divergence",
    before: async (call) => {
      const replay = await divergingReplay(call);
      await call("replay_step", { replay_id: replay.replay_id });
      return replay;
    },
    tool: "replay_status",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
  {
    label: "before any step",
    before: startedReplay,
    tool: "replay_status",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
  {
    label: "a started replay",
    before: startedReplay,
    tool: "replay_stop",
    args: (earlier) => ({ replay_id: earlier.replay_id }),
  },
];

const setupTask = withDir();
const evaluatedTask = withDir();
const unsupportedEvaluation = withDir();
const postconfigTask = withDir();
const unsupportedSetup = withDir();
const readFile = withDir();
const listedDir = withDir();
const writtenFile = withDir();

const OSWORLD_CASES: ResultCase[] = [
  {
    label: "several actions and a pause, then DONE",
    tool: "run_pyautogui",
    args: () => ({
      code: "```python\nimport pyautogui, time\npyautogui.moveTo(108, 71)\npyautogui.click()\n" +
        "pyautogui.write('hi')\npyautogui.hotkey('ctrl', 'a')\ntime.sleep(0.01)\n```\nDONE",
    }),
  },
  { label: "WAIT alone", tool: "run_pyautogui", args: () => ({ code: "WAIT" }) },
  {
    label: "an action, then FAIL",
    tool: "run_pyautogui",
    args: () => ({ code: "pyautogui.press('escape')\nFAIL" }),
  },
  {
    label: "a dry run with a pause and control words",
    tool: "run_pyautogui",
    args: () => ({
      code: "pyautogui.moveTo(108, 71)\ntime.sleep(0.01)\nWAIT\nDONE\nFAIL",
      dry_run: true,
    }),
  },
  {
    label: "a list with a control word",
    tool: "run_computer13",
    args: () => ({
      action: [
        { action_type: "MOVE_TO", parameters: { x: 108, y: 71 } },
        { action_type: "CLICK", parameters: {} },
        { action_type: "TYPING", parameters: { text: "hi" } },
        "DONE",
      ],
    }),
  },
  {
    label: "a bare action",
    tool: "run_computer13",
    args: () => ({ action_type: "PRESS", parameters: { key: "enter" } }),
  },
  {
    label: "a dry run",
    tool: "run_computer13",
    args: () => ({
      action: [{ action_type: "SCROLL", parameters: { dx: 0, dy: -2 } }, "FAIL"],
      dry_run: true,
    }),
  },
  {
    label: "setup: every kind of step",
    configure: setupTask.configure,
    tool: "osworld_task",
    args: () => ({ task: task(setupTask.dir()), phase: "setup" }),
  },
  {
    label: "setup: a step this service does not run",
    configure: unsupportedSetup.configure,
    tool: "osworld_task",
    args: () => ({
      task: task(unsupportedSetup.dir(), { config: [{ type: "googledrive", parameters: {} }] }),
      phase: "setup",
    }),
  },
  {
    label: "evaluate: scored, after the agent's DONE",
    configure: evaluatedTask.configure,
    before: async (call) => {
      await call("write_file", {
        path: `${evaluatedTask.dir()}/a.txt`,
        content_base64: "aGVsbG8=",
      });
      return await call("run_pyautogui", { code: "DONE" });
    },
    tool: "osworld_task",
    args: () => ({ task: task(evaluatedTask.dir()), phase: "evaluate" }),
  },
  {
    label: "evaluate: with postconfig, nothing done yet",
    configure: postconfigTask.configure,
    tool: "osworld_task",
    args: () => ({
      task: JSON.stringify({
        id: "postconfig",
        evaluator: {
          postconfig: [
            { type: "sleep", parameters: { seconds: 0.01 } },
            { type: "activate_window", parameters: { window_name: "Notepad" } },
          ],
          func: "exact_match",
          result: { type: "vm_command_line", command: ["echo", "hi"] },
          expected: { type: "rule", rules: { expected: "hi\n" } },
        },
      }),
      phase: "evaluate",
      last_action: "FAIL",
    }),
  },
  {
    label: "evaluate: a metric this service does not have",
    configure: unsupportedEvaluation.configure,
    tool: "osworld_task",
    args: () => ({
      task: JSON.stringify({ id: "x", evaluator: { func: "compare_pdfs" } }),
      phase: "evaluate",
    }),
  },
  {
    label: "a file",
    configure: writtenFile.configure,
    tool: "write_file",
    args: () => ({ path: `${writtenFile.dir()}/sub/a.txt`, content_base64: "aGVsbG8K" }),
  },
  {
    label: "a file written before",
    configure: readFile.configure,
    before: (call) =>
      call("write_file", { path: `${readFile.dir()}/a.txt`, content_base64: "aGVsbG8K" }),
    tool: "read_file",
    args: () => ({ path: `${readFile.dir()}/a.txt` }),
  },
  {
    label: "a folder with a file and a subfolder",
    configure: listedDir.configure,
    before: async (call) => {
      await call("write_file", { path: `${listedDir.dir()}/sub/a.txt`, content_base64: "aGk=" });
      return await call("write_file", { path: `${listedDir.dir()}/b.txt`, content_base64: "" });
    },
    tool: "list_directory",
    args: () => ({ path: listedDir.dir() }),
  },
  {
    label: "argv, waited for",
    configure: osworld,
    tool: "run_command",
    args: () => ({ argv: ["echo", "hi"] }),
  },
  {
    label: "a shell line, stderr merged",
    configure: osworld,
    tool: "run_command",
    args: () => ({ shell: "echo out; echo err >&2; exit 3", merge_stderr: true }),
  },
  {
    label: "started, not waited for",
    configure: osworld,
    tool: "run_command",
    args: () => ({ argv: ["true"], wait: false }),
  },
  {
    // start is checked in `before`: a recording left running would outlive the test.
    label: "start, then stop",
    before: async (call) => {
      const started = await call("screen_recording", { action: "start" });
      await new Promise((resolve) => setTimeout(resolve, 300));
      return started;
    },
    tool: "screen_recording",
    args: () => ({ action: "stop" }),
  },
];

export const ACT_CASES: ResultCase[] = [
  ...ELEMENT_VERB_CASES,
  ...COORDINATE_VERB_CASES,
  ...COMPOSITE_CASES,
  ...SAFETY_CASES,
  ...SCENARIO_CASES,
  ...TRACE_CASES,
  ...REPLAY_CASES,
  ...OSWORLD_CASES,
];
