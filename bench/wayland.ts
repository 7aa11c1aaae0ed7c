// The Wayland adapter's speed next to X11's, in one run: the same
// applications (gtk3-widget-factory, gnome-calculator) on a 1920×1080
// headless sway and on a 1920×1080 Xvfb with openbox, one service on each,
// measured by an HTTP client: the window list, a full-screen screenshot (PNG
// and JPEG, as the client receives them) and a full-detail capture of each
// window (the tree cache off, the live mirror off: a walk every time). The
// screenshots in JSON (base64) and as the response body (Accept: image/…).
// With --gnome, a third column: the same on a headless GNOME Shell reached
// through xdg-desktop-portal (its consent dialogs answered first, as a user).
//
//   deno run -A bench/wayland.ts [--runs N] [--gnome]

import { parseArgs } from "node:util";
import { percentile, timeCalls } from "./measure/timing.ts";
import { startService } from "../tests/helpers/service.ts";
import { startWaylandDesktop } from "../tests/wayland/desktop.ts";
import { startDesktop } from "../tests/linux/desktop.ts";
import { startGnomeDesktop } from "../tests/wayland/gnome_desktop.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { runs: { type: "string" }, gnome: { type: "boolean" } },
});
const RUNS = Number(values.runs ?? "30");
const CONFIG = {
  tree: { max_depth: 64, default_depth: 64, cache_ttl_s: 0, live_mirror: false },
};

interface Row {
  what: string;
  p50: number;
  p90: number;
}

async function measure(url: string): Promise<Row[]> {
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
  // By process: each desktop titles a window its own way (GNOME through AT-SPI).
  const windows = (await (await fetch(`${url}/api/windows`)).json()).windows as Array<
    { process: string; window_uid: string }
  >;
  for (const [name, process] of APPS) {
    const window = windows.find((w) => w.process === process);
    if (!window) throw new Error(`${process} is not listed`);
    await row(
      `GET /api/structure, ${name}, full detail`,
      `/api/structure?window_uid=${encodeURIComponent(window.window_uid)}&detail=full`,
    );
  }
  return rows;
}

const APPS = [["gtk3-widget-factory", "gtk3-widget-factory"], ["Calculator", "gnome-calculator"]];

const wayland = await startWaylandDesktop({ width: 1920, height: 1080 });
let waylandRows: Row[];
try {
  await wayland.launch("gtk3-widget-factory");
  await wayland.launch("gnome-calculator");
  const service = await startService({ mock: false, env: wayland.env, config: CONFIG });
  try {
    waylandRows = await measure(service.url);
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
    x11Rows = await measure(service.url);
  } finally {
    await service.stop();
  }
} finally {
  await x11.stop();
}

/** GNOME through its portal: the screenshot consent answered (Tab, Return) before measuring. */
async function gnomeRows(): Promise<Row[]> {
  const gnome = await startGnomeDesktop({ width: 1920, height: 1080 });
  try {
    await gnome.launch("gtk3-widget-factory");
    await gnome.launch("gnome-calculator");
    const service = await startService({ mock: false, env: gnome.env, config: CONFIG });
    try {
      const listed = async () =>
        ((await (await fetch(`${service.url}/api/windows`)).json()).windows as Array<
          { process: string }
        >).map((w) => w.process);
      for (let tries = 0; (await listed()).filter((p) => p !== "gnome-shell").length < 2;) {
        if (++tries > 300) throw new Error("the applications never reached the accessibility bus");
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      for (let answered = false;;) {
        const shot = await fetch(`${service.url}/api/screenshot?format=jpeg`);
        await shot.arrayBuffer();
        if (shot.ok) break;
        if (shot.status !== 503) throw new Error(`screenshot: ${shot.status}`);
        if (!answered) await gnome.keys("Tab", "Return");
        answered = true;
      }
      return await measure(service.url);
    } finally {
      await service.stop();
    }
  } finally {
    await gnome.stop();
  }
}

const gnome = values.gnome ? await gnomeRows() : null;

const ms = (n: number) => `${n.toFixed(1)} ms`;
const cell = (row: Row) => `${ms(row.p50)} / ${ms(row.p90)}`;
console.log(
  `| call (p50 / p90 of ${RUNS}) | sway (Wayland) | Xvfb (X11) |${
    gnome ? " GNOME Shell (portal) |" : ""
  }\n|---|---:|---:|${gnome ? "---:|" : ""}`,
);
waylandRows.forEach((w, i) => {
  console.log(
    `| ${w.what} | ${cell(w)} | ${cell(x11Rows[i])} |${gnome ? ` ${cell(gnome[i])} |` : ""}`,
  );
});
