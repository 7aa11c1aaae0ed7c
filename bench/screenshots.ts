// Screenshots on Linux (issue 21), side by side in one run on a 1920×1080
// Xvfb desktop showing gtk3-widget-factory: the grab with XGetImage (the
// baseline) and with MIT-SHM, each with the conversion to RGBA; PNG encoding
// of that picture by filter and zlib level; JPEG encoding with TurboJPEG (from
// RGBA, and from X's own BGRX, which would spare the conversion) and with the
// JavaScript fallback; base64; and the whole GET /api/screenshot at the
// service, PNG and JPEG, in JSON and as the response body (the four answers
// alternating request by request, 100 rounds, with the baseline checkout's
// service beside it when given), and the bodies again as curl reads them.
//
//   npx -y deno@2.9.6 run -A bench/screenshots.ts [--baseline /tmp/oso-before]
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { openX11 } from "../adapters/linux/ffi/x11.ts";
import { XDisplay } from "../adapters/linux/x11/display.ts";
import { grabRootArea } from "../adapters/linux/x11/screenshot.ts";
import { bgrxToRgba } from "../lib/formats/image/pixel_layout.ts";
import { ShmGrabber } from "../adapters/linux/x11/shm_grab.ts";
import { toBase64 } from "../lib/model/base64.ts";
import { encodeJpeg } from "../lib/formats/image/jpeg.ts";
import { encodePng, type PngFilter } from "../lib/formats/image/png.ts";
import { turboJpeg } from "../lib/formats/image/turbojpeg.ts";
import { startService } from "../tests/helpers/service.ts";
import { median, percentile, timeCalls } from "./measure/timing.ts";
import { startDesktop } from "../tests/linux/desktop.ts";
import { option } from "./measure/args.ts";
import { curlTimes } from "./measure/curl.ts";

const RUNS = 40;
/** Rounds of the service's four screenshot answers, one request of each a round. */
const ROUNDS = 100;
/**
 * An earlier checkout (e.g. a `git worktree`): its PNG encoder is timed beside
 * this one's, and its service's answers as the body beside this one's.
 */
const baselineCheckout = option("--baseline");

async function timed(call: () => unknown): Promise<{ p50: number; p95: number }> {
  const times = await timeCalls(RUNS, call);
  return { p50: median(times), p95: percentile(times, 0.95) };
}

const rows: string[] = [];
const row = (what: string, t: { p50: number; p95: number }, note = "") =>
  rows.push(`| ${what} | ${t.p50.toFixed(1)} ms | ${t.p95.toFixed(1)} ms | ${note} |`);

const desktop = await startDesktop({ width: 1920, height: 1080 });
const app = await desktop.launch("gtk3-widget-factory");
const saved = Deno.env.get("DISPLAY");
Deno.env.set("DISPLAY", desktop.display);
const { x11, close } = openX11();
const x = XDisplay.open(x11);
try {
  const area = { x: 0, y: 0, width: 1920, height: 1080 };
  const shm = ShmGrabber.open(x, area.width, area.height);
  if (!shm) throw new Error("the X server offers no MIT-SHM");
  row("grab 1920×1080 + RGBA, XGetImage (baseline)", await timed(() => grabRootArea(x, area)));
  row("grab 1920×1080 + RGBA, MIT-SHM", await timed(() => shm.grab(area)));
  row("grab 1920×1080 as X's BGRX, MIT-SHM", await timed(() => shm.grab(area, "bgrx")));
  const picture = shm.grab(area)!;
  shm.close();
  let png: Uint8Array = new Uint8Array();
  for (const [filter, level] of [["up", 3], ["up", 1], ["none", 1]] as Array<[PngFilter, number]>) {
    let bytes = 0;
    const t = await timed(async () => {
      const out = await encodePng(picture, { filter, level });
      bytes = out.length;
      if (filter === "up" && level === 3) png = out;
    });
    row(`PNG encode, filter ${filter}, level ${level}`, t, `${Math.round(bytes / 1024)} KB`);
  }
  if (baselineCheckout) {
    // The same picture through an earlier checkout's encoder, in this run.
    const before = await import(`${baselineCheckout}/lib/formats/image/png.ts`);
    let size = 0;
    const t = await timed(async () => size = (await before.encodePng(picture)).length);
    row("PNG encode, default, the baseline checkout's encoder", t, `${Math.round(size / 1024)} KB`);
  }
  row("base64 of the default PNG", await timed(() => toBase64(png)));
  const turbo = turboJpeg();
  if (!turbo) throw new Error("libturbojpeg is missing: apt-get install libturbojpeg0");
  let jpeg: Uint8Array = new Uint8Array();
  row(
    "JPEG encode, TurboJPEG, quality 80, 4:2:0, from RGBA",
    await timed(() => jpeg = encodeJpeg(picture, 80, turbo)),
    `${Math.round(jpeg.length / 1024)} KB`,
  );
  // Swapping red and blue is its own inverse: this makes the X server's BGRX from the RGBA.
  const bgrx = bgrxToRgba(
    new Uint32Array(picture.data.buffer),
    area.width * 4,
    area.width,
    area.height,
  );
  row(
    "JPEG encode, TurboJPEG, quality 80, 4:2:0, from BGRX",
    await timed(() => turbo.encode({ ...picture, data: bgrx, layout: "bgrx" }, 80)),
    "X's layout: no conversion",
  );
  row(
    "BGRX → RGBA conversion (inside the grab rows)",
    await timed(() =>
      bgrxToRgba(new Uint32Array(bgrx.buffer), area.width * 4, area.width, area.height)
    ),
  );
  let fallback = 0;
  row(
    "JPEG encode, jpeg-js (fallback), quality 80, 4:4:4",
    await timed(() => fallback = encodeJpeg(picture, 80, null).length),
    `${Math.round(fallback / 1024)} KB`,
  );
  row("base64 of the JPEG", await timed(() => toBase64(jpeg)));
} finally {
  x.close();
  close();
  if (saved === undefined) Deno.env.delete("DISPLAY");
  else Deno.env.set("DISPLAY", saved);
}

const service = await startService({ mock: false, env: desktop.env });
// The baseline's service on the same desktop, for the answers as the body (issue 45's goals).
const before = baselineCheckout
  ? await startService({ mock: false, env: desktop.env, checkout: baselineCheckout })
  : null;
try {
  interface Kind {
    what: string;
    url: string;
    headers: Record<string, string>;
    goal: string;
  }
  const asBody = (format: string, url: string, whose: string, goal: string): Kind => ({
    what: `GET /api/screenshot, Accept: image/${format} (full screen, the body decoded to bytes)` +
      whose,
    url: `${url}/api/screenshot`,
    headers: { accept: `image/${format}` },
    goal,
  });
  const pngGoal = "issue 45's goal ≤ 16 ms p50 at the client (PNG)";
  const jpegGoal = "issue 45's goal ≤ 10 ms p50 at the client (JPEG)";
  const kinds: Kind[] = [
    {
      what: "GET /api/screenshot (full screen, PNG) at the service",
      url: `${service.url}/api/screenshot`,
      headers: {},
      goal: "goal ≤ 15 ms p50, ≤ 25 ms p95",
    },
    {
      what: "GET /api/screenshot?format=jpeg (full screen, JPEG) at the service",
      url: `${service.url}/api/screenshot?format=jpeg`,
      headers: {},
      goal: "goal ≤ 15 ms p50, ≤ 25 ms p95",
    },
    // The picture as the body: no base64 at the service, none to decode at the client.
    asBody("png", service.url, "", pngGoal),
    asBody("jpeg", service.url, "", jpegGoal),
    ...(before
      ? [
        asBody("png", before.url, ", baseline", "the baseline checkout, in the same rounds"),
        asBody("jpeg", before.url, ", baseline", "the baseline checkout, in the same rounds"),
      ]
      : []),
  ];
  // The answers alternate request by request, so that the machine's drift (a
  // third within a minute here) meets each of them alike.
  const times = kinds.map((): number[] => []);
  for (let round = -5; round < ROUNDS; round++) {
    for (const [k, { url, headers }] of kinds.entries()) {
      const started = performance.now();
      await (await fetch(url, { headers })).arrayBuffer();
      if (round >= 0) times[k].push(performance.now() - started); // the first five warm up
    }
  }
  for (const [k, { what, goal }] of kinds.entries()) {
    row(what, { p50: median(times[k]), p95: percentile(times[k], 0.95) }, goal);
  }
  // The same bodies read by curl, another client, on kept connections: the answer's time
  // apart from Deno's fetch and its streams.
  const curled = kinds.filter((kind) => kind.headers.accept !== undefined);
  for (const [k, times] of (await curlTimes(curled, ROUNDS)).entries()) {
    row(
      `${curled[k].what.replace(" (full screen, the body decoded to bytes)", " (full screen)")}, ` +
        "read by curl",
      { p50: median(times), p95: percentile(times, 0.95) },
      "the same answer, another client",
    );
  }
} finally {
  await service.stop();
  await before?.stop();
  await app.kill();
  await desktop.stop();
}

console.log("| step | p50 | p95 | note |");
console.log("|---|---:|---:|---|");
for (const line of rows) console.log(line);
