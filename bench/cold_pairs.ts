// Cold full-detail captures of this checkout and a baseline checkout in pairs
// (issue 45, item 1): both services run on one 1920×1080 Xvfb desktop with the
// tree cache and the live mirror off; each pair asks one of them, then the
// other (the order alternating), GET /api/structure (detail=full, depth 64),
// so that a busy machine slows both sides of a pair alike. Reports each
// side's medians (client time until the whole answer has arrived, capture_ms,
// perf.app_ms, client time less app_ms) and the median of the pairs'
// differences. bench/cold_capture.ts measures each service alone, in rounds.
//
//   npx -y deno@2.9.6 run -A bench/cold_pairs.ts --baseline /tmp/oso-head \
//     [--apps gtk3-widget-factory,mousepad,writer] [--pairs 100]

import { startDesktop } from "../tests/linux/desktop.ts";
import { startService } from "../tests/helpers/service.ts";
import { settledWindow } from "./measure/views.ts";
import { median } from "./measure/timing.ts";
import { launchNamed, WALK_EVERY_REQUEST } from "./measure/cold_walks.ts";
import { option } from "./measure/args.ts";

const baseline = option("--baseline");
if (baseline === null) throw new Error("--baseline <checkout> is required");
const APPS = (option("--apps") ?? "gtk3-widget-factory,mousepad,writer").split(",");
const PAIRS = Number(option("--pairs") ?? 100);

interface Side {
  client: number[];
  capture: number[];
  app: number[];
}

const fixed = (value: number) => value.toFixed(1);

const desktop = await startDesktop({ width: 1920, height: 1080 });
const rows: string[] = [];
try {
  for (const name of APPS) {
    const { app, uid } = await launchNamed(desktop, name);
    const services = [
      await startService({ mock: false, env: desktop.env, config: WALK_EVERY_REQUEST }),
      await startService({
        mock: false,
        env: desktop.env,
        config: WALK_EVERY_REQUEST,
        checkout: baseline,
      }),
    ];
    try {
      const urls = services.map((s) =>
        `${s.url}/api/structure?window_uid=${uid}&detail=full&depth=64`
      );
      for (const service of services) await settledWindow(service.url, uid);
      // A freshly started service's first captures run code not yet optimized.
      for (let i = 0; i < 10; i++) {
        for (const url of urls) await (await fetch(url)).arrayBuffer();
      }
      const sides: Side[] = urls.map(() => ({ client: [], capture: [], app: [] }));
      for (let pair = 0; pair < PAIRS; pair++) {
        for (const k of pair % 2 === 0 ? [0, 1] : [1, 0]) {
          const started = performance.now();
          const body = await (await fetch(urls[k])).arrayBuffer();
          sides[k].client.push(performance.now() - started);
          const { perf } = JSON.parse(new TextDecoder().decode(body));
          sides[k].capture.push(perf.capture_ms);
          sides[k].app.push(perf.app_ms);
        }
      }
      const [mine, theirs] = sides;
      const beyond = (side: Side) => side.client.map((c, i) => c - side.app[i]);
      sides.forEach((side, k) => {
        rows.push(
          `| ${name} | ${k === 0 ? "this checkout" : "baseline"} | ${
            fixed(median(side.client))
          } | ` +
            `${fixed(median(side.capture))} | ${fixed(median(side.app))} | ` +
            `${fixed(median(beyond(side)))} | ` +
            `${(median(side.client) / median(side.app)).toFixed(2)}× |`,
        );
      });
      const faster = mine.client.filter((c, i) => c < theirs.client[i]).length;
      const difference = (of: (side: Side) => number[]) =>
        fixed(median(of(mine).map((v, i) => v - of(theirs)[i])));
      rows.push(
        `| ${name} | pairs: this − baseline | ${difference((s) => s.client)} | ` +
          `${difference((s) => s.capture)} | ${difference((s) => s.app)} | ` +
          `${difference(beyond)} | this faster in ${faster} of ${PAIRS} |`,
      );
    } finally {
      for (const service of services) await service.stop();
    }
    await app.kill();
  }
} finally {
  await desktop.stop();
}

console.log(`Cold full-detail captures in ${PAIRS} pairs, GET /api/structure (ms, medians)\n`);
console.log(
  "| app | service | client | capture_ms | app_ms | client − app_ms | client ÷ app_ms |",
);
console.log("|---|---|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
