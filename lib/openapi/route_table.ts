// Which route runs which tool. The routes (routes/*.ts) keep these tables to
// themselves, so they are restated here; tests/openapi_test.ts compares the
// document with the routes the Hono app really serves, both ways.

import type { HttpMethod } from "./types.ts";

/** Where a route's tool arguments come from. */
export type ArgsFrom =
  | "query"
  | "body"
  /** The route ignores any body and runs the tool with no arguments. */
  | "none"
  /** One path segment, as one argument. */
  | { param: string; argument: string };

export interface ToolRoute {
  method: HttpMethod;
  /** OpenAPI path template (`{id}`, not Hono's `:id`). */
  path: string;
  tool: string;
  from: ArgsFrom;
  tag: string;
}

export const TAGS = [
  {
    name: "Service",
    description: "Health, metrics, the tool list, this reference, the inspector.",
  },
  { name: "Observe", description: "Windows, trees, sketches, prose and screenshots." },
  { name: "Act", description: "Clicks, typing, keys, scrolling, hovering and dragging." },
  { name: "Snapshots and waits", description: "Record and compare states; wait for a change." },
  { name: "Scenarios", description: "Scripted mock desktops and their oracles." },
  {
    name: "Tool console",
    description: "Every tool by name: POST with a JSON body; GET with a query string for " +
      "tools that neither change state nor wait.",
  },
] as const;

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

/** routes/tools.ts, elements.ts, observation.ts, scenario.ts (in that order). */
export const TOOL_ROUTES: ToolRoute[] = [
  q("/api/windows", "list_windows", "Observe"),
  q("/api/structure", "get_window_structure", "Observe"),
  q("/api/description", "get_screen_description", "Observe"),
  q("/api/capabilities", "get_capabilities", "Service"),
  q("/api/monitors", "get_monitors", "Observe"),
  q("/api/find_element", "find_element", "Observe"),
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
];

/**
 * POST /api/action (routes/action.ts): each v1 action and the tool it runs.
 * `rename` maps a body field to the tool argument it becomes; without it the
 * whole body (less `action`) is the tool's arguments.
 */
export const ACTION_VERBS: Array<
  { action: string; tool: string; rename?: Record<string, string> }
> = [
  { action: "click_at", tool: "click_at" },
  { action: "type", tool: "type_text", rename: { value: "text", dry_run: "dry_run" } },
  { action: "key", tool: "press_key", rename: { value: "keys", dry_run: "dry_run" } },
  { action: "scroll", tool: "scroll" },
];

/** POST /api/hover (routes/elements.ts) runs one of these. */
export const HOVER_TOOLS = { atPoint: "hover_at", onElement: "hover_element" } as const;
