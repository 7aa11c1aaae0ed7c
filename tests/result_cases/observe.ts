// Result cases of the observation tools: trees (window, desktop, OSWorld's),
// their compact views and diffs, screenshots, OCR, descriptions, sketches,
// snapshots and the waits.

import type { Call, ResultCase } from "./types.ts";

const NOTEPAD = { window_index: 0 };
const FILE_MENU = 'MenuItem[name="File"]';

/** The login scenario: a form whose fields take typing (scenarios/login.yaml). */
const loadLogin = (call: Call) => call("load_scenario", { path: "scenarios/login.yaml" });

/** Logs in as alice: the form gives way to the welcome screen (fields removed, a text added). */
async function logIn(call: Call): Promise<void> {
  await call("click_element", { window_index: 0, selector: 'Edit[name="Username"]' });
  await call("type_text", { text: "alice" });
  await call("click_element", { window_index: 0, selector: 'Edit[name="Password"]' });
  await call("type_text", { text: "x" });
  await call("click_element", { window_index: 0, selector: 'Button[name="Login"]' });
}

/** The login form observed, then typed into: `tree_token` is the form before the typing. */
async function typedIntoForm(call: Call, observe: Record<string, unknown> = {}) {
  await loadLogin(call);
  const seen = await call("observe_window", { window_index: 0, ...observe });
  await call("click_element", { window_index: 0, selector: 'Edit[name="Username"]' });
  await call("type_text", { text: "bob" });
  return seen;
}

/** The login form observed, then logged in: `tree_token` is the form. */
async function loggedIn(call: Call) {
  await loadLogin(call);
  const seen = await call("observe_window", { window_index: 0 });
  await logIn(call);
  return seen;
}

const OBSERVE_WINDOW: ResultCase[] = [
  { label: "a full tree", tool: "observe_window", args: () => NOTEPAD },
  {
    label: "a full tree cut to depth 1, detail full, fresh",
    tool: "observe_window",
    args: () => ({ ...NOTEPAD, depth: 1, detail: "full", fresh: true }),
  },
  {
    label: "a sparse tree (degraded), both window_index and window_uid (warning)",
    configure: (config) => (config.tree.sparse_threshold = 1000),
    before: (call) => call("list_windows"),
    tool: "observe_window",
    args: (listed) => ({
      window_index: 1,
      window_uid: (listed.windows as Array<{ window_uid: string }>)[0].window_uid,
    }),
  },
  { label: "view compact", tool: "observe_window", args: () => ({ ...NOTEPAD, view: "compact" }) },
  {
    label: "view compact in normalized coordinates",
    tool: "observe_window",
    args: () => ({ ...NOTEPAD, view: "compact", coordinate_space: "normalized" }),
  },
  {
    label: "a full tree in the session's scaled space",
    before: (call) => call("set_coordinate_space", { coordinate_space: "scaled:960x540" }),
    tool: "observe_window",
    args: () => NOTEPAD,
  },
  {
    label: "view compact cut by max_tokens",
    tool: "observe_window",
    args: () => ({ ...NOTEPAD, view: "compact", max_tokens: 20 }),
  },
  {
    label: "since, nothing changed",
    before: (call) => call("observe_window", NOTEPAD),
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token }),
  },
  {
    label: "since, format custom, a value typed",
    before: (call) => typedIntoForm(call),
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token }),
  },
  {
    label: "since, format custom, nodes removed and added",
    before: loggedIn,
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token }),
  },
  {
    label: "since, format json-patch, nodes removed and added",
    before: loggedIn,
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token, format: "json-patch" }),
  },
  {
    label: "since, format json-patch, a value typed",
    before: (call) => typedIntoForm(call),
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token, format: "json-patch" }),
  },
  {
    label: "since, view compact",
    before: (call) => typedIntoForm(call),
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token, view: "compact" }),
  },
  {
    label: "since, view compact cut by max_tokens",
    before: loggedIn,
    tool: "observe_window",
    args: (seen) => ({ since: seen.tree_token, view: "compact", max_tokens: 12 }),
  },
  {
    label: "changed_only, no earlier capture (a full tree)",
    tool: "observe_window",
    args: () => ({ ...NOTEPAD, changed_only: true }),
  },
  {
    label: "changed_only, nothing changed",
    before: (call) => call("observe_window", NOTEPAD),
    tool: "observe_window",
    args: () => ({ ...NOTEPAD, changed_only: true }),
  },
  {
    label: "changed_only, a value typed",
    before: (call) => typedIntoForm(call),
    tool: "observe_window",
    args: () => ({ window_index: 0, changed_only: true }),
  },
  {
    label: "changed_only, view compact, a value typed",
    before: (call) => typedIntoForm(call),
    tool: "observe_window",
    args: () => ({ window_index: 0, changed_only: true, view: "compact", max_tokens: 200 }),
  },
];

const STRUCTURE: ResultCase[] = [
  {
    label: "a window's tree",
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, depth: 2 }),
  },
  {
    label: "a window's tree, paged, in a scaled space",
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, max_nodes: 5, coordinate_space: "scaled:711x400" }),
  },
  {
    label: "filtered, detail full, sparse (degraded)",
    configure: (config) => (config.tree.sparse_threshold = 1000),
    tool: "get_window_structure",
    args: () => ({
      ...NOTEPAD,
      roles: ["MenuItem", "Text"],
      name_regex: "^(File|Zoom)",
      visible_only: true,
      prune_empty: true,
      max_text_len: 3,
      detail: "full",
    }),
  },
  {
    label: "scope (no tree_token, no depth_truncated)",
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, scope: "root.0" }),
  },
  {
    label: "the first page (max_nodes)",
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, max_nodes: 3 }),
  },
  {
    label: "the next page (page_cursor)",
    before: (call) => call("get_window_structure", { ...NOTEPAD, max_nodes: 3 }),
    tool: "get_window_structure",
    args: (first) => ({ page_cursor: first.next_cursor }),
  },
  {
    label: "view compact cut by max_tokens",
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, view: "compact", max_tokens: 20 }),
  },
  {
    label: "view compact with scope",
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, view: "compact", scope: "root.4" }),
  },
  {
    label: "cut short by tree.max_nodes",
    configure: (config) => (config.tree.max_nodes = 5),
    tool: "get_window_structure",
    args: () => ({ ...NOTEPAD, fresh: true }),
  },
  { label: "the focused window", tool: "get_element_tree", args: () => ({}) },
  { label: "a window by index", tool: "get_element_tree", args: () => ({ window_index: 2 }) },
];

const DESKTOP_TREES: ResultCase[] = [
  { label: "every application", tool: "get_desktop_tree", args: () => ({}) },
  {
    label: "in normalized coordinates",
    tool: "get_desktop_tree",
    args: () => ({ coordinate_space: "normalized" }),
  },
  {
    label: "one application, depth-cut",
    tool: "get_desktop_tree",
    args: () => ({ application: "notepad.exe", depth: 3, detail: "full" }),
  },
  { label: "format xml", tool: "get_accessibility_tree", args: () => ({}) },
  {
    label: "format xml of one window",
    tool: "get_accessibility_tree",
    args: () => ({ ...NOTEPAD, format: "xml" }),
  },
  {
    label: "format table, cut",
    tool: "get_accessibility_tree",
    args: () => ({ format: "table", max_tokens: 20 }),
  },
  { label: "with the marked screenshot", tool: "get_set_of_marks", args: () => ({}) },
  {
    label: "in a scaled space, without the screenshot",
    tool: "get_set_of_marks",
    args: () => ({ image: false, coordinate_space: "scaled:960x540" }),
  },
  {
    label: "one window's marks, no image, cut",
    tool: "get_set_of_marks",
    args: () => ({ ...NOTEPAD, image: false, max_tokens: 10 }),
  },
];

const ELEMENTS: ResultCase[] = [
  {
    label: "by selector",
    tool: "find_element",
    args: () => ({ ...NOTEPAD, selector: "//MenuItem", limit: 2 }),
  },
  {
    label: "by text (OCR), with a warning",
    before: (call) => call("list_windows"),
    tool: "find_element",
    args: (listed) => ({
      window_index: 1,
      window_uid: (listed.windows as Array<{ window_uid: string }>)[0].window_uid,
      text: "Hello",
    }),
  },
  {
    label: "by element_id",
    tool: "get_element",
    args: () => ({ ...NOTEPAD, element_id: "root.0" }),
  },
  {
    label: "by point, a leaf with a range",
    tool: "get_element",
    args: () => ({ ...NOTEPAD, x: 600, y: 605 }),
  },
  {
    label: "by point in a scaled space",
    tool: "get_element",
    args: () => ({ ...NOTEPAD, x: 300, y: 302.5, coordinate_space: "scaled:960x540" }),
  },
  {
    label: "in normalized coordinates",
    tool: "find_element",
    args: () => ({ ...NOTEPAD, selector: "//MenuItem", coordinate_space: "normalized" }),
  },
  { label: "the visible parts of a window", tool: "get_visible_areas", args: () => NOTEPAD },
  {
    label: "the visible parts of a window, normalized",
    tool: "get_visible_areas",
    args: () => ({ ...NOTEPAD, coordinate_space: "normalized" }),
  },
];

const PIXELS: ResultCase[] = [
  { label: "a window, png", tool: "get_screenshot", args: () => NOTEPAD },
  {
    label: "the full screen, scaled",
    tool: "get_screenshot",
    args: () => ({ max_width: 1280, max_height: 1280 }),
  },
  {
    label: "the full screen, jpeg",
    tool: "get_screenshot",
    args: () => ({ format: "jpeg", quality: 50 }),
  },
  { label: "the whole window", tool: "get_screenshot_cropped", args: () => NOTEPAD },
  {
    label: "a box past the edge, scaled, jpeg, element_id ignored",
    tool: "get_screenshot_cropped",
    args: () => ({
      ...NOTEPAD,
      bbox: { x: 700, y: 500, width: 200, height: 200 },
      element_id: "root.0",
      padding_px: 4,
      max_width: 50,
      format: "jpeg",
    }),
  },
  {
    label: "an element",
    tool: "get_screenshot_cropped",
    args: () => ({ ...NOTEPAD, element_id: "root.0", padding_px: 2 }),
  },
  { label: "no window: no sketch", tool: "get_full_screenshot", args: () => ({}) },
  {
    label: "scaled to a height",
    tool: "get_full_screenshot",
    args: () => ({ max_height: 500, format: "jpeg" }),
  },
  {
    label: "a window's sketch, cursor, jpeg",
    tool: "get_full_screenshot",
    args: () => ({ ...NOTEPAD, grid_width: 60, grid_height: 20, cursor: true, format: "jpeg" }),
  },
  {
    label: "a window that is gone (warning, no sketch)",
    tool: "get_full_screenshot",
    args: () => ({ window_uid: "mock:9:gone" }),
  },
  {
    label: "the whole window",
    tool: "get_ocr",
    args: () => NOTEPAD,
  },
  {
    label: "the whole window, normalized",
    tool: "get_ocr",
    args: () => ({ ...NOTEPAD, coordinate_space: "normalized" }),
  },
  {
    label: "a box, with boxes ignored",
    tool: "get_ocr",
    args: () => ({ ...NOTEPAD, bbox: { x: 0, y: 20, width: 400, height: 60 }, boxes: true }),
  },
  {
    label: "an element",
    tool: "get_ocr",
    args: () => ({ ...NOTEPAD, element_id: "root.1" }),
  },
  {
    label: "the whole window and its boxes",
    tool: "get_ocr",
    args: () => ({ ...NOTEPAD, boxes: true }),
  },
];

const DESCRIPTIONS: ResultCase[] = [
  {
    label: "tree and OCR",
    tool: "get_screen_description",
    args: () => ({ ...NOTEPAD, mode: "combined" }),
  },
  {
    label: "no OCR, a focus element, cut by max_tokens",
    configure: (config) => (config.ocr.enabled = false),
    tool: "get_screen_description",
    args: () => ({ ...NOTEPAD, focus_element: "root.0", max_tokens: 10 }),
  },
  {
    label: "vlm enabled without a model",
    configure: (config) => {
      config.ocr.enabled = false;
      config.vlm.enabled = true;
      config.vlm.model = null;
    },
    tool: "get_screen_description",
    args: () => NOTEPAD,
  },
  {
    label: "vlm multipass, the server unreachable (the envelope)",
    configure: (config) => {
      config.ocr.enabled = false;
      config.vlm.enabled = true;
      config.vlm.mode = "multipass";
      config.vlm.model = "primary";
      config.vlm.base_url = "http://127.0.0.1:9";
      config.vlm.timeout_s = 2;
    },
    tool: "get_screen_description",
    args: () => NOTEPAD,
  },
  {
    label: "a sketch",
    tool: "get_screen_sketch",
    args: () => ({ grid_width: 60, grid_height: 20 }),
  },
  {
    label: "structured: elements and legend",
    tool: "get_screen_sketch",
    args: () => ({ window_index: 2, grid_width: 40, grid_height: 12, structured: true }),
  },
];

/** Snapshots of the login form (a) and of the welcome screen after logging in (b). */
async function snapshotsAroundLogIn(call: Call) {
  await loadLogin(call);
  const a = await call("snapshot");
  await logIn(call);
  return { a, b: await call("snapshot") };
}

const SNAPSHOTS: ResultCase[] = [
  { label: "every window", tool: "snapshot", args: () => ({}) },
  {
    label: "a stored snapshot",
    before: (call) => call("snapshot"),
    tool: "snapshot_get",
    args: (s) => ({ snapshot_id: s.snapshot_id }),
  },
  {
    label: "a stored snapshot, normalized",
    before: (call) => call("snapshot"),
    tool: "snapshot_get",
    args: (s) => ({ snapshot_id: s.snapshot_id, coordinate_space: "normalized" }),
  },
  {
    label: "format custom, nothing changed",
    before: async (call) => ({ a: await call("snapshot"), b: await call("snapshot") }),
    tool: "snapshot_diff",
    args: ({ a, b }) => ({ a: idOf(a), b: idOf(b) }),
  },
  {
    label: "format custom, a window opened and one changed",
    before: async (call) => {
      await loadLogin(call);
      const a = await call("snapshot");
      // A wrong username: the form keeps it and a Login Error dialog opens.
      await call("click_element", { window_index: 0, selector: 'Edit[name="Username"]' });
      await call("type_text", { text: "bob" });
      await call("click_element", { window_index: 0, selector: 'Button[name="Login"]' });
      return { a, b: await call("snapshot") };
    },
    tool: "snapshot_diff",
    args: ({ a, b }) => ({ a: idOf(a), b: idOf(b) }),
  },
  {
    label: "format json-patch, nodes removed and added",
    before: snapshotsAroundLogIn,
    tool: "snapshot_diff",
    args: ({ a, b }) => ({ a: idOf(a), b: idOf(b), format: "json-patch" }),
  },
  {
    label: "format custom in a scaled space, nodes removed and added",
    before: snapshotsAroundLogIn,
    tool: "snapshot_diff",
    args: ({ a, b }) => ({ a: idOf(a), b: idOf(b), coordinate_space: "scaled:960x540" }),
  },
  {
    label: "windows removed and added, none in both",
    before: async (call) => {
      const a = await call("snapshot");
      await loadLogin(call);
      return { a, b: await call("snapshot") };
    },
    tool: "snapshot_diff",
    args: ({ a, b }) => ({ a: idOf(a), b: idOf(b) }),
  },
  {
    label: "an existing snapshot",
    before: (call) => call("snapshot"),
    tool: "snapshot_drop",
    args: (s) => ({ snapshot_id: s.snapshot_id }),
  },
  { label: "an unknown snapshot", tool: "snapshot_drop", args: () => ({ snapshot_id: "snap:0" }) },
];

function idOf(snapshot: unknown): string {
  return (snapshot as { snapshot_id: string }).snapshot_id;
}

const wait = (condition: Record<string, unknown>) => ({
  any_of: [condition],
  timeout_ms: 2000,
  poll_ms: 50,
});

const WAITS: ResultCase[] = [
  {
    label: "element_appears",
    tool: "wait_for",
    args: () => wait({ type: "element_appears", selector: FILE_MENU }),
  },
  {
    label: "element_appears, normalized",
    tool: "wait_for",
    args: () => ({
      ...wait({ type: "element_appears", selector: FILE_MENU }),
      coordinate_space: "normalized",
    }),
  },
  {
    label: "element_disappears",
    tool: "wait_for",
    args: () => wait({ type: "element_disappears", selector: 'Button[name="Nowhere"]' }),
  },
  {
    label: "text_visible",
    tool: "wait_for",
    args: () => wait({ type: "text_visible", regex: "Hello" }),
  },
  {
    label: "window_appears",
    tool: "wait_for",
    args: () => wait({ type: "window_appears", title_regex: "Notepad" }),
  },
  {
    label: "window_disappears",
    tool: "wait_for",
    args: () => wait({ type: "window_disappears", window_uid: "mock:9:gone" }),
  },
  {
    label: "tree_changes, the tree changed",
    before: (call) => typedIntoForm(call),
    tool: "wait_for",
    args: (seen) => wait({ type: "tree_changes", since: seen.tree_token }),
  },
  {
    label: "tree_changes, the window gone",
    before: async (call) => {
      const seen = await call("observe_window", NOTEPAD);
      await loadLogin(call);
      return seen;
    },
    tool: "wait_for",
    args: (seen) => wait({ type: "tree_changes", since: seen.tree_token }),
  },
  {
    label: "focused_changes (clicks while waiting)",
    before: async (call) => {
      await loadLogin(call);
      // The focus moves between two fields until the wait has answered, so a move
      // comes after the wait's start however late the wait starts.
      const state = { waiting: true };
      const fields = ['Edit[name="Username"]', 'Edit[name="Password"]'];
      const clicks = (async () => {
        for (let n = 0; state.waiting; n++) {
          await new Promise((resolve) => setTimeout(resolve, 50));
          await call("click_element", { window_index: 0, selector: fields[n % 2] });
        }
      })();
      return { state, clicks };
    },
    after: async (earlier) => {
      (earlier.state as { waiting: boolean }).waiting = false;
      await earlier.clicks;
    },
    tool: "wait_for",
    args: () => ({ any_of: [{ type: "focused_changes" }], timeout_ms: 60_000 }),
  },
  { label: "a still window", tool: "wait_idle", args: () => ({ ...NOTEPAD, quiet_ms: 0 }) },
];

export const OBSERVE_CASES: ResultCase[] = [
  ...OBSERVE_WINDOW,
  ...STRUCTURE,
  ...DESKTOP_TREES,
  ...ELEMENTS,
  ...PIXELS,
  ...DESCRIPTIONS,
  ...SNAPSHOTS,
  ...WAITS,
];
