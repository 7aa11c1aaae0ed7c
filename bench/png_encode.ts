// PNG encoding of a realistic 1920×1080 screenshot (the mock desktop drawn
// from its trees): imagescript's encoder vs lib/formats/image/png.ts on the runtime's
// native deflate. `deno run -A bench/png_encode.ts`

import { Image } from "imagescript";
import { MockAdapter } from "../adapters/mock/index.ts";
import { encodePng, type PngFilter } from "../lib/formats/image/png.ts";

const shot = (await new MockAdapter().screenshot({ kind: "screen" }))!;
const RUNS = 15;

async function measure(name: string, encode: () => Promise<Uint8Array>) {
  await encode(); // warm-up
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    bytes = (await encode()).length;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(RUNS / 2)];
  const p95 = times[Math.min(RUNS - 1, Math.ceil(RUNS * 0.95) - 1)];
  console.log(`| ${name} | ${median.toFixed(1)} | ${p95.toFixed(1)} | ${bytes} |`);
}

console.log(`${shot.width}×${shot.height}, ${RUNS} runs each\n`);
console.log("| encoder | median ms | p95 ms | bytes |");
console.log("|---|---:|---:|---:|");
const image = new Image(shot.width, shot.height);
image.bitmap.set(shot.data);
await measure("imagescript 1.3.1 `encode()`", async () => await image.encode());
for (const filter of ["none", "sub", "up"] as PngFilter[]) {
  await measure(`lib/formats/image/png.ts, filter ${filter}`, () => encodePng(shot, { filter }));
}
await measure("lib/formats/image/png.ts, default", () => encodePng(shot));
