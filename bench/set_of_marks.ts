// OSWorld's set-of-marks observation on real windows (issue 19), over HTTP:
// per window, how many marks, how many of its needed controls an agent can
// name by a tag (a mark with the control's name and box) next to how many
// OSWorld's linearized table lists, where a tag's centre lands by the tree's
// own geometry (the deepest element of a full capture under it, later
// siblings on top, is the marked element or inside it),
// the element list's cl100k tokens, the marked PNG's size, and the time of
// the whole observation with and without the image. Live GTK and LibreOffice
// windows under Xvfb (1920×1080).
//
//   npx -y deno@2.9.6 run -A bench/set_of_marks.ts
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { type Bounds, type Element, walk } from "../lib/model/tree.ts";
import { neededControls } from "../lib/formats/views/needed.ts";
import { measureLiveWindows } from "./measure/live_windows.ts";
import { median, timeCalls } from "./measure/timing.ts";
import { getJson } from "./measure/views.ts";

interface Mark {
  tag: number;
  role: string;
  name: string;
  bounds: Bounds;
  centre: { x: number; y: number };
}

interface Figures {
  name: string;
  needed: number;
  marks: number;
  neededMarked: number;
  neededInTable: number;
  landing: number;
  tokens: number;
  pngKb: number;
  withImageMs: number;
  listOnlyMs: number;
}

const sameBox = (a: Bounds, b: Bounds) =>
  a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;

const inside = (p: { x: number; y: number }, b: Bounds) =>
  p.x >= b.x && p.y >= b.y && p.x < b.x + b.width && p.y < b.y + b.height;

/** The deepest element whose box holds the point (later siblings drawn on top). */
function deepestAt(root: Element, p: { x: number; y: number }): Element[] {
  const path: Element[] = [];
  let node: Element | undefined = root;
  while (node) {
    path.push(node);
    node = [...node.children].reverse().find((c) =>
      c.bounds.width > 0 && c.bounds.height > 0 && inside(p, c.bounds)
    );
  }
  return path;
}

async function postJson(base: string, path: string, body: unknown) {
  const response = await fetch(base + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const answer = await response.json();
  if (!response.ok) throw new Error(`${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer as Record<string, unknown>;
}

/** The median milliseconds of `runs` calls. */
const timed = async (runs: number, call: () => Promise<unknown>) =>
  median(await timeCalls(runs, call));

async function measure(
  base: string,
  target: { name: string; window_uid: string; bounds: Bounds },
  runs: number,
): Promise<Figures> {
  const uid = encodeURIComponent(target.window_uid);
  const full = (await getJson(base, `/api/structure?window_uid=${uid}&depth=64&detail=full`))
    .tree as Element;
  const needed = neededControls(full, target.bounds);
  const som = await postJson(base, "/api/set_of_marks", {
    window_uid: target.window_uid,
    max_tokens: 1_000_000,
  });
  const marks = som.marks as Mark[];
  const table = String(
    (await getJson(base, `/api/accessibility?window_uid=${uid}&format=table&max_tokens=1000000`))
      .table,
  );
  const rows = new Set(
    table.split("\n").slice(1).map((row) => {
      const cells = row.split("\t");
      return `${cells[1]}|${cells[5]}|${cells[6]}`;
    }),
  );
  const neededMarked =
    needed.filter((el) => marks.some((m) => m.name === el.name && sameBox(m.bounds, el.bounds)))
      .length;
  const neededInTable = needed.filter((el) => {
    const b = el.bounds;
    return rows.has(`${el.name}|(${b.x}, ${b.y})|(${b.width}, ${b.height})`);
  }).length;
  // A tag lands when the element under its centre is the marked one or inside it.
  const landing = marks.filter((m) => {
    const marked: Element[] = [];
    walk(full, (el) => {
      if (el.name === m.name && sameBox(el.bounds, m.bounds)) marked.push(el);
    });
    const under = deepestAt(full, m.centre);
    return marked.some((el) => under.includes(el));
  }).length;
  const body = { window_uid: target.window_uid };
  return {
    name: target.name,
    needed: needed.length,
    marks: marks.length,
    neededMarked,
    neededInTable,
    landing,
    tokens: Number(som.tokens),
    pngKb: Math.round(atob(String(som.data)).length / 1024),
    withImageMs: await timed(runs, () => postJson(base, "/api/set_of_marks", body)),
    listOnlyMs: await timed(
      runs,
      () => postJson(base, "/api/set_of_marks", { ...body, image: false }),
    ),
  };
}

const rows = await measureLiveWindows((base, target) =>
  measure(base, target, target.name.startsWith("LibreOffice") ? 5 : 15)
);

const percent = (part: number, whole: number) =>
  whole === 0 ? "–" : `${Math.round(100 * part / whole)} %`;
console.log(
  "| window | needed | marks | needed with a tag | needed in the table | tags landing | list tokens | PNG | p50 with image | p50 list only |",
);
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.needed} | ${r.marks} | ${r.neededMarked} (${
      percent(r.neededMarked, r.needed)
    }) | ` +
      `${r.neededInTable} (${percent(r.neededInTable, r.needed)}) | ` +
      `${r.landing}/${r.marks} | ${r.tokens} | ${r.pngKb} KB | ${r.withImageMs.toFixed(0)} ms | ` +
      `${r.listOnlyMs.toFixed(0)} ms |`,
  );
}
