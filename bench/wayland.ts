// The Wayland adapter's speed next to X11's, in one run: the same
// applications (gtk3-widget-factory, gnome-calculator) on a 1920×1080
// headless sway and on a 1920×1080 Xvfb with openbox, one service on each,
// measured by an HTTP client: the window list, a full-screen screenshot (PNG
// and JPEG, as the client receives them) and a full-detail capture of each
// window (the tree cache off, the live mirror off: a walk every time). The
// screenshots in JSON (base64) and as the response body (Accept: image/…).
//
//   deno run -A bench/wayland.ts [--runs N]

import { parseArgs } from "node:util";
import { percentile, timeCalls } from "./measure/timing.ts";
import { startService } from "../tests/helpers/service.ts";
import { startWaylandDesktop } from "../tests/wayland/desktop.ts";
import { startDesktop } from "../tests/linux/desktop.ts";

const { values } = parseArgs({ args: Deno.args, options: { runs: { type: "string" } } });
const RUNS = Number(values.runs ?? "30");
const CONFIG = {
  tree: { max_depth: 64, default_depth: 64, cache_ttl_s: 0, live_mirror: false },
};

interface Row {
  what: string;
  p50: number;
  p90: number;
}

async function measure(url: string, titles: string[]): Promise<Row[]> {
  const get = async (path: string, accept?: string) => {
    const response = await fetch(`${url}${path}`, { headers: accept ? { accept } : {} });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    await response.arrayBuffer();
  };
  const rows: Row[] = [];
  const row = async (what: string, path: string, accept?: string) => {
    const times = await timeCalls(RUNS, () => get(path, accept), 3);
    rows.push({ what, p50: percentile(times, 0.5), p90: percentile(times, 0.9) });
  };
  await row("GET /api/windows", "/api/windows");
  await row("GET /api/screenshot (PNG, 1920×1080)", "/api/screenshot?format=png");
  await row("GET /api/screenshot (JPEG, 1920×1080)", "/api/screenshot?format=jpeg");
  await row(
    "GET /api/screenshot, Accept: image/png (the PNG as the body)",
    "/api/screenshot",
    "image/png",
  );
  await row(
    "GET /api/screenshot, Accept: image/jpeg (the JPEG as the body)",
    "/api/screenshot",
    "image/jpeg",
  );
  for (const title of titles) {
    await row(
      `GET /api/structure, ${title}, full detail`,
      `/api/structure?window_title=${encodeURIComponent(title)}&detail=full`,
    );
  }
  return rows;
}

const TITLES = ["gtk3-widget-factory", "Calculator"];

const wayland = await startWaylandDesktop({ width: 1920, height: 1080 });
let waylandRows: Row[];
try {
  await wayland.launch("gtk3-widget-factory");
  await wayland.launch("gnome-calculator");
  const service = await startService({ mock: false, env: wayland.env, config: CONFIG });
  try {
    waylandRows = await measure(service.url, TITLES);
  } finally {
    await service.stop();
  }
} finally {
  await wayland.stop();
}

const x11 = await startDesktop({ width: 1920, height: 1080 });
let x11Rows: Row[];
try {
  await x11.launch("gtk3-widget-factory");
  await x11.launch("gnome-calculator");
  const service = await startService({ mock: false, env: x11.env, config: CONFIG });
  try {
    x11Rows = await measure(service.url, TITLES);
  } finally {
    await service.stop();
  }
} finally {
  await x11.stop();
}

const ms = (n: number) => `${n.toFixed(1)} ms`;
console.log(`| call (p50 / p90 of ${RUNS}) | sway (Wayland) | Xvfb (X11) |\n|---|---:|---:|`);
waylandRows.forEach((w, i) => {
  const x = x11Rows[i];
  console.log(`| ${w.what} | ${ms(w.p50)} / ${ms(w.p90)} | ${ms(x.p50)} / ${ms(x.p90)} |`);
});
