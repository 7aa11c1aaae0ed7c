// observe_window over HTTP on the mock desktop, two checkouts side by side:
// both services run at once and are called in alternating blocks of 50, so
// that whatever else the machine does weighs on both alike. For "is this
// change slower?" where a benchmark of the desktop is too noisy to tell.
//
//   deno run -A bench/observe_ab.ts <checkout A> <checkout B>
//   (e.g. a `git worktree add /tmp/base <commit>` against this checkout)

import { median, percentile } from "./measure/timing.ts";
import { startService } from "../tests/helpers/service.ts";

const BLOCKS = 40;
const BLOCK = 50;

async function observe(url: string): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/api/tool/observe_window`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await response.text();
  return performance.now() - started;
}

const dirs = Deno.args.slice(0, 2);
if (dirs.length !== 2) {
  console.error("usage: deno run -A bench/observe_ab.ts <checkout A> <checkout B>");
  Deno.exit(2);
}
const services = await Promise.all(dirs.map((checkout) => startService({ checkout })));
const urls = services.map((service) => service.url);
try {
  const times: number[][] = [[], []];
  for (let i = 0; i < 200; i++) for (const url of urls) await observe(url);
  for (let block = 0; block < BLOCKS; block++) {
    // Which checkout goes first alternates too.
    const order = block % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) for (let i = 0; i < BLOCK; i++) times[k].push(await observe(urls[k]));
  }
  console.log("| checkout | calls | p50 | p95 |\n|---|---:|---:|---:|");
  dirs.forEach((dir, k) => {
    const p50 = median(times[k]).toFixed(3);
    console.log(
      `| ${dir} | ${times[k].length} | ${p50} ms | ${percentile(times[k], 0.95).toFixed(3)} ms |`,
    );
  });
} finally {
  await Promise.all(services.map((service) => service.stop()));
}
