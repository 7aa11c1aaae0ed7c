// The per-application measures of bench/apps.ts, each over HTTP against the
// service and, where there is one, side by side with a plain pyatspi baseline
// in the same run: full-detail capture time, OSWorld's table against the rows
// OSWorld's own filter keeps from a pyatspi walk, element clicks by id judged
// by their effect on the element, and set_value read back exactly.

import type { Element } from "../../lib/model/tree.ts";
import { isOnScreen, neededControls } from "../../lib/formats/views/needed.ts";
import { callTool } from "./service_tool.ts";
import { median, timeCalls } from "./timing.ts";
import { getJson, type TargetWindow } from "./views.ts";

const PYATSPI_WALK = new URL("../pyatspi_walk.py", import.meta.url).pathname;
const OSWORLD_TABLE = new URL("../osworld_table.py", import.meta.url).pathname;

/** Text written into every field: accents, CJK, a symbol outside Latin-1. */
export const FIELD_TEXT = "Zoë 東京 ✓ naïve";

/** Controls a bench must not click: they close, delete, send, print or open new documents. */
const UNSAFE =
  /close|quit|exit|cancel|^ok$|delete|remove|send|print|discard|trash|log ?out|help|about|donate|write|compose|^new\b|new tab|new window|reload|minimi[sz]e|maximi[sz]e|restore|shut ?down|account/i;

/** Roles clicked: the pointer's controls (text fields are typed into, below). */
const CLICKED_ROLES = new Set([
  "Button",
  "SplitButton",
  "ToggleButton",
  "CheckBox",
  "RadioButton",
  "Switch",
  "ComboBox",
  "Menu",
  "MenuItem",
  "ListItem",
  "TabItem",
  "TreeItem",
  "Link",
  "Edit",
]);

/** Roles whose click opens a window or a popup, which then counts as its effect. */
const OPENERS = new Set(["Button", "SplitButton", "ComboBox", "Menu", "MenuItem", "Link"]);

const MAX_CLICKS = 15;
const MAX_FIELDS = 5;
/** How long a click's effect may take to show. */
const EFFECT_MS = 5000;

export interface CaptureFigures {
  nodes: number;
  serviceMs: number;
  pyatspiNodes: number;
  pyatspiMs: number;
}

export interface TableFigures {
  /** Rows OSWorld's filter keeps from the pyatspi walk, but those inside an unused menu bar. */
  theirs: number;
  /** Rows inside a menu bar that takes no room (LibreOffice's own): the service does not read it. */
  unusedBar: number;
  /** Of those, rows the service's table has (same tag, name and text). */
  held: number;
  /** Of the held rows, those at the same position and size. */
  sameBox: number;
  ours: number;
  missing: string[];
}

export interface ClickFigures {
  tried: number;
  landed: number;
  /** What each click without a seen effect was. */
  missed: string[];
}

export interface FieldFigures {
  fields: number;
  exact: number;
  failures: string[];
}

export interface AppFigures {
  name: string;
  capture: CaptureFigures;
  table: TableFigures;
  clicks: ClickFigures;
  fields: FieldFigures;
}

type Json = Record<string, unknown>;

async function python(script: string, args: string[], env: Record<string, string>) {
  const out = await new Deno.Command("/usr/bin/python3", {
    args: [script, ...args],
    env,
    clearEnv: true,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!out.success) {
    throw new Error(`${script} ${args.join(" ")}: ${new TextDecoder().decode(out.stderr)}`);
  }
  return JSON.parse(new TextDecoder().decode(out.stdout));
}

function walk(el: Element, visit: (el: Element) => void): void {
  visit(el);
  el.children.forEach((child) => walk(child, visit));
}

function byId(tree: Element, id: string): Element | null {
  let found: Element | null = null;
  walk(tree, (el) => {
    if (el.id === id) found = el;
  });
  return found;
}

async function fullTree(base: string, uid: string): Promise<Element> {
  const body = await getJson(
    base,
    `/api/structure?window_uid=${encodeURIComponent(uid)}&depth=64&detail=full`,
  );
  return body.tree as Element;
}

/** The full-detail capture at the service and a pyatspi walk of the same fields, `runs` each. */
export async function measureCapture(
  base: string,
  target: TargetWindow,
  env: Record<string, string>,
  runs: number,
): Promise<CaptureFigures> {
  const theirs = await python(PYATSPI_WALK, [String(target.pid), String(runs + 1)], env) as {
    nodes: number;
    ms: number[];
  };
  let nodes = 0;
  const ours = await timeCalls(runs, async () => {
    const body = await getJson(
      base,
      `/api/structure?window_uid=${encodeURIComponent(target.window_uid)}&depth=64&detail=full`,
    );
    nodes = Number(body.element_count);
  }, 1);
  return {
    nodes,
    serviceMs: median(ours),
    pyatspiNodes: theirs.nodes,
    pyatspiMs: median(theirs.ms.slice(1)),
  };
}

/** A table cell's text as OSWorld wrote it: `""` is empty, a quoted cell has its quotes doubled. */
function unquote(cell: string): string {
  if (cell === '""') return "";
  return cell.startsWith('"') && cell.endsWith('"') && cell.length > 1
    ? cell.slice(1, -1).replaceAll('""', '"')
    : cell;
}

/** The service's OSWorld table against the rows OSWorld's filter keeps from a pyatspi walk. */
export async function measureTable(
  base: string,
  target: TargetWindow,
  env: Record<string, string>,
): Promise<TableFigures> {
  const body = await getJson(
    base,
    `/api/accessibility?window_uid=${
      encodeURIComponent(target.window_uid)
    }&format=table&max_tokens=1000000`,
  );
  // A row ends at its position and size; a cell's text may hold line breaks (OSWorld's too).
  const ours = new Map<string, string[]>();
  const rowsText = String(body.table).slice(String(body.table).indexOf("\n") + 1);
  let count = 0;
  for (
    const row of rowsText.matchAll(
      /([^\t]*)\t([^\t]*)\t([^]*?)\t\t\t(\(-?\d+, -?\d+\))\t(\(\d+, \d+\))(?:\n|$)/g,
    )
  ) {
    const [, tag, name, text, position, size] = row;
    const key = [tag.replace(/^\n+/, ""), name, unquote(text)].join("\t");
    ours.set(key, [...ours.get(key) ?? [], `${position} ${size}`]);
    count++;
  }
  const { rows } = await python(OSWORLD_TABLE, [String(target.pid)], env) as {
    rows: Array<[string, string, string, [number, number], [number, number], boolean]>;
  };
  const shown = rows.filter((row) => !row[5]);
  let held = 0;
  let sameBox = 0;
  const missing: string[] = [];
  for (const [tag, name, text, [x, y], [w, h]] of shown) {
    const key = [tag, name, text].join("\t");
    const boxes = ours.get(key) ?? [];
    if (boxes.length === 0) {
      missing.push(`${tag} "${name || text}"`);
      continue;
    }
    held++;
    const box = `(${x}, ${y}) (${w}, ${h})`;
    const at = boxes.indexOf(box);
    if (at >= 0) sameBox++;
    boxes.splice(at >= 0 ? at : 0, 1);
  }
  return {
    theirs: shown.length,
    unusedBar: rows.length - shown.length,
    held,
    sameBox,
    ours: count,
    missing,
  };
}

/** What a click may change on its element and what it holds (a combo's popup): focus, states, values, names. */
function signature(el: Element): string {
  const { focused, selected, expanded, value, name, states, text, value_now } = el;
  return JSON.stringify({
    focused,
    selected,
    expanded,
    value,
    name,
    states,
    text,
    value_now,
    children: el.children.map(signature),
  });
}

/** A click that changes nothing by design: the tab or radio button already chosen. */
function alreadyChosen(el: Element): boolean {
  return (el.role === "TabItem" || el.role === "RadioButton") &&
    (el.selected === true || el.states?.checked === true || el.states?.selected === true);
}

async function windowUids(base: string): Promise<Set<string>> {
  const listed = (await getJson(base, "/api/windows")).windows as Json[];
  return new Set(listed.map((w) => String(w.window_uid)));
}

/** Spread `count` picks evenly over `items`. */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * items.length / count)]);
}

const label = (el: Element) => `${el.role} "${el.name}"`;

/** The element with `el`'s role and name: the one at its id if still there, else the first. */
function findLike(tree: Element, el: Element): Element | null {
  const same: Element[] = [];
  walk(tree, (other) => {
    if (label(other) === label(el)) same.push(other);
  });
  return same.find((other) => other.id === el.id) ?? same[0] ?? null;
}

/**
 * Clicks named interactive controls by id (at most MAX_CLICKS, spread over the
 * window) and counts those whose click shows an effect on the element itself:
 * it (or what it holds, such as a popup) took the focus, changed a state, a
 * value or a name, or (a control that
 * opens something) a new window appeared. Escape closes what a click opened.
 */
export async function measureClicks(base: string, target: TargetWindow): Promise<ClickFigures> {
  const uid = target.window_uid;
  const tree = await fullTree(base, uid);
  const candidates = spread(
    neededControls(tree, target.bounds).filter((el) =>
      CLICKED_ROLES.has(el.role) && el.name.trim() !== "" && !UNSAFE.test(el.name) &&
      !alreadyChosen(el)
    ),
    MAX_CLICKS,
  );
  const missed: string[] = [];
  let landed = 0;
  for (const candidate of candidates) {
    const windowsBefore = await windowUids(base);
    // An earlier click may have moved it in the tree (a page switched, a toolbar re-laid).
    const before = findLike(await fullTree(base, uid), candidate);
    if (before === null) {
      missed.push(`${label(candidate)}: gone before its click`);
      continue;
    }
    let receipt: Json;
    try {
      receipt = await callTool(base, "click_element", { window_uid: uid, element_id: before.id });
    } catch (e) {
      missed.push(`${label(candidate)}: ${(e as Error).message.slice(0, 160)}`);
      continue;
    }
    let effect = "";
    const deadline = Date.now() + EFFECT_MS;
    let opened: string[] = [];
    while (effect === "" && Date.now() < deadline) {
      opened = [...await windowUids(base)].filter((w) => !windowsBefore.has(w));
      const after = byId(await fullTree(base, uid), before.id);
      if (after !== null && signature(after) !== signature(before)) effect = "changed";
      else if (opened.length > 0 && OPENERS.has(candidate.role)) effect = "opened a window";
    }
    if (effect === "") {
      const said = `the receipt: changed ${receipt.changed}, ${
        JSON.stringify(receipt.new_dialogs)
      } opened`;
      missed.push(
        `${label(candidate)} at ${JSON.stringify(before.bounds)}: no effect seen (${said})`,
      );
    } else landed++;
    await closeWhatOpened(base, uid, opened, before);
  }
  return { tried: candidates.length, landed, missed };
}

/** Escape closes menus, popups and dialogs a click opened; menus stay expanded otherwise. */
async function closeWhatOpened(
  base: string,
  uid: string,
  opened: string[],
  clicked: Element,
): Promise<void> {
  const after = byId(await fullTree(base, uid), clicked.id);
  const popup = clicked.role === "Menu" || clicked.role === "MenuItem" ||
    after?.expanded === true || after?.states?.expanded === true;
  if (opened.length === 0 && !popup) return;
  await callTool(base, "press_key", { keys: "Escape" });
  const deadline = Date.now() + EFFECT_MS;
  while (Date.now() < deadline) {
    const listed = await windowUids(base);
    if (opened.every((w) => !listed.has(w))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A field's text: its value or Text content; a document's, its paragraphs' joined by lines. */
function contentOf(el: Element): string {
  const own = el.value ?? el.text ?? "";
  if (own !== "" || el.role !== "Document") return own;
  const lines: string[] = [];
  walk(el, (part) => {
    if (part !== el && part.children.length === 0) lines.push(part.value ?? part.text ?? part.name);
  });
  return lines.join("\n").trim();
}

/** Enabled, editable text fields and documents on screen, named or not. */
function textFields(tree: Element, area: TargetWindow["bounds"]): Element[] {
  const found: Element[] = [];
  walk(tree, (el) => {
    if (
      (el.role === "Edit" || el.role === "Document") && el.enabled &&
      el.states?.editable === true && isOnScreen(el, area)
    ) found.push(el);
  });
  return found;
}

/**
 * Sets FIELD_TEXT into editable text fields (at most MAX_FIELDS) with
 * set_value and reads each back through a fresh capture: exact means its
 * value (or text) is FIELD_TEXT. Each field gets its old content back.
 */
export async function measureFields(base: string, target: TargetWindow): Promise<FieldFigures> {
  const uid = target.window_uid;
  const fields = spread(
    textFields(await fullTree(base, uid), target.bounds),
    MAX_FIELDS,
  );
  let exact = 0;
  const failures: string[] = [];
  for (const field of fields) {
    const old = contentOf(field);
    try {
      await callTool(base, "set_value", {
        window_uid: uid,
        element_id: field.id,
        value: FIELD_TEXT,
      });
    } catch (e) {
      failures.push(`${label(field)}: ${(e as Error).message.slice(0, 160)}`);
      continue;
    }
    let read: string | null = null;
    const deadline = Date.now() + EFFECT_MS;
    while (read !== FIELD_TEXT && Date.now() < deadline) {
      const el = byId(await fullTree(base, uid), field.id);
      read = el === null ? null : contentOf(el);
    }
    if (read === FIELD_TEXT) exact++;
    else failures.push(`${label(field)}: reads ${JSON.stringify(read)}`);
    await callTool(base, "set_value", { window_uid: uid, element_id: field.id, value: old })
      .catch(() => {});
  }
  return { fields: fields.length, exact, failures };
}
