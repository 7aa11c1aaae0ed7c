// The views of one window measured over HTTP, as an agent meets them: how
// many of the window's needed controls (lib/formats/views/needed.ts, judged on a
// full-detail capture) the default structure, observe, description and
// compact answers contain; how many can be clicked from the sketch at two
// grid sizes; and what each costs in cl100k tokens, next to OSWorld's table
// at the same coverage. bench/views.ts reports it, tests/linux/views_test.ts
// asserts on it.

import { type Bounds, center, type Element, walk } from "../../lib/model/tree.ts";
import { countTokens } from "../../lib/formats/tokens/cl100k.ts";
import { neededControls } from "../../lib/formats/views/needed.ts";
import { refsOf } from "../../lib/formats/views/refs.ts";
import { ASCII_GLYPHS, toGlyphs, UNICODE_GLYPHS } from "../../lib/formats/sketch/glyphs.ts";
import { clickability, cutLabels, reachableFromGrid } from "./sketch.ts";

export interface TargetWindow {
  name: string;
  window_uid: string;
  /** Its index in list_windows, for the v1 sketch route. */
  index: number;
  bounds: Bounds;
  /** Its application's process id. */
  pid: number;
}

export interface SketchFigures {
  clickable: number;
  /** The needed controls the sketch cannot click, by role and name. */
  unclickable: string[];
  reachable: number;
  cut: string[];
}

export interface WindowFigures {
  name: string;
  needed: number;
  covered: { structure: number; observe: number; description: number; compact: number };
  sketch: Record<string, SketchFigures>;
  /** Null when not asked for (the bisection costs a dozen captures). */
  tokens: TokenFigures | null;
  /** Needed controls missing from the default compact view, for a reader to look at. */
  missing: string[];
}

export interface TokenFigures {
  /** The full-detail JSON tree of the whole window. */
  fullJson: number;
  /** The default structure answer's tree. */
  defaultJson: number;
  compact: number;
  table: number;
  /** Needed controls the table has a row for. */
  tableCovered: number;
  /** The smallest compact answer (max_tokens by bisection) holding as many needed controls as the table. */
  compactAtTableCoverage: number;
}

export const SKETCH_SIZES: Array<[number, number]> = [[110, 38], [72, 24]];

/** Sketch variants measured: grid size and box glyphs, keyed like "110×38 Unicode". */
export const SKETCH_VARIANTS = SKETCH_SIZES.flatMap(([width, height]) =>
  [true, false].map((unicode) => ({
    width,
    height,
    unicode,
    label: `${width}×${height} ${unicode ? "Unicode" : "ASCII"}`,
  }))
);

type Json = Record<string, unknown>;

export async function getJson(base: string, path: string): Promise<Json> {
  const response = await fetch(base + path);
  const body = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(body)}`);
  return body;
}

function ids(tree: Element): Set<string> {
  const found = new Set<string>();
  walk(tree, (el) => found.add(el.id));
  return found;
}

/** Needed controls a compact text shows: a line with the control's ref and its click point. */
function compactCovers(text: string, needed: Element[], refs: Map<string, string>): Element[] {
  const lines = new Set(text.split("\n").map((line) => line.trim()));
  const starts = new Map<string, string>();
  for (const line of lines) starts.set(line.split(" ")[0], line);
  return needed.filter((el) => {
    const line = starts.get(refs.get(el.id) ?? "");
    const middle = center(el.bounds);
    return line !== undefined && line.includes(`@${middle.x},${middle.y}`);
  });
}

/** Needed controls the OSWorld table has a row for: same name, position and size. */
function tableCovers(table: string, needed: Element[]): number {
  const rows = new Set(
    table.split("\n").slice(1).map((row) => {
      const cells = row.split("\t");
      return `${cells[1]}|${cells[5]}|${cells[6]}`;
    }),
  );
  return needed.filter((el) => {
    const b = el.bounds;
    return rows.has(`${el.name}|(${b.x}, ${b.y})|(${b.width}, ${b.height})`);
  }).length;
}

/** The service's windows as measure targets, named by their titles. */
export async function windowsOf(base: string): Promise<TargetWindow[]> {
  const listed = (await getJson(base, "/api/windows")).windows as Array<Json>;
  return listed.map((w) => ({
    name: String(w.title),
    window_uid: String(w.window_uid),
    index: Number(w.index),
    bounds: w.bounds as TargetWindow["bounds"],
    pid: Number(w.pid),
  }));
}

/** How long a new window's tree may take to settle: only a hang guard. */
const SETTLE_GUARD_MS = 180_000;

/**
 * Waits until the window's tree has the same element count three times
 * half a second apart (LibreOffice builds its window for seconds after
 * mapping it).
 */
export async function settledWindow(base: string, uid: string): Promise<void> {
  const counts: number[] = [];
  let busy = 0;
  const started = Date.now();
  while (Date.now() - started < SETTLE_GUARD_MS) {
    await new Promise((r) => setTimeout(r, 500));
    const response = await fetch(`${base}/api/structure?window_uid=${uid}&depth=64`);
    const body = await response.json() as Json;
    // An application still starting may be too busy to answer (Timeout, recoverable): ask again.
    if ((body.error as { code?: string } | undefined)?.code === "Timeout") {
      busy++;
      continue;
    }
    if (!response.ok) throw new Error(`${uid}: ${response.status} ${JSON.stringify(body)}`);
    counts.push(Number(body.element_count));
    const last = counts.slice(-3);
    if (last.length === 3 && last[0] > 10 && last.every((c) => c === last[0])) {
      if (busy > 0) console.error(`${uid}: asked again ${busy} time(s) while it answered Timeout`);
      return;
    }
  }
  throw new Error(`the tree of ${uid} did not settle: ${counts.join(" ")} (${busy} Timeouts)`);
}

/** Every figure of one window (tokens only `withTokens`); `base` is the service's URL. */
export async function measureWindow(
  base: string,
  target: TargetWindow,
  withTokens: boolean,
): Promise<WindowFigures> {
  const uid = `window_uid=${encodeURIComponent(target.window_uid)}`;
  const full = await getJson(base, `/api/structure?${uid}&depth=64&detail=full`);
  const tree = full.tree as Element;
  const needed = neededControls(tree, target.bounds);
  const refs = refsOf(tree);
  const count = (present: Set<string>) => needed.filter((el) => present.has(el.id)).length;

  const structure = await getJson(base, `/api/structure?${uid}`);
  const observe = await getJson(base, `/api/observe?${uid}`);
  const description = String((await getJson(base, `/api/description?${uid}`)).accessibility);
  const compact = String((await getJson(base, `/api/structure?${uid}&view=compact`)).compact);
  const shownInCompact = new Set(compactCovers(compact, needed, refs).map((el) => el.id));
  const inProse = needed.filter((el) => {
    const b = el.bounds;
    return description.includes(`@(${b.x},${b.y}) ${b.width}×${b.height}`);
  }).length;

  const sketch: Record<string, SketchFigures> = {};
  for (const variant of SKETCH_VARIANTS) {
    const { width: gridWidth, height: gridHeight } = variant;
    const answer = await getJson(
      base,
      `/api/sketch?window_index=${target.index}&grid_width=${gridWidth}&grid_height=${gridHeight}` +
        `&unicode=${variant.unicode ? 1 : 0}&structured=1`,
    );
    const keys = new Map(
      (answer.elements as Array<{ id: string; legend_key: string }>).map((e) => [
        e.id,
        e.legend_key || null,
      ]),
    );
    const geometry = { ref: target.bounds, gridWidth, gridHeight };
    const text = String(answer.sketch);
    // Names as the grid spells them (ASCII mode writes "—" as "-").
    const glyphs = variant.unicode ? UNICODE_GLYPHS : ASCII_GLYPHS;
    const drawn = needed.map((el) => ({ ...el, name: toGlyphs(el.name, glyphs) }));
    const targets = drawn.map((element) => ({ element, key: keys.get(element.id) ?? null }));
    const outcomes = clickability(text, targets, geometry);
    sketch[variant.label] = {
      clickable: outcomes.filter((o) => o.clickable).length,
      unclickable: outcomes.filter((o) => !o.clickable).map((o) =>
        `${o.element.role} "${o.element.name}" ${JSON.stringify(o.element.bounds)}`
      ),
      reachable: needed.filter((el) => reachableFromGrid(el, geometry)).length,
      cut: cutLabels(text, drawn, geometry),
    };
  }

  return {
    name: target.name,
    needed: needed.length,
    covered: {
      structure: count(ids(structure.tree as Element)),
      observe: count(ids(observe.tree as Element)),
      description: inProse,
      compact: shownInCompact.size,
    },
    sketch,
    tokens: withTokens
      ? {
        fullJson: countTokens(JSON.stringify(tree)),
        defaultJson: countTokens(JSON.stringify(structure.tree)),
        ...await tokenFigures(base, uid, compact, needed, refs),
      }
      : null,
    missing: needed.filter((el) => !shownInCompact.has(el.id)).map((el) =>
      `${el.id} ${el.role} ${JSON.stringify(el.name)}`
    ),
  };
}

/** Tokens of the compact view and of OSWorld's table, each at the table's coverage. */
async function tokenFigures(
  base: string,
  uid: string,
  compact: string,
  needed: Element[],
  refs: Map<string, string>,
): Promise<Omit<TokenFigures, "fullJson" | "defaultJson">> {
  const table = String(
    (await getJson(base, `/api/accessibility?${uid}&format=table&max_tokens=1000000`)).table,
  );
  const tableCovered = tableCovers(table, needed);
  const compactTokens = countTokens(compact);
  // The smallest budget whose answer holds as many needed controls as the table.
  let low = 1;
  let high = compactTokens;
  while (low < high) {
    const middle = (low + high) >> 1;
    const cut = String(
      (await getJson(base, `/api/structure?${uid}&view=compact&max_tokens=${middle}`)).compact,
    );
    if (compactCovers(cut, needed, refs).length >= tableCovered) high = middle;
    else low = middle + 1;
  }
  const atCoverage = String(
    (await getJson(base, `/api/structure?${uid}&view=compact&max_tokens=${low}`)).compact,
  );

  return {
    compact: compactTokens,
    table: countTokens(table),
    tableCovered,
    compactAtTableCoverage: countTokens(atCoverage),
  };
}
