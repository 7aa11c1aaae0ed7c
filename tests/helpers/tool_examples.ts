// Example arguments per tool on the mock desktop (Notepad focused, index 0).
// A tool missing here is called with {}: it must still answer with a
// structured result, so new registry tools are exercised from day one.

const FILE_MENU = 'MenuItem[name="File"]';
const EDITOR = "Document";

export const TOOL_EXAMPLES: Record<string, Record<string, unknown>> = {
  list_windows: {},
  get_monitors: {},
  get_capabilities: {},
  // The screen: a service running the examples in turn keeps answering in screen pixels.
  set_coordinate_space: { coordinate_space: "screen" },
  get_window_structure: { window_index: 0, depth: 2 },
  get_desktop_tree: { application: "notepad.exe", depth: 3 },
  get_accessibility_tree: { format: "table", max_tokens: 500 },
  get_element_tree: { window_index: 0 },
  get_screen_description: { window_index: 0, mode: "combined" },
  get_screen_sketch: { window_index: 0, grid_width: 60, grid_height: 20 },
  get_screenshot: { window_index: 0 },
  get_screenshot_cropped: {
    window_index: 0,
    bbox: { x: 10, y: 10, width: 200, height: 100 },
    padding_px: 4,
    max_width: 100,
  },
  get_full_screenshot: { window_index: 0, grid_width: 60, grid_height: 20 },
  get_visible_areas: { window_index: 0 },
  find_element: { window_index: 0, selector: FILE_MENU, limit: 5 },
  get_element: { window_index: 0, x: 108, y: 71 },
  click_at: { x: 108, y: 71, button: "left", double: false },
  right_click_at: { x: 108, y: 71 },
  double_click_at: { x: 108, y: 71 },
  type_text: { text: "Grüße ✓" },
  press_key: { keys: "ctrl+s" },
  scroll: { clicks: -1, x: 400, y: 300 },
  hover_at: { x: 108, y: 71, hover_ms: 0 },
  mouse_button: { button: "left", state: "up", x: 108, y: 71 },
  key_hold: { key: "shift", state: "up" },
  run_pyautogui: { code: "pyautogui.moveTo(108, 71)" },
  run_computer13: { action: '{"action_type": "MOVE_TO", "parameters": {"x": 108, "y": 71}}' },
  get_set_of_marks: { image: false },
  osworld_task: {
    task: JSON.stringify({
      id: "t",
      instruction: "x",
      config: [],
      evaluator: { func: "infeasible" },
    }),
    phase: "evaluate",
  },
  read_file: { path: "~/Documents/report.txt" },
  write_file: { path: "~/Documents/report.txt", content_base64: "aGVsbG8K" },
  list_directory: { path: "~/Documents" },
  run_command: { argv: ["ls", "-l"] },
  // Not start: an example must not leave a recording running in a test's service.
  screen_recording: { action: "stop" },
  drag: { from: { x: 100, y: 100 }, to: { x: 200, y: 100 }, duration_s: 0 },
  click_element: { window_index: 0, selector: FILE_MENU },
  right_click_element: { window_index: 0, selector: FILE_MENU },
  double_click_element: { window_index: 0, selector: FILE_MENU },
  focus_element: { window_index: 0, selector: EDITOR },
  invoke_element: { window_index: 0, selector: FILE_MENU },
  set_value: { window_index: 0, selector: EDITOR, value: "replaced" },
  select_option: { window_index: 0, selector: "MenuBar", option_index: 1 },
  hover_element: { window_index: 0, selector: FILE_MENU, hover_ms: 0 },
  key_into_element: { window_index: 0, selector: EDITOR, keys: "end" },
  clear_text: { window_index: 0, selector: EDITOR },
  observe_window: { window_index: 0 },
  propose_action: { action: "click_element", args: { window_index: 0, selector: FILE_MENU } },
  trace_start: { label: "example" },
  get_trace: { trace_id: "trace-00000000" },
  replay_start: { path: "traces/trace-00000000", mode: "verify", on_divergence: "stop" },
  replay_step: { replay_id: "rep:1" },
  replay_run: { replay_id: "rep:1", max_steps: 1 },
  replay_status: { replay_id: "rep:1" },
  replay_stop: { replay_id: "rep:1" },
};

export function exampleArgs(tool: string): Record<string, unknown> {
  return TOOL_EXAMPLES[tool] ?? {};
}
