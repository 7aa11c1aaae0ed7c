// Observations of real windows as an HTTP client sees them (issue 45 item 2):
// on a 1920×1080 Xvfb desktop with gtk3-widget-factory and mousepad, the
// service with its live mirror (the default), one client with keep-alive
// (fetch's connection pool) timing GET /api/observe (since the tree_token its
// first answer gave, as an agent polls, and without: the whole tree), the
// compact view and the full structure of an unchanged window in turns,
// request by request (the same again as curl reads them), once it has
// settled after being raised, then each after one change (a check box toggled, a
// character typed through XTest into mousepad's document, which each service
// finds empty; 150 ms for its events).
//
//   npx -y deno@2.9.6 run -A bench/unchanged.ts [--runs 60] [--changes 20]
//     [--baseline /tmp/oso-before]   (an earlier checkout's service beside it)
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { xtestDevice } from "./measure/xtest_device.ts";
import type { InputAction } from "../adapters/types.ts";
import { type Element, walk } from "../lib/model/tree.ts";
import { startService } from "../tests/helpers/service.ts";
import { startDesktop } from "../tests/linux/desktop.ts";
import { median, percentile } from "./measure/timing.ts";
import { callTool } from "./measure/service_tool.ts";
import { numberOption, option } from "./measure/args.ts";
import { curlTimes } from "./measure/curl.ts";
import { togglesOnClick } from "./measure/toggle.ts";
import { settledWindow } from "./measure/views.ts";

const RUNS = numberOption("--runs", 60);
const CHANGES = numberOption("--changes", 20);
/** Another checkout (e.g. a `git worktree` of an earlier commit) measured on the same desktop. */
const baselineCheckout = option("--baseline");

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A GET's milliseconds until its whole body has arrived, and the body; throws unless 200. */
async function timedGet(url: string): Promise<{ ms: number; body: Uint8Array }> {
  const t0 = performance.now();
  const response = await fetch(url);
  const body = new Uint8Array(await response.arrayBuffer());
  const ms = performance.now() - t0;
  if (response.status !== 200) throw new AnswerError(url, response.status, body);
  return { ms, body };
}

class AnswerError extends Error {
  constructor(url: string, readonly status: number, body: Uint8Array) {
    super(`${url}: ${status} ${new TextDecoder().decode(body)}`);
  }
}

/**
 * An answer's tree_token: each change gives the window a new one (its
 * tree_hash, as the original's, does not see a check box's state).
 */
const treeToken = (body: Uint8Array): string =>
  JSON.parse(new TextDecoder().decode(body)).tree_token;

/** `since`: the query asks for what changed since the tree_token its first answer gave. */
const QUERIES = [
  { label: "observe since its last token", path: "/api/observe", since: true },
  { label: "observe, whole tree", path: "/api/observe", since: false },
  { label: "compact view", path: "/api/structure?view=compact", since: false },
  { label: "full structure", path: "/api/structure", since: false },
];

const desktop = await startDesktop({ width: 1920, height: 1080 });
const apps = [
  await desktop.launch("gtk3-widget-factory"),
  await desktop.launch("mousepad"),
];
const { input, close: closeInput } = xtestDevice(desktop.display);
// One service at a time: each one's AT-SPI host follows the same events and
// walks again after them, so two at once would slow each other's answers.
const checkouts: Array<[string, string | undefined]> = [
  ["this checkout", undefined],
  ...(baselineCheckout ? [["baseline", baselineCheckout] as [string, string]] : []),
];
const rows: string[] = [];
try {
  for (const [who, checkout] of checkouts) {
    const service = await startService({ mock: false, env: desktop.env, checkout });
    try {
      rows.push(...await measureWith(who, service.url));
    } finally {
      await service.stop();
    }
  }
} finally {
  await closeInput();
  for (const app of apps) await app.kill();
  await desktop.stop();
}

/** The rows of one service: each window unchanged, then after one change each time. */
async function measureWith(who: string, base: string): Promise<string[]> {
  const rows: string[] = [];
  const service = { url: base };
  const windows = (await callTool(service.url, "list_windows", {})).windows as Array<
    { title: string; window_uid: string; bounds: Element["bounds"] }
  >;
  const windowOf = (pattern: RegExp) => {
    const found = windows.find((w) => pattern.test(w.title));
    if (!found) throw new Error(`no window ${pattern} among ${windows.map((w) => w.title)}`);
    return found;
  };
  const factory = windowOf(/widget-factory/i);
  const pad = windowOf(/mousepad/i);
  const full = await callTool(service.url, "get_window_structure", {
    window_uid: factory.window_uid,
    detail: "full",
    depth: 64,
  });
  let box: Element | null = null;
  walk(full.tree as Element, (e) => {
    if (box === null && togglesOnClick(e)) box = e;
  });
  if (box === null) throw new Error("no check box to toggle");
  const { bounds } = box as Element;
  const centre = (b: Element["bounds"]) => ({
    x: b.x + Math.round(b.width / 2),
    y: b.y + Math.round(b.height / 2),
  });
  const toggle: InputAction = { kind: "click", ...centre(bounds), button: "left", count: 1 };
  const targets = [
    {
      name: "gtk3-widget-factory",
      window: factory,
      change: toggle,
      what: "a check box toggled",
      prepare: () => Promise.resolve(),
    },
    {
      name: "mousepad",
      window: pad,
      change: { kind: "text", text: "a" } as InputAction,
      what: "a character typed",
      // The document takes the keys once clicked; it is emptied, so that each service types
      // into the same document (a line grown past the window scrolls it, and every key typed
      // then moves the view too).
      prepare: async () => {
        await input.perform({ kind: "click", ...centre(pad.bounds), button: "left", count: 1 });
        await input.perform({ kind: "keys", combo: ["ctrl", "a"] });
        await input.perform({ kind: "keys", combo: ["backspace"] });
      },
    },
  ];
  for (const target of targets) {
    // The windows overlap: the changed one must be on top for the input to reach it.
    await callTool(service.url, "bring_to_foreground", { window_uid: target.window.window_uid });
    await sleep(300);
    await target.prepare();
    // Raised, the window is walked again while it settles: not what an unchanged answer costs.
    await settledWindow(base, target.window.window_uid);
    // The unchanged answers in turns, request by request, so that each meets the same moments.
    const asked = await Promise.all(QUERIES.map(async ({ label, path, since }) => {
      const plain = `${base}${path}${path.includes("?") ? "&" : "?"}window_uid=${
        encodeURIComponent(target.window.window_uid)
      }`;
      const after = (body: Uint8Array) =>
        since ? `${plain}&since=${encodeURIComponent(treeToken(body))}` : plain;
      return { label, after, url: after((await timedGet(plain)).body) };
    }));
    // An earlier checkout keeps fewer tree tokens: one it has forgotten (410)
    // leaves its query out of that checkout's rows, said so in a row.
    const forgotten = new Set<string>();
    for (let i = 0; i < 10; i++) {
      for (const { label, url } of asked) {
        await timedGet(url).catch((e) => {
          if (!(e instanceof AnswerError && e.status === 410)) throw e;
          forgotten.add(label);
        });
      }
    }
    for (const label of forgotten) {
      rows.push(`| ${target.name} | ${label} | ${who} | — | its token forgotten (410) |`);
    }
    asked.splice(0, asked.length, ...asked.filter((q) => !forgotten.has(q.label)));
    const quiet = asked.map((): number[] => []);
    const bytes = asked.map(() => 0);
    for (let i = 0; i < RUNS; i++) {
      for (const [q, { url }] of asked.entries()) {
        const t = await timedGet(url);
        quiet[q].push(t.ms);
        bytes[q] = t.body.byteLength;
      }
    }
    const curled = await curlTimes(asked, RUNS);
    for (const [q, { label, after }] of asked.entries()) {
      let { url } = asked[q];
      let token = treeToken((await timedGet(url)).body);
      const changed: number[] = [];
      // Answers that showed the change (a tree_token other than the answer's before).
      let shown = 0;
      for (let i = 0; i < CHANGES; i++) {
        await input.perform(target.change);
        await sleep(150);
        const answer = await timedGet(url);
        changed.push(answer.ms);
        url = after(answer.body);
        const now = treeToken(answer.body);
        if (now !== token) shown++;
        token = now;
      }
      rows.push(
        `| ${target.name} | ${label} | ${who} | ${bytes[q].toLocaleString("en")} B | ${
          median(quiet[q]).toFixed(2)
        } | ${percentile(quiet[q], 0.95).toFixed(2)} | ${median(curled[q]).toFixed(2)} | ${
          percentile(curled[q], 0.95).toFixed(2)
        } | ${target.what}: ${median(changed).toFixed(2)} | ${
          percentile(changed, 0.95).toFixed(2)
        } | ${shown} of ${CHANGES} |`,
      );
    }
  }
  return rows;
}

console.log(
  `GET over HTTP with keep-alive, ${RUNS} unchanged and ${CHANGES} after one change each (ms)\n`,
);
console.log(
  "| app | answer | service | size | unchanged p50 | unchanged p95 | unchanged p50, curl | " +
    "p95, curl | after one change p50 | p95 | the change shown |",
);
console.log("|---|---|---|---:|---:|---:|---:|---:|---|---:|---:|");
// Each app's answers together, this checkout's row above the baseline's (the sort is stable).
const cells = (row: string) => row.split(" | ").slice(0, 2).join(" | ");
for (const row of rows.sort((a, b) => cells(a).localeCompare(cells(b)))) console.log(row);
