// OCR accuracy and speed on real windows (issue 17), over HTTP: how many of
// the text-bearing controls the accessibility tree names get_ocr reads back
// in their place (recall, the tree as ground truth) on gtk3-widget-factory
// and mousepad, how long a whole-window read takes, and whether a line typed
// into an xterm (no accessibility tree at all) reads back exactly. Each
// ocr.upscale asked for gets a service of its own; apps start fresh under
// Xvfb for every window measured.
//
//   npx -y deno@2.9.6 run -A bench/ocr.ts               # upscale 1, 2 and 3
//   npx -y deno@2.9.6 run -A bench/ocr.ts --upscale=2   # one factor
//   npx -y deno@2.9.6 run -A bench/ocr.ts --upscale=2 --boxes   # get_ocr with boxes: true
//
// Prints markdown tables (docs/PERFORMANCE.md keeps the last run).
//
// Counted controls: roles Text (AT-SPI label, static, paragraph, caption,
// heading), Button (push and toggle buttons), ToggleButton, SplitButton, Menu
// (menu bar entries), MenuItem, CheckBox, RadioButton, TabItem, HeaderItem and
// Link, whose name has a letter or digit, with the visible and showing states,
// whose bounds have an area and lie wholly inside the window and the screen,
// and whose centre lies inside every ancestor that has an area (a row
// scrolled out of its viewport is not on screen although its bounds are).
// Uncovered: each app is the only window on the desktop while it is measured.
// Disabled controls count (their grey text is part of what OCR must read);
// combo boxes, entries and table cells do not (their name is an icon name, a
// placeholder or data, not a label drawn as such).

import { type Bounds, type Element } from "../lib/model/tree.ts";
import { hidesChildren } from "../lib/formats/views/needed.ts";
import { startService } from "../tests/helpers/service.ts";
import { type Desktop, startDesktop } from "../tests/linux/desktop.ts";
import { eventually } from "../tests/linux/linux_service.ts";
import { getJson, settledWindow, windowsOf } from "./measure/views.ts";
import { callTool } from "./measure/service_tool.ts";

const SCREEN: Bounds = { x: 0, y: 0, width: 1920, height: 1080 };

const COUNTED_ROLES: ReadonlySet<string> = new Set([
  "Text",
  "Button",
  "ToggleButton",
  "SplitButton",
  "Menu",
  "MenuItem",
  "CheckBox",
  "RadioButton",
  "TabItem",
  "HeaderItem",
  "Link",
]);

const APPS = ["gtk3-widget-factory", "mousepad"];

const XTERM_ARGS = [
  ...["-fa", "DejaVu Sans Mono", "-fs", "14", "-geometry", "60x12"],
  ...["-e", "sh", "-c", "cat; sleep 600"],
];
const TYPED_LINE = "deploy build 4711 to staging now";

/** Timed reads after the warm-up one. */
const TIMED_CALLS = 3;

interface OcrWord {
  text: string;
  confidence: number;
  bbox: Bounds;
}

interface OcrAnswer {
  words: OcrWord[];
  lines: OcrWord[];
  text: string;
  region: Bounds;
  ocr_ms: number;
}

interface Timing {
  /** Median of the service's own ocr_ms. */
  ocrMs: number;
  /** Median round trip of POST /api/tool/get_ocr. */
  roundTripMs: number;
}

interface Miss {
  role: string;
  name: string;
  enabled: boolean;
  bounds: Bounds;
  /** The OCR words overlapping the control, as read. */
  readThere: string;
}

interface WindowFigures {
  upscale: number;
  name: string;
  counted: number;
  found: number;
  disabledCounted: number;
  disabledFound: number;
  misses: Miss[];
  timing: Timing;
}

interface XtermFigures {
  upscale: number;
  exact: boolean;
  /** The OCR line nearest to the typed one, when it is not read exactly. */
  read: string;
  timing: Timing;
}

// ---- geometry and matching ----

function area(b: Bounds): number {
  return Math.max(0, b.width) * Math.max(0, b.height);
}

function containsBox(outer: Bounds, inner: Bounds): boolean {
  return inner.x >= outer.x && inner.y >= outer.y &&
    inner.x + inner.width <= outer.x + outer.width &&
    inner.y + inner.height <= outer.y + outer.height;
}

function containsPoint(b: Bounds, x: number, y: number): boolean {
  return x >= b.x && x < b.x + b.width && y >= b.y && y < b.y + b.height;
}

/** The OCR box lies on the control: intersection over the smaller box ≥ 0.5, or its centre inside. */
function overlaps(box: Bounds, el: Bounds): boolean {
  const w = Math.min(box.x + box.width, el.x + el.width) - Math.max(box.x, el.x);
  const h = Math.min(box.y + box.height, el.y + el.height) - Math.max(box.y, el.y);
  const smaller = Math.min(area(box), area(el));
  if (w > 0 && h > 0 && smaller > 0 && (w * h) / smaller >= 0.5) return true;
  return containsPoint(el, box.x + box.width / 2, box.y + box.height / 2);
}

function unionBox(boxes: Bounds[]): Bounds {
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** Case, punctuation, symbols, whitespace and mnemonic underscores do not count. */
function normalise(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");
}

/**
 * The answer's words line by line: a line's text is its words joined by
 * spaces, so each token is taken from the words inside the line's box.
 */
function wordsByLine(answer: OcrAnswer): OcrWord[][] {
  const unused = new Set(answer.words);
  return answer.lines.map((line) => {
    const picked: OcrWord[] = [];
    for (const token of line.text.split(" ")) {
      const word = [...unused].find((w) =>
        w.text === token &&
        containsPoint(line.bbox, w.bbox.x + w.bbox.width / 2, w.bbox.y + w.bbox.height / 2)
      );
      if (!word) continue;
      unused.delete(word);
      picked.push(word);
    }
    return picked;
  });
}

/** A run of consecutive words on one line spells the name, and its box lies on the control. */
function readInPlace(el: Element, lines: OcrWord[][]): boolean {
  const wanted = normalise(el.name);
  for (const words of lines) {
    for (let start = 0; start < words.length; start++) {
      let spelled = "";
      for (let end = start; end < words.length && spelled.length < wanted.length; end++) {
        spelled += normalise(words[end].text);
        if (spelled !== wanted) continue;
        if (overlaps(unionBox(words.slice(start, end + 1).map((w) => w.bbox)), el.bounds)) {
          return true;
        }
      }
    }
  }
  return false;
}

/** The controls counted (see the file comment), in pre-order. */
function countedControls(root: Element, window: Bounds): Element[] {
  const found: Element[] = [];
  const visit = (el: Element, clips: Bounds[]) => {
    const b = el.bounds;
    const middle = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
    if (
      COUNTED_ROLES.has(el.role) && normalise(el.name) !== "" &&
      el.states?.visible === true && el.states?.showing === true &&
      area(b) > 0 && containsBox(window, b) && containsBox(SCREEN, b) &&
      clips.every((clip) => containsPoint(clip, middle.x, middle.y))
    ) {
      found.push(el);
    }
    if (el !== root && hidesChildren(el)) return;
    const next = area(b) > 0 ? [...clips, b] : clips;
    for (const child of el.children) visit(child, next);
  };
  visit(root, []);
  return found;
}

// ---- the service ----

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** One warm-up read, then TIMED_CALLS timed ones; the last answer is returned. */
/** `--boxes`: get_ocr also reads the flat-colour boxes one by one. */
const BOXES = Deno.args.includes("--boxes");

async function timedOcr(base: string, uid: string): Promise<{ answer: OcrAnswer; timing: Timing }> {
  let answer = await callTool(base, "get_ocr", { window_uid: uid, boxes: BOXES }) as OcrAnswer;
  const service: number[] = [];
  const roundTrip: number[] = [];
  for (let i = 0; i < TIMED_CALLS; i++) {
    const started = performance.now();
    answer = await callTool(base, "get_ocr", { window_uid: uid, boxes: BOXES }) as OcrAnswer;
    roundTrip.push(performance.now() - started);
    service.push(answer.ocr_ms);
  }
  return { answer, timing: { ocrMs: median(service), roundTripMs: median(roundTrip) } };
}

async function measureApp(
  base: string,
  desktop: Desktop,
  name: string,
  upscale: number,
): Promise<WindowFigures> {
  const app = await desktop.launch(name);
  try {
    const uid = `x11:${app.window.toString(16)}`;
    await settledWindow(base, uid);
    const target = (await windowsOf(base)).find((w) => w.window_uid === uid);
    if (!target) throw new Error(`${name}: window ${uid} is not listed`);
    const structure = await getJson(
      base,
      `/api/structure?window_uid=${encodeURIComponent(uid)}&depth=30&detail=full`,
    );
    const controls = countedControls(structure.tree as Element, target.bounds);
    const { answer, timing } = await timedOcr(base, uid);
    const lines = wordsByLine(answer);
    const found = controls.filter((el) => readInPlace(el, lines));
    const missed = controls.filter((el) => !found.includes(el));
    return {
      upscale,
      name,
      counted: controls.length,
      found: found.length,
      disabledCounted: controls.filter((el) => !el.enabled).length,
      disabledFound: found.filter((el) => !el.enabled).length,
      misses: missed.map((el) => ({
        role: el.platform_role ?? el.role,
        name: el.name,
        enabled: el.enabled,
        bounds: el.bounds,
        readThere: answer.words.filter((w) => overlaps(w.bbox, el.bounds)).map((w) => w.text)
          .join(" "),
      })),
      timing,
    };
  } finally {
    await app.kill();
  }
}

async function measureXterm(
  base: string,
  desktop: Desktop,
  upscale: number,
): Promise<XtermFigures> {
  const term = await desktop.launch("xterm", XTERM_ARGS);
  try {
    const uid = `x11:${term.window.toString(16)}`;
    // The newline moves the cursor block off the typed text.
    await callTool(base, "type_text", { window_uid: uid, text: `${TYPED_LINE}\n` });
    // The warm-up read waits for cat's echo to be drawn.
    await eventually(
      () => callTool(base, "get_ocr", { window_uid: uid }) as Promise<OcrAnswer>,
      (a) => a.text.includes(TYPED_LINE),
      10_000,
    );
    const { answer, timing } = await timedOcr(base, uid);
    const exact = answer.text.includes(TYPED_LINE);
    const words = normalise(TYPED_LINE);
    const nearest = answer.text.split("\n").find((l) => normalise(l) === words) ??
      answer.text.split("\n").find((l) => l.includes("4711")) ?? answer.text;
    return { upscale, exact, read: exact ? TYPED_LINE : nearest, timing };
  } finally {
    await term.kill();
  }
}

async function run(upscale: number): Promise<{ windows: WindowFigures[]; xterm: XtermFigures }> {
  const desktop = await startDesktop({ width: SCREEN.width, height: SCREEN.height });
  try {
    const service = await startService({
      mock: false,
      env: desktop.env,
      // No tree cache: the settling check must see fresh captures.
      config: {
        tree: { max_depth: 64, default_depth: 30, cache_ttl_s: 0, capture_timeout_ms: 60_000 },
        // Every call reads for real: the timings are OCR's, not the picture cache's.
        ocr: { upscale, cache_pictures: 0 },
      },
    });
    try {
      const windows: WindowFigures[] = [];
      for (const name of APPS) windows.push(await measureApp(service.url, desktop, name, upscale));
      return { windows, xterm: await measureXterm(service.url, desktop, upscale) };
    } finally {
      await service.stop();
    }
  } finally {
    await desktop.stop();
  }
}

// ---- report ----

function percent(part: number, whole: number): string {
  return whole === 0 ? "–" : `${(100 * part / whole).toFixed(0)} %`;
}

function recallTable(rows: WindowFigures[]): string {
  const lines = [
    "| upscale | window | counted | found | recall | of them disabled (found) | OCR ms | round trip ms |",
    "|---:|---|---:|---:|---:|---:|---:|---:|",
  ];
  const row = (upscale: number, name: string, r: WindowFigures[]) => {
    const sum = (pick: (w: WindowFigures) => number) => r.reduce((s, w) => s + pick(w), 0);
    const timing = r.length === 1
      ? `${r[0].timing.ocrMs} | ${r[0].timing.roundTripMs.toFixed(0)}`
      : "– | –";
    lines.push(
      `| ${upscale} | ${name} | ${sum((w) => w.counted)} | ${sum((w) => w.found)} | ` +
        `${percent(sum((w) => w.found), sum((w) => w.counted))} | ` +
        `${sum((w) => w.disabledCounted)} (${sum((w) => w.disabledFound)}) | ${timing} |`,
    );
  };
  for (const upscale of [...new Set(rows.map((r) => r.upscale))]) {
    const mine = rows.filter((r) => r.upscale === upscale);
    for (const r of mine) row(upscale, r.name, [r]);
    row(upscale, "**both**", mine);
  }
  return lines.join("\n");
}

function xtermTable(rows: XtermFigures[]): string {
  const lines = [
    "| upscale | typed line read exactly | OCR ms | round trip ms | read |",
    "|---:|---|---:|---:|---|",
  ];
  for (const r of rows) {
    lines.push(
      `| ${r.upscale} | ${r.exact ? "yes" : "no"} | ${r.timing.ocrMs} | ` +
        `${r.timing.roundTripMs.toFixed(0)} | \`${r.read.replaceAll("|", "\\|")}\` |`,
    );
  }
  return lines.join("\n");
}

function upscales(): number[] {
  const flag = Deno.args.find((a) => a.startsWith("--upscale="));
  if (!flag) return [1, 2, 3];
  const factors = flag.slice("--upscale=".length).split(",").map(Number);
  if (factors.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) {
    throw new Error(`--upscale wants integers 1–8, comma-separated: ${flag}`);
  }
  return factors;
}

// Other work on the machine slows OCR (2 cores): the load is printed with the figures.
const loadBefore = Deno.loadavg()[0];
const windows: WindowFigures[] = [];
const xterms: XtermFigures[] = [];
for (const upscale of upscales()) {
  const figures = await run(upscale);
  windows.push(...figures.windows);
  xterms.push(figures.xterm);
}
console.log(
  `Load average (1 min): ${loadBefore.toFixed(2)} before, ` +
    `${Deno.loadavg()[0].toFixed(2)} after.\n`,
);
console.log("### Recall against the accessibility tree\n");
console.log(recallTable(windows));
console.log("\n### Typed line in an xterm\n");
console.log(xtermTable(xterms));
console.log("\n### Missed controls (what OCR read on them)\n");
for (const w of windows) {
  if (w.misses.length === 0) continue;
  console.log(`- upscale ${w.upscale}, ${w.name}:`);
  for (const m of w.misses) {
    const b = m.bounds;
    console.log(
      `  - ${m.role} ${JSON.stringify(m.name)}${m.enabled ? "" : " (disabled)"} ` +
        `${b.width}×${b.height} at ${b.x},${b.y}: ${
          m.readThere === "" ? "nothing" : JSON.stringify(m.readThere)
        }`,
    );
  }
}
