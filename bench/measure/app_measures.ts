// The per-application measures of bench/apps.ts, each over HTTP against the
// service and, where there is one, side by side with a plain pyatspi baseline
// in the same run: full-detail capture time, OSWorld's table against the rows
// OSWorld's own filter keeps from a pyatspi walk, element clicks by id judged
// by their effect on the element, and set_value read back exactly.

import {
  type Bounds,
  center,
  containsPoint,
  type Element,
  findById,
  walk,
} from "../../lib/model/tree.ts";
import type { RawImage } from "../../lib/model/image.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import { isOnScreen, neededControls } from "../../lib/formats/views/needed.ts";
import { callTool } from "./service_tool.ts";
import { osworldRows, pyatspiWalk } from "./pyatspi.ts";
import { median, timeCalls } from "./timing.ts";
import { getJson, type TargetWindow } from "./views.ts";

/** Text written into every field: accents, CJK, a symbol outside Latin-1. */
export const FIELD_TEXT = "Zoë 東京 ✓ naïve";

/** Controls a bench must not click: they close, delete, send, print or open new documents. */
const UNSAFE =
  /close|quit|exit|cancel|^ok$|delete|remove|send|print|discard|trash|log ?out|help|about|donate|write|compose|^new\b|new tab|new window|reload|minimi[sz]e|maximi[sz]e|restore|shut ?down|account/i;

/**
 * Interactive roles not clicked: a click there moves a value or the view
 * (sliders, spinners, scroll bars) or picks content (documents, cells,
 * headers, calendars) rather than pressing a control.
 */
const NOT_CLICKED = new Set([
  "Slider",
  "Spinner",
  "ScrollBar",
  "Document",
  "Cell",
  "DataItem",
  "HeaderItem",
  "Calendar",
]);

/** Roles whose click opens a window or a popup, which then counts as its effect. */
const OPENERS = new Set(["Button", "SplitButton", "ComboBox", "Menu", "MenuItem", "Link"]);

const MAX_CLICKS = 15;
const MAX_FIELDS = 5;
/** Around an element, pixels whose change on hover is a highlight drawn outside it. */
const HOVER_MARGIN = 32;
/** Pixels this close to the box count as its own (borders, focus rings). */
const HOVER_SLACK = 3;
/** The share of the pixels a hover changes that must lie on the element. */
const HOVER_INSIDE = 0.8;
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
  /** Of the landed: shown by the highlight the pointer drew on the element. */
  byHover: number;
  /** Of the landed: shown by the click's effect on the element. */
  byEffect: number;
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
  const theirs = await pyatspiWalk(env, target.pid, runs);
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
    pyatspiMs: median(theirs.ms),
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
    const key = [tag.replace(/^\n+/, ""), name.trim(), unquote(text).trim()].join("\t");
    ours.set(key, [...ours.get(key) ?? [], `${position} ${size}`]);
    count++;
  }
  const rows = await osworldRows(env, target.pid);
  const shown = rows.filter(([, , , , , unused]) => !unused);
  let held = 0;
  let sameBox = 0;
  const missing: string[] = [];
  for (const [tag, name, text, [x, y], [w, h]] of shown) {
    // The service trims names and texts (" --:-- " is "--:--"); the row is the same.
    const key = [tag, name.trim(), text.trim()].join("\t");
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

/**
 * A click that changes nothing by design: the tab or radio button already
 * chosen, the field already focused.
 */
function alreadyChosen(el: Element): boolean {
  if (el.role === "Edit") return el.focused;
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

async function screen(base: string): Promise<RawImage> {
  const shot = await callTool(base, "get_full_screenshot", {});
  return await decodePng(Uint8Array.from(atob(String(shot.data)), (c) => c.charCodeAt(0)));
}

/** Pixels that differ between two screens inside `area`: how many lie in `box` and how many not. */
function changedAround(a: RawImage, b: RawImage, box: Bounds, area: Bounds) {
  let inside = 0;
  let outside = 0;
  const seen = { left: Infinity, top: Infinity, right: -Infinity, bottom: -Infinity };
  const x0 = Math.max(0, area.x);
  const y0 = Math.max(0, area.y);
  const x1 = Math.min(a.width, area.x + area.width);
  const y1 = Math.min(a.height, area.y + area.height);
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * a.width + x) * 4;
      const same = a.data[i] === b.data[i] && a.data[i + 1] === b.data[i + 1] &&
        a.data[i + 2] === b.data[i + 2];
      if (same) continue;
      seen.left = Math.min(seen.left, x);
      seen.top = Math.min(seen.top, y);
      seen.right = Math.max(seen.right, x + 1);
      seen.bottom = Math.max(seen.bottom, y + 1);
      const on = x >= box.x && y >= box.y && x < box.x + box.width && y < box.y + box.height;
      if (on) inside++;
      else outside++;
    }
  }
  const changed: Bounds = {
    x: seen.left,
    y: seen.top,
    width: seen.right - seen.left,
    height: seen.bottom - seen.top,
  };
  return { inside, outside, changed };
}

/** Whether the point lies in the box. */
const holds = (b: Bounds, { x, y }: { x: number; y: number }) => containsPoint(b, x, y);

const grow = (b: Bounds, by: number): Bounds => ({
  x: b.x - by,
  y: b.y - by,
  width: b.width + 2 * by,
  height: b.height + 2 * by,
});

/**
 * Where the pointer lands when it goes to the element (hover_element, the
 * click's own point): the pixels the toolkit redraws for the hover (a
 * highlight), compared around the element with the pointer parked in the
 * screen's corner. "on" when most of them lie on the element, or when they
 * are centred on it and cover the point the pointer went to (a highlight
 * drawn larger than the box); "off" otherwise (its box is not where it is
 * drawn); null when the element draws no hover highlight.
 */
async function hoverLanding(
  base: string,
  uid: string,
  el: Element,
  corner: { x: number; y: number },
): Promise<"on" | { off: string } | null> {
  await callTool(base, "hover_at", { x: corner.x, y: corner.y, hover_ms: 100 });
  const away = await screen(base);
  await callTool(base, "hover_element", { window_uid: uid, element_id: el.id, hover_ms: 100 });
  const box = grow(el.bounds, HOVER_SLACK);
  const area = grow(el.bounds, HOVER_MARGIN);
  for (let look = 0; look < 3; look++) {
    const { inside, outside, changed } = changedAround(away, await screen(base), box, area);
    if (inside + outside === 0) continue;
    if (inside / (inside + outside) >= HOVER_INSIDE) return "on";
    // A highlight drawn larger than the box (a button's frame around its reported content)
    // still marks this element when it is centred on it and holds the point the pointer went to.
    if (holds(changed, center(el.bounds)) && holds(el.bounds, center(changed))) return "on";
    return {
      off: `${inside} of ${inside + outside} changed pixels on it, within ${
        JSON.stringify(changed)
      }`,
    };
  }
  return null;
}

/**
 * Clicks the element (found again by role and name: an earlier click may have
 * moved it) and watches for an effect on it: it took the focus, changed a
 * state, a value or a name (or what it holds, such as a popup), or, for a
 * control that opens something, a new window appeared. Escape closes what
 * the click opened.
 */
async function clickEffect(
  base: string,
  uid: string,
  candidate: Element,
): Promise<{ seen: boolean; said: string }> {
  const windowsBefore = await windowUids(base);
  const before = findLike(await fullTree(base, uid), candidate);
  if (before === null) return { seen: false, said: "gone before its click" };
  let receipt: Json;
  try {
    receipt = await callTool(base, "click_element", { window_uid: uid, element_id: before.id });
  } catch (e) {
    return { seen: false, said: (e as Error).message.slice(0, 160) };
  }
  let seen = false;
  let opened: string[] = [];
  const deadline = Date.now() + EFFECT_MS;
  while (!seen && Date.now() < deadline) {
    opened = [...await windowUids(base)].filter((w) => !windowsBefore.has(w));
    const after = findById(await fullTree(base, uid), before.id);
    seen = (after !== null && signature(after) !== signature(before)) ||
      (opened.length > 0 && OPENERS.has(candidate.role));
  }
  await closeWhatOpened(base, uid, opened, before);
  return {
    seen,
    said: `no effect of its click seen (the receipt: changed ${receipt.changed}, ` +
      `${JSON.stringify(receipt.new_dialogs)} opened)`,
  };
}

/**
 * Sends the pointer to named interactive controls (at most MAX_CLICKS, spread
 * over the window) and counts those where it lands on the element: the
 * element draws its hover highlight on itself (see hoverLanding), or, for one
 * that draws none, clicking it by id shows an effect on it (see clickEffect).
 */
export async function measureClicks(base: string, target: TargetWindow): Promise<ClickFigures> {
  const uid = target.window_uid;
  const tree = await fullTree(base, uid);
  const candidates = spread(
    neededControls(tree, target.bounds).filter((el) =>
      !NOT_CLICKED.has(el.role) && el.name.trim() !== "" && !UNSAFE.test(el.name) &&
      !alreadyChosen(el)
    ),
    MAX_CLICKS,
  );
  const missed: string[] = [];
  // Hovers first, on the window as it opened: they change nothing, clicks may (a tab switched).
  const size = await screen(base);
  const corner = { x: size.width - 2, y: size.height - 2 };
  const hovers: Array<"on" | { off: string } | null | string> = [];
  for (const candidate of candidates) {
    hovers.push(
      await hoverLanding(base, uid, candidate, corner).catch((e) => (e as Error).message),
    );
  }
  let byHover = 0;
  let byEffect = 0;
  let landed = 0;
  for (const [i, candidate] of candidates.entries()) {
    const hover = hovers[i];
    if (hover === "on") {
      byHover++;
      landed++;
      continue;
    }
    // No highlight on it: a click's effect on the element is the evidence left.
    const effect = await clickEffect(base, uid, candidate);
    if (effect.seen) {
      byEffect++;
      landed++;
      continue;
    }
    const highlight = typeof hover === "object" && hover !== null
      ? `its hover highlight lies beside it (${hover.off})`
      : hover === null
      ? "no hover highlight"
      : `hover failed: ${hover.slice(0, 120)}`;
    missed.push(
      `${label(candidate)} at ${JSON.stringify(candidate.bounds)}: ${highlight}; ${effect.said}`,
    );
  }
  return { tried: candidates.length, landed, byHover, byEffect, missed };
}

/** Escape closes menus, popups and dialogs a click opened; menus stay expanded otherwise. */
async function closeWhatOpened(
  base: string,
  uid: string,
  opened: string[],
  clicked: Element,
): Promise<void> {
  const after = findById(await fullTree(base, uid), clicked.id);
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

/**
 * Enabled, editable text fields and documents on screen, named or not. Not
 * password fields: they show dots, and the service then redacts what was
 * typed into them everywhere (its safety rails).
 */
function textFields(tree: Element, area: TargetWindow["bounds"]): Element[] {
  const found: Element[] = [];
  walk(tree, (el) => {
    if (
      (el.role === "Edit" || el.role === "Document") && el.enabled &&
      el.platform_role !== "password text" &&
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
      const el = findLike(await fullTree(base, uid), field);
      read = el === null ? null : contentOf(el);
    }
    if (read === FIELD_TEXT) exact++;
    else failures.push(`${label(field)}: reads ${JSON.stringify(read)}`);
    await callTool(base, "set_value", { window_uid: uid, element_id: field.id, value: old })
      .catch(() => {});
  }
  return { fields: fields.length, exact, failures };
}
