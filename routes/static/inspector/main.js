// @ts-check
/// <reference lib="dom" />
// The web inspector: windows, the screenshot with the tree over it, the
// selector playground, live changes, tools run from their own forms, and
// recorded traces. It talks to the service only through the public API.

import { busyWhile, el, errorText, tool, warningLine } from "./api.js";
import { createActPanel } from "./act.js";
import { describeChange } from "./changes.js";
import { flatten, nodeAt } from "./geometry.js";
import { createScreen } from "./screen.js";
import { createTracesPanel } from "./traces.js";
import { markTree, renderTree, revealRow } from "./tree.js";

/** @typedef {import("./geometry.js").Node} Node */
/** @typedef {import("./geometry.js").Bounds} Bounds */

const LIVE_MS = 1500;
const SELECTOR_DELAY_MS = 200;
const TREE_DEPTH = 64;

/** @param {string} id */
const $ = (id) => /** @type {HTMLElement} */ (document.getElementById(id));

const state = {
  /** @type {Record<string, any>[]} */
  windows: [],
  windowsKey: "",
  /** @type {string | null} */
  uid: null,
  /** @type {Node | null} */
  tree: null,
  /** @type {string | null} */
  token: null,
  /** @type {Map<string, Node>} */
  byId: new Map(),
  /** @type {string | null} */
  hovered: null,
  /** @type {string | null} */
  selected: null,
  /** @type {Set<string>} */
  matches: new Set(),
  tab: "inspect",
  busy: false,
};

/** @param {string} text @param {boolean} [error] */
function status(text, error = false) {
  const node = $("status");
  node.textContent = text;
  node.classList.toggle("error", error);
}

const screen = createScreen({
  wrap: $("screen-wrap"),
  screen: $("screen"),
  image: /** @type {HTMLImageElement} */ ($("shot")),
  overlay: $("overlay"),
  zoomLabel: $("zoom-level"),
}, {
  hover: (p) => {
    const id = p && state.tree ? nodeAt(state.tree, p.x, p.y)?.id ?? null : null;
    hover(id);
    if (id) revealRow($("tree"), id);
  },
  pick: (p) => {
    const node = state.tree ? nodeAt(state.tree, p.x, p.y) : null;
    if (node) select(node.id);
  },
});

function updateMarks() {
  const bounds = (
    /** @type {string | null} */ id,
  ) => (id ? state.byId.get(id)?.bounds ?? null : null);
  screen.setBoxes({
    hovered: bounds(state.hovered),
    selected: bounds(state.selected),
    matches: [...state.matches].map((id) => bounds(id)).filter((b) => b !== null),
  });
  markTree($("tree"), { hovered: state.hovered, selected: state.selected, matches: state.matches });
  $("screen-wrap").dataset.hovered = state.hovered ?? "";
}

/** @param {string | null} id */
function hover(id) {
  if (id === state.hovered) return;
  state.hovered = id;
  updateMarks();
}

/** @param {string} id */
async function select(id) {
  state.selected = id;
  updateMarks();
  revealRow($("tree"), id);
  // Screen pixels whatever space an agent declared: the marks are drawn on the screen's picture.
  const answer = await tool("get_element", {
    window_uid: state.uid,
    element_id: id,
    coordinate_space: "screen",
  });
  const details = $("details");
  if (!answer.ok) {
    details.replaceChildren(el("p", { class: "error" }, [errorText(answer)]));
    return;
  }
  const e = answer.body.element;
  const b = e.bounds;
  const states = Object.entries(e.states ?? {}).filter(([, on]) => on).map(([name]) => name);
  const actions = (e.actions ?? []).map((/** @type {{ name: string }} */ a) => a.name);
  const selector = /** @type {HTMLInputElement} */ (el("input", {
    id: "derived-selector",
    type: "text",
    readonly: "",
    "aria-label": "Derived selector",
  }));
  selector.value = answer.body.selector;
  const copy = el("button", { type: "button", id: "copy-selector" }, ["Copy"]);
  copy.addEventListener("click", async () => {
    selector.select();
    try {
      await navigator.clipboard.writeText(selector.value);
      status("selector copied");
    } catch {
      status("selector selected: press Ctrl+C to copy");
    }
  });
  const tryIt = el("button", { type: "button", id: "use-selector" }, ["Try it"]);
  tryIt.addEventListener("click", () => {
    const input = /** @type {HTMLInputElement} */ ($("selector"));
    input.value = selector.value;
    runSelector();
  });
  const act = el("button", { type: "button", id: "act-on" }, ["Act on it…"]);
  act.addEventListener("click", () => {
    showTab("act");
    actPanel?.prefill("click_element", { window_uid: state.uid ?? "", selector: selector.value });
  });
  const row = (
    /** @type {string} */ k,
    /** @type {string} */ v,
  ) => [el("dt", {}, [k]), el("dd", {}, [v])];
  details.replaceChildren(
    el("dl", { id: "element-facts" }, [
      ...row("id", e.id),
      ...row("role", e.role + (e.platform_role ? ` (${e.platform_role})` : "")),
      ...row("name", JSON.stringify(e.name)),
      ...(e.value !== null && e.value !== undefined ? row("value", JSON.stringify(e.value)) : []),
      ...row("bounds", `${b.x},${b.y} ${b.width}×${b.height}`),
      ...row("states", states.join(" ") || (e.enabled ? "enabled" : "disabled")),
      ...row("actions", actions.join(", ") || "—"),
      ...row("children", String(e.child_count)),
    ]),
    el("div", { class: "selector-row" }, [selector, " ", copy, " ", tryIt, " ", act]),
  );
}

/**
 * Screen text that addresses the agent (the safety rails' tripwire), shown
 * over the tree with the element it is in.
 * @param {Record<string, any>[]} warnings
 */
function showWarnings(warnings) {
  $("warnings").replaceChildren(...warnings.map((w) => {
    const line = el("div", { class: "warning", "data-element": w.element_id ?? "" }, [
      warningLine(w),
    ]);
    if (w.element_id) line.addEventListener("click", () => select(w.element_id));
    return line;
  }));
}

async function loadTree() {
  if (!state.uid) return;
  // Screen pixels whatever space an agent declared: the tree's boxes are drawn on the screen.
  const answer = await tool("observe_window", {
    window_uid: state.uid,
    depth: TREE_DEPTH,
    coordinate_space: "screen",
  });
  if (!answer.ok) {
    status(`tree: ${errorText(answer)}`, true);
    return;
  }
  state.tree = answer.body.tree;
  state.token = answer.body.tree_token;
  showWarnings(answer.body.injection_warnings ?? []);
  state.byId = new Map(flatten(/** @type {Node} */ (state.tree)).map((n) => [n.id, n]));
  renderTree($("tree"), /** @type {Node} */ (state.tree), { hover, select: (id) => select(id) });
  if (state.selected && !state.byId.has(state.selected)) state.selected = null;
  if (state.hovered && !state.byId.has(state.hovered)) state.hovered = null;
  await runSelector();
  updateMarks();
}

async function loadShot() {
  const answer = await tool("get_screenshot", {});
  if (!answer.ok) {
    status(`screenshot: ${errorText(answer)}`, true);
    return false;
  }
  return await screen.setImage(`data:image/png;base64,${answer.body.data}`);
}

function currentWindow() {
  return state.windows.find((w) => w.window_uid === state.uid) ?? null;
}

function renderWindows() {
  $("windows").replaceChildren(...state.windows.map((w) => {
    const button = el("button", {
      type: "button",
      class: "window",
      "data-uid": w.window_uid,
      "aria-current": String(w.window_uid === state.uid),
    }, [(w.focused ? "● " : "") + (w.title || "(untitled)")]);
    button.addEventListener("click", () => selectWindow(w.window_uid));
    return el("li", {}, [button]);
  }));
}

async function loadWindows() {
  const answer = await tool("list_windows", { coordinate_space: "screen" });
  if (!answer.ok) {
    status(`windows: ${errorText(answer)}`, true);
    return;
  }
  const windows = answer.body.windows ?? [];
  const key = JSON.stringify(
    windows.map((
      /** @type {Record<string, any>} */ w,
    ) => [w.window_uid, w.title, w.bounds, w.focused]),
  );
  if (key === state.windowsKey) return;
  state.windowsKey = key;
  state.windows = windows;
  if (state.uid && !currentWindow()) status("the selected window has closed", true);
  renderWindows();
}

/** @param {string} uid */
async function selectWindow(uid) {
  state.uid = uid;
  state.selected = null;
  state.hovered = null;
  renderWindows();
  actPanel?.refreshWindow();
  status("loading…");
  await Promise.all([loadTree(), loadShot()]);
  const w = currentWindow();
  if (w) screen.fit(w.bounds);
  await showTab(state.tab);
  $("screen-wrap").dataset.ready = uid;
  status(`${w?.title ?? uid}`);
}

// ---------------------------------------------------------------- selector playground

/** @type {ReturnType<typeof setTimeout> | undefined} */
let selectorTimer;
let selectorRun = 0;

async function runSelector() {
  const input = /** @type {HTMLInputElement} */ ($("selector"));
  const text = input.value;
  const count = $("selector-count");
  const error = $("selector-error");
  const run = ++selectorRun;
  if (text.trim() === "" || !state.uid) {
    state.matches = new Set();
    count.textContent = "";
    error.textContent = "";
    input.removeAttribute("aria-invalid");
    updateMarks();
    return;
  }
  const answer = await tool("find_element", {
    window_uid: state.uid,
    selector: text,
    limit: 500,
    coordinate_space: "screen",
  });
  if (run !== selectorRun) return; // a newer keystroke won
  const code = answer.body.error?.code;
  if (answer.ok || code === "ElementNotFound") {
    const found = answer.ok ? answer.body.all_matches : [];
    state.matches = new Set(found.map((/** @type {{ element_id: string }} */ m) => m.element_id));
    const total = answer.ok ? answer.body.ambiguous_matches : 0;
    count.textContent = `${total} match${total === 1 ? "" : "es"}`;
    count.dataset.count = String(total);
    error.textContent = "";
    input.removeAttribute("aria-invalid");
  } else {
    state.matches = new Set();
    count.textContent = "invalid";
    count.dataset.count = "";
    const position = answer.body.error?.context?.position;
    error.textContent = typeof position === "number"
      ? `${text}\n${" ".repeat(position)}^ ${answer.body.error.message}`
      : errorText(answer);
    input.setAttribute("aria-invalid", "true");
  }
  updateMarks();
}

$("selector").addEventListener("input", () => {
  clearTimeout(selectorTimer);
  selectorTimer = setTimeout(runSelector, SELECTOR_DELAY_MS);
});

// ---------------------------------------------------------------- live changes

/** @param {Record<string, any>[]} changes */
function showChanges(changes) {
  const lines = changes.map(describeChange);
  $("changes").replaceChildren(
    el("p", { class: "hint" }, [
      `${new Date().toLocaleTimeString()}: ${lines.length} change${lines.length === 1 ? "" : "s"}`,
    ]),
    ...lines.map((c) => el("div", { class: `change ${c.kind}` }, [c.text])),
  );
  return lines;
}

/** The window's changes since the last tree (null without a window), then the new tree and screen. */
async function changesSinceTree() {
  if (!state.uid) return null;
  if (!state.token) {
    await loadTree();
    return [];
  }
  const answer = await tool("observe_window", {
    window_uid: state.uid,
    since: state.token,
    coordinate_space: "screen",
  });
  if (!answer.ok) {
    await loadTree();
    return [];
  }
  if (answer.body.unchanged) return [];
  const lines = showChanges(answer.body.changes ?? []);
  await Promise.all([loadTree(), loadShot()]);
  // The other views of the window follow too.
  if (state.tab === "sketch" || state.tab === "description") await showTab(state.tab);
  return lines;
}

/** The live tick in flight (an action waits for it, then holds the next ones off). */
let ticking = Promise.resolve();

async function tick() {
  const live = /** @type {HTMLInputElement} */ ($("live")).checked;
  if (live && !state.busy && !document.hidden) {
    state.busy = true;
    ticking = (async () => {
      try {
        await loadWindows();
        await changesSinceTree();
      } finally {
        state.busy = false;
      }
    })();
    await ticking;
  }
  setTimeout(tick, LIVE_MS);
}

/**
 * Runs an action with the live tick held off: a tick between the action and
 * its "changes in the window" would show those changes as its own, and the
 * action's panel would say "none".
 * @template T @param {() => Promise<T>} action @returns {Promise<T>}
 */
async function holdingLive(action) {
  await ticking;
  state.busy = true;
  try {
    return await action();
  } finally {
    state.busy = false;
  }
}

// ---------------------------------------------------------------- tabs, budget, buttons

const TABS = ["inspect", "sketch", "description", "act", "traces"];

/** @param {string} name */
async function showTab(name) {
  state.tab = name;
  for (const tab of TABS) {
    $(`tab-${tab}`).setAttribute("aria-selected", String(tab === name));
    $(`panel-${tab}`).hidden = tab !== name;
  }
  if (name === "sketch" && state.uid) {
    const uid = state.uid;
    await busyWhile($("sketch"), async () => {
      const answer = await tool("get_screen_sketch", { window_uid: uid });
      $("sketch").textContent = answer.ok ? answer.body.sketch : errorText(answer);
    });
  } else if (name === "description" && state.uid) {
    const uid = state.uid;
    await busyWhile($("description"), async () => {
      const answer = await tool("get_screen_description", { window_uid: uid });
      $("description").textContent = answer.ok ? answer.body.description : errorText(answer);
    });
  } else if (name === "traces") {
    await tracesPanel.load();
  }
}
for (const tab of TABS) $(`tab-${tab}`).addEventListener("click", () => showTab(tab));

async function showBudget() {
  const answer = await tool("get_budget_status", {});
  if (!answer.ok) return;
  const b = answer.body;
  const parts = [["actions", b.actions], ["screenshots", b.screenshots], [
    "VLM tokens",
    b.vlm_tokens,
  ]]
    .filter(([, m]) => m && m.limit !== null)
    .map(([name, m]) => `${name} ${m.used}/${m.limit}`);
  $("budget").textContent = parts.length > 0 ? `Budget: ${parts.join(" · ")}` : "";
}

$("zoom-in").addEventListener("click", () => screen.zoom(1.25));
$("zoom-out").addEventListener("click", () => screen.zoom(0.8));
$("zoom-fit").addEventListener("click", () => {
  const w = currentWindow();
  if (w) screen.fit(w.bounds);
});
$("zoom-screen").addEventListener("click", () => {
  const image = /** @type {HTMLImageElement} */ ($("shot"));
  screen.fit({ x: 0, y: 0, width: image.naturalWidth, height: image.naturalHeight });
});
$("refresh").addEventListener("click", async () => {
  state.windowsKey = "";
  await loadWindows();
  if (state.uid) await selectWindow(state.uid);
});

const tracesPanel = createTracesPanel({ list: $("trace-list"), steps: $("trace-steps") });

/** @type {Awaited<ReturnType<typeof createActPanel>> | null} */
let actPanel = null;

async function start() {
  actPanel = await createActPanel({
    select: /** @type {HTMLSelectElement} */ ($("tool")),
    description: $("tool-description"),
    form: /** @type {HTMLFormElement} */ ($("tool-form")),
    confirm: $("confirm-panel"),
    confirmText: $("confirm-text"),
    confirmYes: /** @type {HTMLButtonElement} */ ($("confirm-yes")),
    confirmNo: /** @type {HTMLButtonElement} */ ($("confirm-no")),
    summary: $("act-summary"),
    diff: $("act-diff"),
    result: $("act-result"),
  }, {
    windowUid: () => state.uid,
    beforeAction: async () => {
      if (state.uid) await loadTree();
    },
    afterAction: changesSinceTree,
    holdingLive,
    budget: showBudget,
  });
  actPanel.renderForm();
  await loadWindows();
  const first = state.windows.find((w) => w.focused) ?? state.windows[0];
  if (first) await selectWindow(first.window_uid);
  else status("no windows");
  await showBudget();
  document.body.dataset.ready = "true";
  setTimeout(tick, LIVE_MS);
}

start();
