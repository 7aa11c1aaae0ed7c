// Which route runs which tool, once: the routes register from these tables
// (routes/dedicated.ts, action.ts, elements.ts) and the API reference is
// generated from them (routes/openapi.ts → lib/interfaces/openapi/).

import type { ActionVerb, RouteTables, ToolRoute } from "../lib/interfaces/openapi/route_table.ts";

const q = (path: string, tool: string, tag: string): ToolRoute => ({
  method: "get",
  path,
  tool,
  from: "query",
  tag,
});

const b = (path: string, tool: string, tag: string): ToolRoute => ({
  method: "post",
  path,
  tool,
  from: "body",
  tag,
});

/** Registered in this order (routes/dedicated.ts): /api/snapshot/diff before /api/snapshot/{id}. */
export const TOOL_ROUTES: ToolRoute[] = [
  q("/api/windows", "list_windows", "Observe"),
  q("/api/structure", "get_window_structure", "Observe"),
  q("/api/desktop_tree", "get_desktop_tree", "Observe"),
  q("/api/accessibility", "get_accessibility_tree", "Observe"),
  b("/api/set_of_marks", "get_set_of_marks", "Observe"),
  q("/api/description", "get_screen_description", "Observe"),
  q("/api/screenshot/cropped", "get_screenshot_cropped", "Observe"),
  q("/api/capabilities", "get_capabilities", "Service"),
  q("/api/monitors", "get_monitors", "Observe"),
  q("/api/find_element", "find_element", "Observe"),
  q("/api/ocr", "get_ocr", "Observe"),
  b("/api/element/click", "click_element", "Act"),
  b("/api/element/focus", "focus_element", "Act"),
  b("/api/element/invoke", "invoke_element", "Act"),
  b("/api/element/set_value", "set_value", "Act"),
  b("/api/element/select", "select_option", "Act"),
  b("/api/element/right_click", "right_click_element", "Act"),
  b("/api/element/double_click", "double_click_element", "Act"),
  b("/api/element/key", "key_into_element", "Act"),
  b("/api/element/clear_text", "clear_text", "Act"),
  b("/api/drag", "drag", "Act"),
  b("/api/pyautogui", "run_pyautogui", "Act"),
  b("/api/computer13", "run_computer13", "Act"),
  b("/api/osworld/task", "osworld_task", "Act"),
  q("/api/budget_status", "get_budget_status", "Safety"),
  q("/api/redaction_status", "get_redaction_status", "Safety"),
  b("/api/propose_action", "propose_action", "Safety"),
  q("/api/observe", "observe_window", "Observe"),
  b("/api/snapshot/diff", "snapshot_diff", "Snapshots and waits"),
  b("/api/wait_for", "wait_for", "Snapshots and waits"),
  b("/api/wait_idle", "wait_idle", "Snapshots and waits"),
  b("/api/element/click_and_observe", "click_element_and_observe", "Act"),
  b("/api/type_and_observe", "type_and_observe", "Act"),
  b("/api/key_and_observe", "press_key_and_observe", "Act"),
  {
    method: "post",
    path: "/api/snapshot",
    tool: "snapshot",
    from: "none",
    tag: "Snapshots and waits",
  },
  {
    method: "get",
    path: "/api/snapshot/{id}",
    tool: "snapshot_get",
    from: { param: "id", argument: "snapshot_id" },
    tag: "Snapshots and waits",
  },
  {
    method: "delete",
    path: "/api/snapshot/{id}",
    tool: "snapshot_drop",
    from: { param: "id", argument: "snapshot_id" },
    tag: "Snapshots and waits",
  },
  b("/api/scenario/load", "load_scenario", "Scenarios"),
  b("/api/assert_state", "assert_state", "Scenarios"),
  b("/api/trace/start", "trace_start", "Traces and replay"),
  b("/api/trace/stop", "trace_stop", "Traces and replay"),
  q("/api/trace/status", "trace_status", "Traces and replay"),
  q("/api/traces", "list_traces", "Traces and replay"),
  {
    method: "get",
    path: "/api/trace/{id}",
    tool: "get_trace",
    from: { param: "id", argument: "trace_id" },
    tag: "Traces and replay",
  },
  b("/api/replay/start", "replay_start", "Traces and replay"),
  b("/api/replay/step", "replay_step", "Traces and replay"),
  b("/api/replay/run", "replay_run", "Traces and replay"),
  b("/api/replay/status", "replay_status", "Traces and replay"),
  q("/api/replay/status", "replay_status", "Traces and replay"),
  b("/api/replay/stop", "replay_stop", "Traces and replay"),
];

/**
 * POST /api/action (routes/action.ts): each v1 action and the tool it runs.
 * `rename` maps a body field to the tool argument it becomes; without it the
 * whole body (less `action`) is the tool's arguments.
 */
/** Fields the renaming verbs pass through as they are. */
const WINDOW_FIELDS = Object.fromEntries(
  ["dry_run", "window_uid", "window_index", "window_title", "auto_activate"].map((f) => [f, f]),
);

export const ACTION_VERBS: ActionVerb[] = [
  { action: "click_at", tool: "click_at" },
  { action: "type", tool: "type_text", rename: { value: "text", ...WINDOW_FIELDS } },
  { action: "key", tool: "press_key", rename: { value: "keys", ...WINDOW_FIELDS } },
  { action: "scroll", tool: "scroll" },
];

/** POST /api/hover (routes/hover.ts) runs one of these. */
export const HOVER_TOOLS = { atPoint: "hover_at", onElement: "hover_element" } as const;

export const ROUTE_TABLES: RouteTables = {
  tools: TOOL_ROUTES,
  actions: ACTION_VERBS,
  hover: HOVER_TOOLS,
};
