// LibreOffice Writer's cold full-detail capture at the service (issue 45,
// item 1: ≤ 150 ms), alone on a 1920×1080 Xvfb desktop: GET /api/structure
// (detail=full, depth 64) back to back for 6 s with the tree cache and the
// live mirror off, so that every request walks the window; the client's time
// and the service's own capture_ms. With --baseline, an earlier checkout's
// service measures the same window in turn, twice each, alternating.
// bench/linux_capture.ts measures Writer too, right after an OSWorld-style
// pyatspi walk, which leaves LibreOffice slower to answer for a while.
//
//   npx -y deno@2.9.6 run -A bench/writer_capture.ts [--baseline /tmp/oso-before]

import { launchWriter, startDesktop } from "../tests/linux/desktop.ts";
import { startService } from "../tests/helpers/service.ts";
import { settledWindow } from "./measure/views.ts";
import { median } from "./measure/timing.ts";

const baselineAt = Deno.args.indexOf("--baseline");
const baseline = baselineAt >= 0 ? Deno.args[baselineAt + 1] : null;
const SECONDS = 6;
const CONFIG = {
  tree: {
    max_depth: 64,
    default_depth: 64,
    cache_ttl_s: 0,
    live_mirror: false,
    capture_timeout_ms: 60_000,
  },
};

const desktop = await startDesktop({ width: 1920, height: 1080 });
const rows: string[] = [];
try {
  const writer = await launchWriter(desktop);
  const uid = `x11:${writer.window.toString(16)}`;
  const checkouts: Array<[string, string | undefined]> = baseline
    ? [["this checkout", undefined], ["baseline", baseline]]
    : [["this checkout", undefined]];
  for (const round of [1, 2]) {
    for (const [who, checkout] of checkouts) {
      const service = await startService({
        mock: false,
        env: desktop.env,
        config: CONFIG,
        checkout,
      });
      try {
        await settledWindow(service.url, uid);
        const url = `${service.url}/api/structure?window_uid=${uid}&detail=full&depth=64`;
        for (let i = 0; i < 3; i++) await (await fetch(url)).arrayBuffer();
        const client: number[] = [];
        const capture: number[] = [];
        let nodes = 0;
        const end = performance.now() + SECONDS * 1000;
        while (performance.now() < end) {
          const t0 = performance.now();
          const answer = await (await fetch(url)).json();
          client.push(performance.now() - t0);
          capture.push(answer.perf.capture_ms);
          nodes = answer.perf.node_count;
        }
        rows.push(
          `| ${round} | ${who} | ${nodes} | ${client.length} | ${median(client).toFixed(1)} | ${
            median(capture).toFixed(1)
          } |`,
        );
      } finally {
        await service.stop();
      }
    }
  }
  await writer.kill();
} finally {
  await desktop.stop();
}

console.log(
  `Writer's cold full-detail capture, GET /api/structure back to back for ${SECONDS} s (ms)\n`,
);
console.log("| round | service | nodes | requests | client p50 | capture_ms p50 |");
console.log("|---:|---|---:|---:|---:|---:|");
for (const row of rows) console.log(row);
