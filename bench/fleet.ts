// The desktop image, measured: its size (and its largest layers), its start
// time (container start → first healthy /api/healthz → the window of an
// application started with the desktop listed → that window captured), side
// by side with the same entry point started on this machine without a
// container, and the fixture suite's cost at one and two pods at a time.
//
//   deno run -A bench/fleet.ts [--runs N]
//
// Needs podman and the image (deno task fleet build).

import { parseArgs } from "node:util";
import { join } from "node:path";
import { median } from "./measure/timing.ts";
import { fixtureSuiteScripts, startFleetModel } from "../tests/helpers/fleet_model.ts";
import type { RunSummary } from "../lib/osworld/formats/fleet/summary.ts";

const IMAGE = "localhost/oso-desktop:latest";
const TOKEN = "bench-fleet-token-0123456789";
const ROOT = new URL("../", import.meta.url).pathname;
const ENTRYPOINT = join(ROOT, "deploy/entrypoint.sh");
const CLI = join(ROOT, "lib/osworld/interfaces/fleet/cli.ts");
const TASKS = join(ROOT, "tests/fixtures/fleet/tasks");
const APP = "gtk3-widget-factory";

const { values } = parseArgs({ args: Deno.args, options: { runs: { type: "string" } } });
const RUNS = Number(values.runs ?? "5");
const decoder = new TextDecoder();

async function sh(command: string, args: string[]): Promise<string> {
  const out = await new Deno.Command(command, { args, stdout: "piped", stderr: "piped" }).output();
  if (out.code !== 0) throw new Error(`${command} ${args[0]}: ${decoder.decode(out.stderr)}`);
  return decoder.decode(out.stdout);
}

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

async function answers(url: string): Promise<Response | null> {
  try {
    return await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  } catch {
    return null;
  }
}

interface StartTimes {
  healthy: number;
  listed: number;
  captured: number;
}

/** Milliseconds from `t0` to each milestone, polling every 20 ms. */
async function milestones(port: number, t0: number): Promise<StartTimes> {
  const base = `http://127.0.0.1:${port}`;
  const until = async (probe: () => Promise<boolean>) => {
    const deadline = Date.now() + 120_000;
    while (!(await probe())) {
      if (Date.now() > deadline) throw new Error("not within 120 s");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return performance.now() - t0;
  };
  const healthy = await until(async () => {
    const response = await answers(`${base}/api/healthz`);
    await response?.body?.cancel();
    return response?.status === 200;
  });
  const listed = await until(async () => {
    const response = await answers(`${base}/api/windows`);
    const text = (await response?.text()) ?? "";
    return text.includes(`"title":"${APP}"`);
  });
  const captured = await until(async () => {
    const response = await answers(`${base}/api/structure?window_title=${APP}`);
    const text = (await response?.text()) ?? "";
    return response?.status === 200 && text.includes('"Button"');
  });
  return { healthy, listed, captured };
}

async function containerStart(): Promise<StartTimes> {
  const port = freePort();
  const name = `oso-bench-${Deno.pid}`;
  const t0 = performance.now();
  await sh("podman", [
    "run",
    "-d",
    "--name",
    name,
    "--network",
    "host",
    "-e",
    `OSO_TOKEN=${TOKEN}`,
    "-e",
    `OSO_PORT=${port}`,
    "-e",
    `OSO_START_APPS=${APP}`,
    IMAGE,
  ]);
  try {
    return await milestones(port, t0);
  } finally {
    await sh("podman", ["rm", "-f", name]);
  }
}

/** The same entry point on this machine, its own process group (ended whole). */
async function nativeStart(): Promise<StartTimes> {
  const port = freePort();
  const runtime = await Deno.makeTempDir({ prefix: "oso-bench-runtime-" });
  const t0 = performance.now();
  const child = new Deno.Command("setsid", {
    args: [ENTRYPOINT, "serve"],
    env: {
      OSO_TOKEN: TOKEN,
      OSO_PORT: String(port),
      OSO_START_APPS: APP,
      XDG_RUNTIME_DIR: runtime,
      HOME: runtime,
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      // The cache `deno task` filled here (the entry point runs from the cache alone).
      DENO_DIR: Deno.env.get("DENO_DIR") ?? `${Deno.env.get("HOME")}/.cache/deno`,
    },
    stdout: "null",
    stderr: "null",
  }).spawn();
  try {
    return await milestones(port, t0);
  } finally {
    Deno.kill(-child.pid, "SIGKILL");
    await child.status;
    await Deno.remove(runtime, { recursive: true });
  }
}

async function suiteCost(parallelism: number) {
  const { scripts } = await fixtureSuiteScripts(TASKS);
  const key = "bench-key-0123456789";
  const model = startFleetModel(scripts, { model: "bench-model", apiKey: key, hold: null });
  const results = await Deno.makeTempDir({ prefix: "oso-bench-suite-" });
  try {
    const t0 = performance.now();
    const out = await new Deno.Command(Deno.execPath(), {
      args: [
        "run",
        "-A",
        CLI,
        "run",
        "--tasks",
        TASKS,
        "--name",
        "bench",
        "--model",
        "bench-model",
        "--base-url",
        model.url,
        "--parallelism",
        String(parallelism),
        "--results",
        results,
      ],
      env: { OSO_AGENT_API_KEY: key },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const wall = (performance.now() - t0) / 1000;
    if (out.code !== 0) throw new Error(decoder.decode(out.stderr));
    const [run] = JSON.parse(
      await Deno.readTextFile(join(results, "summary.json")),
    ) as RunSummary[];
    return {
      wall,
      podSeconds: run.totals.podSeconds,
      score: run.totals.score,
      tasks: run.totals.tasks,
    };
  } finally {
    await model.stop();
    await Deno.remove(results, { recursive: true });
  }
}

const size = Number(
  (await sh("podman", ["image", "inspect", IMAGE, "--format", "{{.Size}}"])).trim(),
);
console.log(`## ${IMAGE}: ${(size / 1e9).toFixed(2)} GB\n`);
const history = (await sh("podman", ["history", "--format", "{{.Size}}\t{{.CreatedBy}}", IMAGE]))
  .trim().split("\n").map((line) => line.split("\t")).filter(([s]) => /GB|MB/.test(s));
console.log("| layer | size |\n|---|---|");
for (const [layer, by] of history) {
  console.log(`| ${by.replace(/\s+/g, " ").slice(0, 90)}… | ${layer} |`);
}

const container: StartTimes[] = [];
const native: StartTimes[] = [];
for (let i = 0; i < RUNS; i++) {
  container.push(await containerStart());
  native.push(await nativeStart());
}
const row = (label: string, runs: StartTimes[]) =>
  `| ${label} | ${
    (["healthy", "listed", "captured"] as const).map((k) =>
      `${Math.round(median(runs.map((r) => r[k])))} (${
        Math.round(Math.min(...runs.map((r) => r[k])))
      }–${Math.round(Math.max(...runs.map((r) => r[k])))})`
    ).join(" | ")
  } |`;
console.log(`\n## Start, ms: median (min–max) of ${RUNS}\n`);
console.log(
  "| started as | healthy /api/healthz | window listed | window captured |\n|---|---|---|---|",
);
console.log(row("container (podman run)", container));
console.log(row("the same entry point, no container", native));

console.log("\n## The fixture suite: 4 tasks, one pod each (the sum is scripted wrong: 3 of 4)\n");
console.log("| pods at a time | wall s | pod s (sum) | score |\n|---|---|---|---|");
for (const parallelism of [1, 2]) {
  const cost = await suiteCost(parallelism);
  console.log(
    `| ${parallelism} | ${cost.wall.toFixed(1)} | ${
      cost.podSeconds.toFixed(1)
    } | ${cost.score} of ${cost.tasks} |`,
  );
}
