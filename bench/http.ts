// HTTP throughput on the mock desktop with wrk (Debian package `wrk`), 4
// connections, against the Python original's figures on this machine class
// (issue 2's; the original cannot run here). This machine's speed drifts by
// a third within a minute, so each route is measured in rounds (3 s each by
// default, five rounds, the routes and services in turn) and the table gives
// each route's median round and the spread. Prints a Markdown table for
// docs/PERFORMANCE.md, after the first description's time.
//
//   deno task bench            (or: deno run -A bench/http.ts --duration 3 --rounds 5)
//   deno run -A bench/http.ts --baseline /tmp/oso-before   (an earlier checkout beside it)

import { startService } from "../tests/helpers/service.ts";
import { median } from "./measure/timing.ts";
import { numberOption, option } from "./measure/args.ts";

const BASELINE_RPS: Record<string, number> = {
  healthz: 1800,
  windows: 1800,
  structure: 1300,
  sketch: 940,
  description: 460,
};

const ROUTES: Array<[keyof typeof BASELINE_RPS, string]> = [
  ["healthz", "/api/healthz"],
  ["windows", "/api/windows"],
  ["structure", "/api/structure"],
  ["sketch", "/api/sketch"],
  ["description", "/api/description"],
];

const seconds = numberOption("--duration", 3);
const ROUNDS = numberOption("--rounds", 5);

interface WrkFigures {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: number;
}

function toMs(value: string): number {
  const m = /^([\d.]+)(us|ms|s)$/.exec(value.trim());
  if (!m) return NaN;
  const n = Number(m[1]);
  return m[2] === "us" ? n / 1000 : m[2] === "s" ? n * 1000 : n;
}

async function wrk(url: string, duration = seconds): Promise<WrkFigures> {
  const out = await new Deno.Command("wrk", {
    args: ["-t", "2", "-c", "4", "-d", `${duration}s`, "--latency", url],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout);
  if (!out.success) throw new Error(`wrk failed: ${new TextDecoder().decode(out.stderr)}`);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(text)?.[1]);
  const p50 = toMs(/\s50%\s+(\S+)/.exec(text)?.[1] ?? "");
  const p99 = toMs(/\s99%\s+(\S+)/.exec(text)?.[1] ?? "");
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/
    .exec(text);
  const errors = non2xx +
    (socketErrors ? socketErrors.slice(1).reduce((a, b) => a + Number(b), 0) : 0);
  return { rps, p50Ms: p50, p99Ms: p99, errors };
}

/** Another checkout (e.g. a `git worktree` of an earlier commit) measured in the same run. */
const baselineCheckout = option("--baseline");

type Service = Awaited<ReturnType<typeof startService>>;

/** The first description after start (it must not wait for the OCR engine), then OCR's start. */
async function firstDescription(svc: Service): Promise<string> {
  const started = performance.now();
  const first = await (await fetch(`${svc.url}/api/description`)).json();
  const firstMs = performance.now() - started;
  let calls = 1;
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    calls++;
    const again = await (await fetch(`${svc.url}/api/description`)).json();
    if (!String(again.ocr).startsWith("[OCR engine starting")) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return `${firstMs.toFixed(1)} ms (its OCR section: ${
    JSON.stringify(String(first.ocr).slice(0, 48))
  }…; OCR's text from call ${calls} on)`;
}

const services: Array<[string, Service]> = [["this checkout", await startService()]];
if (baselineCheckout) {
  services.push([baselineCheckout, await startService({ checkout: baselineCheckout })]);
}
try {
  for (const [name, svc] of services) {
    console.log(`first /api/description after start, ${name}: ${await firstDescription(svc)}`);
  }
  console.log(
    `\nwrk -t 2 -c 4 -d ${seconds}s --latency, services on the mock desktop, ` +
      `${ROUNDS} rounds: each route's median round (req/s from the slowest to the fastest round)\n`,
  );
  const baselineColumns = baselineCheckout ? " baseline req/s | baseline p50 ms |" : "";
  console.log(
    `| route | req/s | rounds' req/s | p50 ms | p99 ms | errors |${baselineColumns} ` +
      "Python original req/s | ratio |",
  );
  console.log(`|---|---:|---:|---:|---:|---:|${baselineCheckout ? "---:|---:|" : ""}---:|---:|`);
  for (const [, path] of ROUTES) {
    for (const [, svc] of services) await wrk(`${svc.url}${path}`, 2); // warm-up, discarded
  }
  // figures[route][service]: one entry per round.
  const figures = ROUTES.map(() => services.map((): WrkFigures[] => []));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [r, [, path]] of ROUTES.entries()) {
      // The services alternate which goes first, so neither always meets the same moment.
      const order = round % 2 === 0 ? [...services.keys()] : [...services.keys()].reverse();
      for (const s of order) figures[r][s].push(await wrk(`${services[s][1].url}${path}`));
    }
  }
  const summary = (rounds: WrkFigures[]) => ({
    rps: median(rounds.map((f) => f.rps)),
    p50Ms: median(rounds.map((f) => f.p50Ms)),
    p99Ms: median(rounds.map((f) => f.p99Ms)),
    errors: rounds.reduce((sum, f) => sum + f.errors, 0),
    spread: `${Math.min(...rounds.map((f) => f.rps)).toFixed(0)}–${
      Math.max(...rounds.map((f) => f.rps)).toFixed(0)
    }`,
  });
  for (const [r, [name, path]] of ROUTES.entries()) {
    const [f, before] = figures[r].map(summary);
    const base = BASELINE_RPS[name];
    const baseline = before ? ` ${before.rps.toFixed(0)} | ${before.p50Ms.toFixed(2)} |` : "";
    console.log(
      `| ${path} | ${f.rps.toFixed(0)} | ${f.spread} | ${f.p50Ms.toFixed(2)} | ` +
        `${f.p99Ms.toFixed(2)} | ${f.errors} |${baseline} ${base} | ${
          (f.rps / base).toFixed(1)
        }× |`,
    );
  }
} finally {
  for (const [, svc] of services) await svc.stop();
}
