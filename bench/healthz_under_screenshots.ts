// /api/healthz latency while another client takes full-screen screenshots
// back to back (the mock desktop: 1920×1080 render + PNG encode per shot).
// `deno run -A bench/healthz_under_screenshots.ts` (needs wrk)

import { startService } from "../tests/helpers/service.ts";

const svc = await startService();
let running = true;
const shots = (async () => {
  let n = 0;
  while (running) {
    const res = await fetch(`${svc.url}/api/screenshot`);
    await res.arrayBuffer();
    n++;
  }
  return n;
})();
const out = await new Deno.Command("wrk", {
  args: ["-t", "1", "-c", "2", "-d", "5s", "--latency", `${svc.url}/api/healthz`],
  stdout: "piped",
}).output();
running = false;
const text = new TextDecoder().decode(out.stdout);
const pick = (re: RegExp) => re.exec(text)?.[1] ?? "?";
console.log(`screenshots taken meanwhile: ${await shots}`);
console.log(
  `healthz: ${pick(/Requests\/sec:\s+(\S+)/)} req/s, p50 ${pick(/\s50%\s+(\S+)/)}, ` +
    `p99 ${pick(/\s99%\s+(\S+)/)}`,
);
await svc.stop();
