// observe_window over HTTP on the mock desktop, two checkouts side by side:
// both services run at once and are called in alternating blocks of 50, so
// that whatever else the machine does weighs on both alike. For "is this
// change slower?" where a benchmark of the desktop is too noisy to tell.
//
//   deno run -A bench/observe_ab.ts <checkout A> <checkout B>
//   (e.g. a `git worktree add /tmp/base <commit>` against this checkout)

import { median, percentile } from "./measure/timing.ts";

const BLOCKS = 40;
const BLOCK = 50;

async function start(dir: string, port: number): Promise<Deno.ChildProcess> {
  const child = new Deno.Command("deno", {
    args: ["run", "-A", "main.ts", "--mock", "--mode", "inspect", "--port", String(port)],
    cwd: dir,
    stdout: "null",
    stderr: "null",
  }).spawn();
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/healthz`);
      await response.body?.cancel();
      if (response.ok) return child;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill();
  throw new Error(`the service in ${dir} did not answer within 60 s`);
}

async function observe(port: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${port}/api/tool/observe_window`, {
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
const ports = [5101, 5102];
const services = await Promise.all(dirs.map((dir, i) => start(dir, ports[i])));
try {
  const times: number[][] = [[], []];
  for (let i = 0; i < 200; i++) for (const port of ports) await observe(port);
  for (let block = 0; block < BLOCKS; block++) {
    // Which checkout goes first alternates too.
    const order = block % 2 === 0 ? [0, 1] : [1, 0];
    for (const k of order) for (let i = 0; i < BLOCK; i++) times[k].push(await observe(ports[k]));
  }
  console.log("| checkout | calls | p50 | p95 |\n|---|---:|---:|---:|");
  dirs.forEach((dir, k) => {
    const p50 = median(times[k]).toFixed(3);
    console.log(
      `| ${dir} | ${times[k].length} | ${p50} ms | ${percentile(times[k], 0.95).toFixed(3)} ms |`,
    );
  });
} finally {
  for (const service of services) service.kill();
}
