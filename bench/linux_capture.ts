// Linux adapter speed on a real (headless) desktop, side by side in one run:
// full-detail tree captures of gtk3-widget-factory, mousepad and a LibreOffice
// Writer window, by the adapter and through the service (HTTP, detail=full),
// against an OSWorld-style pyatspi walk reading the same fields, and against
// the application's own time (its CPU and the X server's; perf.app_ms); the window
// list, a 1920×1080 screenshot at the service, and /api/healthz latency while
// captures run back to back.
// `deno run -A bench/linux_capture.ts` (Debian: xvfb openbox dbus at-spi2-core
// gtk-3-examples mousepad python3-pyatspi libreoffice-writer libreoffice-gtk3)

import { createLinuxAdapter } from "../adapters/linux/index.ts";
import { type Adapter, asCapture, type CaptureOptions } from "../adapters/types.ts";
import { encodePngOffThread, stopPngWorker } from "../lib/formats/image/workers.ts";
import { startService } from "../tests/helpers/service.ts";
import {
  launchWriter,
  processesWhere,
  startDesktop,
  TOKEN_VARIABLE,
} from "../tests/linux/desktop.ts";
import { median, percentile, timeCalls } from "./measure/timing.ts";
import { pyatspiWalk } from "./measure/pyatspi.ts";
import { cpuDuring, pidsWith } from "./measure/process_cpu.ts";
import { WALK_EVERY_REQUEST } from "./measure/cold_walks.ts";

const RUNS = 15;
const LIMITS = { maxDepth: 64, maxNodes: 100_000, timeoutMs: 30_000 };
/** Every capture walks the window (no mirror). */
const WALK: CaptureOptions = {};

const ms = (v: number) => v.toFixed(1);

/**
 * Each call's milliseconds, after warm-up calls: a service that has been
 * running for a while has compiled its hot code (its first dozen captures of
 * a window took up to half again as long).
 */
const timed = (runs: number, body: () => Promise<unknown>) => timeCalls(runs, body, 10);

/**
 * Waits until the window's tree has settled: the same node count (at least
 * 50) three times a second apart. LibreOffice keeps building its window for
 * seconds after it maps it.
 */
async function waitForTree(adapter: Adapter, handle: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  const counts: number[] = [];
  for (;;) {
    counts.push(asCapture(await adapter.captureTree(handle, LIMITS, WALK))!.nodeCount);
    const last = counts.slice(-3);
    if (last.length === 3 && last[0] >= 50 && last.every((c) => c === last[0])) return;
    if (Date.now() > deadline) throw new Error(`the tree of window ${handle} did not settle`);
    await new Promise((r) => setTimeout(r, 1000));
  }
}

const desktop = await startDesktop({ width: 1920, height: 1080 });
try {
  // pyatspi takes seconds per LibreOffice walk: fewer runs there.
  const apps = [
    { name: "gtk3-widget-factory", app: await desktop.launch("gtk3-widget-factory"), runs: RUNS },
    { name: "mousepad", app: await desktop.launch("mousepad"), runs: RUNS },
    // pyatspi takes ~3 s a walk of Writer: five of its walks, RUNS of ours.
    { name: "LibreOffice Writer", app: await launchWriter(desktop), runs: 5 },
  ];
  for (const [k, v] of Object.entries(desktop.env)) Deno.env.set(k, v);
  const adapter = await createLinuxAdapter();
  const service = await startService({
    mock: false,
    env: desktop.env,
    config: WALK_EVERY_REQUEST,
  });
  try {
    const get = async (path: string) => {
      const res = await fetch(`${service.url}${path}`);
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
    };
    console.log(
      "## Full-detail captures: adapter, service (HTTP, detail=full) and an OSWorld-style " +
        "pyatspi walk (median ms)\n",
    );
    console.log(
      "| app | pyatspi runs | nodes | adapter p50 | service p50 | pyatspi nodes | pyatspi p50 | " +
        "pyatspi ÷ adapter | pyatspi ÷ service |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|");
    const breakdown: string[] = [];
    const appRows: string[] = [];
    for (const { name, app, runs } of apps) {
      const handle = app.window.toString();
      await waitForTree(adapter, handle);
      // pyatspi first: in two of five runs that walked it last, LibreOffice's
      // window grew its sidebar (1,091 → 1,931 nodes) between our captures and
      // that walk; this way every side reads the same window.
      const theirs = await pyatspiWalk(desktop.env, app.pid, runs);
      let nodes = 0;
      const adapterAppMs: number[] = [];
      const ours = await timed(RUNS, async () => {
        const capture = asCapture(await adapter.captureTree(handle, LIMITS, WALK))!;
        nodes = capture.nodeCount;
        adapterAppMs.push(capture.appMs!);
      });
      const uid = `x11:${app.window.toString(16)}`;
      const serviceAppMs: number[] = [];
      const viaService = await timed(RUNS, async () => {
        const res = await fetch(
          `${service.url}/api/structure?window_uid=${uid}&depth=64&detail=full`,
        );
        if (!res.ok) throw new Error(`structure: ${res.status}`);
        serviceAppMs.push((await res.json()).perf.app_ms);
      });
      appRows.push(
        `| ${name} | ${ms(median(adapterAppMs))} | ${ms(median(ours))} | ` +
          `${(median(ours) / median(adapterAppMs)).toFixed(2)}× | ${ms(median(serviceAppMs))} | ` +
          `${ms(median(viaService))} | ${
            (median(viaService) / median(serviceAppMs)).toFixed(2)
          }× |`,
      );
      const pyatspi = median(theirs.ms);
      console.log(
        `| ${name} | ${runs} | ${nodes} | ${ms(median(ours))} | ${ms(median(viaService))} | ` +
          `${theirs.nodes} | ${ms(pyatspi)} | ${(pyatspi / median(ours)).toFixed(1)}× | ` +
          `${(pyatspi / median(viaService)).toFixed(1)}× |`,
      );
      // Where the time goes: the CPU each party spent over more walks (10 ms ticks, so many).
      const walks = runs * 4;
      let wall = 0;
      const mine = processesWhere((token) => token === desktop.env[TOKEN_VARIABLE]);
      const cpu = await cpuDuring({
        app: [app.pid],
        x: pidsWith(mine, "Xvfb"),
        bus: pidsWith(mine, "dbus-daemon", "accessibility"),
        // Ours and the service's (idle meanwhile).
        host: pidsWith(mine, "/adapters/linux/atspi/"),
      }, async () => {
        const started = performance.now();
        for (let i = 0; i < walks; i++) await adapter.captureTree(handle, LIMITS, WALK);
        wall = performance.now() - started;
      });
      const per = (v: number) => v / walks;
      const answering = per(cpu.app + cpu.x);
      breakdown.push(
        `| ${name} | ${walks} | ${ms(per(wall))} | ${ms(per(cpu.app))} | ${ms(per(cpu.x))} | ` +
          `${ms(per(cpu.bus))} | ${ms(per(cpu.host))} | ${ms(answering)} | ` +
          `${(median(ours) / answering).toFixed(2)}× | ${
            (median(viaService) / answering).toFixed(2)
          }× |`,
      );
    }
    console.log(
      "\n## Where a walk's time goes: CPU per walk of each party over more walks, and the " +
        "walk as a multiple of the application's own time (its CPU and the X server's)\n",
    );
    console.log(
      "| app | walks | wall per walk | app CPU | X server CPU | bus CPU | AT-SPI host CPU | " +
        "app + X | adapter p50 ÷ (app + X) | service p50 ÷ (app + X) |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
    for (const row of breakdown) console.log(row);
    console.log(
      "\n## The same captures against the application's own answering time (perf.app_ms: " +
        "from each round's first question to its last answer, summed; one round's calls are " +
        "pipelined, so the application answers without a break)\n",
    );
    console.log(
      "| app | app_ms p50, adapter walks | adapter p50 | adapter ÷ app_ms | " +
        "app_ms p50, service walks | service p50 | service ÷ app_ms |",
    );
    console.log("|---|---:|---:|---:|---:|---:|---:|");
    for (const row of appRows) console.log(row);
    const list = await timed(50, () => adapter.listWindows());
    const shots = await timed(RUNS, () => adapter.screenshot({ kind: "screen" }));
    const encoded = await timed(RUNS, async () => {
      const image = await adapter.screenshot({ kind: "screen" });
      await encodePngOffThread(image!);
    });
    await adapter.close();
    stopPngWorker();
    console.log(
      `\nadapter window list: p50 ${ms(median(list))} ms, p95 ${ms(percentile(list, 0.95))}`,
    );
    console.log(`adapter 1920×1080 XGetImage→RGBA: p50 ${ms(median(shots))} ms`);
    console.log(`adapter capture + PNG encode: p50 ${ms(median(encoded))} ms`);

    const httpList = await timed(50, () => get("/api/windows"));
    const httpShot = await timed(RUNS, () => get("/api/screenshot"));
    console.log(`\nservice GET /api/windows: p50 ${ms(median(httpList))} ms`);
    console.log(
      `service GET /api/screenshot (1920×1080, PNG, base64): p50 ${ms(median(httpShot))} ms, ` +
        `p95 ${ms(percentile(httpShot, 0.95))}`,
    );

    const uid = `x11:${apps[0].app.window.toString(16)}`;
    let running = true;
    let captures = 0;
    const load = (async () => {
      while (running) {
        await get(`/api/structure?window_uid=${uid}&depth=64`);
        captures++;
      }
    })();
    const pings: number[] = [];
    const until = Date.now() + 5000;
    while (Date.now() < until) {
      const started = performance.now();
      await get("/api/healthz");
      pings.push(performance.now() - started);
    }
    running = false;
    await load;
    console.log(
      `service /api/healthz during back-to-back widget-factory captures (${captures} in 5 s): ` +
        `p50 ${ms(median(pings))} ms, p99 ${ms(percentile(pings, 0.99))} ms over ${pings.length}`,
    );
  } finally {
    await service.stop();
  }
} finally {
  await desktop.stop();
}
