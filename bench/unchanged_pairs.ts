// Unchanged observations of this checkout and a baseline checkout in pairs
// (issue 45, item 2): both services (live mirror on, the default) run on one
// 1920×1080 Xvfb desktop with gtk3-widget-factory, then mousepad; each pair
// asks one of them, then the other (the order alternating), for the same
// answer of an unchanged window (observe: the whole tree, and since the
// service's own last tree_token, as an agent polls), so that a busy machine
// slows both sides of a pair alike. Reports each side's median (the client's time until the whole
// answer has arrived, keep-alive) and the median of the pairs' differences.
// bench/unchanged.ts measures each service alone, and after changes.
//
//   npx -y deno@2.9.6 run -A bench/unchanged_pairs.ts --baseline /tmp/oso-head [--pairs 200]

import { startDesktop } from "../tests/linux/desktop.ts";
import { startService } from "../tests/helpers/service.ts";
import { settledWindow } from "./measure/views.ts";
import { median } from "./measure/timing.ts";
import { option } from "./measure/args.ts";

const baseline = option("--baseline");
if (baseline === null) throw new Error("--baseline <checkout> is required");
const PAIRS = Number(option("--pairs") ?? 200);

/** `since`: the path is completed with each service's own tree_token of the window. */
const answers = (uid: string): Array<[string, string, boolean]> => [
  ["compact view", `/api/structure?window_uid=${uid}&view=compact`, false],
  ["full structure", `/api/structure?window_uid=${uid}&detail=full`, false],
  ["observe, whole tree", `/api/observe?window_uid=${uid}`, false],
  ["observe since its last token", `/api/observe?window_uid=${uid}`, true],
];

/** The path with `since` set to the tree_token the service's observe answers now. */
async function sinceNow(base: string, path: string): Promise<string> {
  const { tree_token } = await (await fetch(base + path)).json();
  return `${base}${path}&since=${encodeURIComponent(tree_token)}`;
}

/** Milliseconds until the whole answer has arrived; throws unless 200. */
async function timedGet(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return performance.now() - started;
}

const desktop = await startDesktop({ width: 1920, height: 1080 });
const rows: string[] = [];
try {
  for (const name of ["gtk3-widget-factory", "mousepad"]) {
    const app = await desktop.launch(name);
    const uid = `x11:${app.window.toString(16)}`;
    const services = [
      await startService({ mock: false, env: desktop.env }),
      await startService({ mock: false, env: desktop.env, checkout: baseline }),
    ];
    try {
      for (const service of services) await settledWindow(service.url, uid);
      for (const [answer, path, since] of answers(uid)) {
        const urls = await Promise.all(
          services.map((s) => since ? sinceNow(s.url, path) : s.url + path),
        );
        // Warm-up: the first answers of a view are made, later ones reused.
        for (let i = 0; i < 30; i++) for (const url of urls) await timedGet(url);
        const [mine, theirs]: number[][] = [[], []];
        for (let pair = 0; pair < PAIRS; pair++) {
          for (const k of pair % 2 === 0 ? [0, 1] : [1, 0]) {
            (k === 0 ? mine : theirs).push(await timedGet(urls[k]));
          }
        }
        const faster = mine.filter((ms, i) => ms < theirs[i]).length;
        const difference = median(mine.map((ms, i) => ms - theirs[i]));
        rows.push(
          `| ${name} | ${answer} | ${median(mine).toFixed(2)} | ${median(theirs).toFixed(2)} | ` +
            `${difference.toFixed(2)} | ${faster} of ${PAIRS} |`,
        );
      }
    } finally {
      for (const service of services) await service.stop();
    }
    await app.kill();
  }
} finally {
  await desktop.stop();
}

console.log(`Unchanged observations in ${PAIRS} pairs (ms, medians)\n`);
console.log(
  "| app | answer | this checkout | baseline | pairs: this − baseline | this faster in |",
);
console.log("|---|---|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
