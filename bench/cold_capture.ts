// Cold full-detail captures at the service against the application's own
// time (issue 45, item 1: ≤ 1.5× it; Writer ≤ 150 ms), each application alone
// on a 1920×1080 Xvfb desktop: GET /api/structure (detail=full, depth 64) back
// to back for 6 s with the tree cache and the live mirror off, so that every
// request walks the window; the client's time until the whole answer has
// arrived, the service's capture_ms and perf.app_ms (the application's
// answering time: while questions of the service's were unanswered), and
// each request's client time less its app_ms. With --baseline, an earlier
// checkout's service measures the same window in turn, twice each,
// alternating.
// bench/linux_capture.ts measures the same windows right after an
// OSWorld-style pyatspi walk, which leaves LibreOffice slower to answer for a while.
//
//   npx -y deno@2.9.6 run -A bench/cold_capture.ts [--baseline /tmp/oso-before] \
//     [--apps gtk3-widget-factory,mousepad,writer]

import { startDesktop } from "../tests/linux/desktop.ts";
import { startService } from "../tests/helpers/service.ts";
import { settledWindow } from "./measure/views.ts";
import { median } from "./measure/timing.ts";
import { launchNamed, WALK_EVERY_REQUEST } from "./measure/cold_walks.ts";
import { option } from "./measure/args.ts";

const baseline = option("--baseline");
const APPS = (option("--apps") ?? "gtk3-widget-factory,mousepad,writer").split(",");
const SECONDS = 6;

const ms = (values: number[]) => values.length === 0 ? "—" : median(values).toFixed(1);

const desktop = await startDesktop({ width: 1920, height: 1080 });
const rows: string[] = [];
try {
  for (const name of APPS) {
    const { app, uid } = await launchNamed(desktop, name);
    const checkouts: Array<[string, string | undefined]> = baseline
      ? [["this checkout", undefined], ["baseline", baseline]]
      : [["this checkout", undefined]];
    for (const round of [1, 2]) {
      for (const [who, checkout] of checkouts) {
        const service = await startService({
          mock: false,
          env: desktop.env,
          config: WALK_EVERY_REQUEST,
          checkout,
        });
        try {
          await settledWindow(service.url, uid);
          const url = `${service.url}/api/structure?window_uid=${uid}&detail=full&depth=64`;
          // A freshly started service's first captures run code not yet optimized.
          for (let i = 0; i < 10; i++) await (await fetch(url)).arrayBuffer();
          const client: number[] = [];
          const capture: number[] = [];
          const appMs: number[] = [];
          let nodes = 0;
          const end = performance.now() + SECONDS * 1000;
          while (performance.now() < end) {
            const t0 = performance.now();
            const body = await (await fetch(url)).arrayBuffer();
            // Until the whole answer has arrived, as bench/unchanged.ts times it: parsing it is
            // the client's own work (about 1 ms for mousepad's 222 KB).
            client.push(performance.now() - t0);
            const answer = JSON.parse(new TextDecoder().decode(body));
            capture.push(answer.perf.capture_ms);
            // The baseline predates perf.app_ms.
            if (answer.perf.app_ms !== undefined) appMs.push(answer.perf.app_ms);
            nodes = answer.perf.node_count;
          }
          const ratio = appMs.length === 0
            ? "—"
            : `${(median(client) / median(appMs)).toFixed(2)}×`;
          // The service's own part of each request, steadier than the difference of two medians.
          const beyond = appMs.length === 0 ? [] : client.map((c, i) => c - appMs[i]);
          rows.push(
            `| ${name} | ${round} | ${who} | ${nodes} | ${client.length} | ${ms(client)} | ` +
              `${ms(capture)} | ${ms(appMs)} | ${ms(beyond)} | ${ratio} |`,
          );
        } finally {
          await service.stop();
        }
      }
    }
    await app.kill();
  }
} finally {
  await desktop.stop();
}

console.log(
  `Cold full-detail captures, GET /api/structure back to back for ${SECONDS} s (ms)\n`,
);
console.log(
  "| app | round | service | nodes | requests | client p50 | capture_ms p50 | app_ms p50 | " +
    "client − app_ms p50 | client ÷ app_ms |",
);
console.log("|---|---:|---|---:|---:|---:|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
