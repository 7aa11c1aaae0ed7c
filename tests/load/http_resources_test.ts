// One service under 2,000 idle connections, 100 slow-loris clients and a
// burst of oversize bodies (issue 10): a client polling /api/healthz on fresh
// connections keeps getting answers within 50 ms, and the memory the attack
// took is given back.

import { strict as assert } from "node:assert";
import { healthzMs } from "../helpers/http.ts";
import { type HealthProbe, startHealthProbe } from "../helpers/health_probe.ts";
import { startService } from "../helpers/service.ts";
import { percentile } from "../../bench/measure/timing.ts";

const FLOOD = new URL("../helpers/flood.ts", import.meta.url).pathname;

function rssMiB(pid: number): number {
  const status = Deno.readTextFileSync(`/proc/${pid}/status`);
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)![1]) / 1024;
}

/**
 * Runs one flood in its own process for `holdMs`, then ends it. The attacker
 * runs at the lowest CPU priority: on a two-core runner it would otherwise take
 * a core from the service, where a remote attacker takes none. Its 2,000 idle
 * connections open within one second: opened at the full loopback rate, the
 * kernel's accept queue (511 deep) alone delays a new client by up to ~50 ms
 * on this machine, whatever the server does (docs/PERFORMANCE.md).
 */
async function flood(port: number, holdMs: number): Promise<void> {
  const child = new Deno.Command("nice", {
    args: [
      "-n",
      "19",
      Deno.execPath(),
      "run",
      "--allow-net",
      FLOOD,
      String(port),
      "2000",
      "100",
      "20",
      "2000",
    ],
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const out = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  assert.equal((await out.read()).value?.trim(), "ready");
  await new Promise((r) => setTimeout(r, holdMs));
  await child.stdin.close();
  await child.status;
  await out.cancel();
}

Deno.test("healthz stays fast under idle, slow-loris and oversize-body clients", async () => {
  const service = await startService({
    config: { limits: { header_timeout_ms: 1500, idle_timeout_ms: 1500, body_timeout_ms: 3000 } },
  });
  const { port, pid } = service;
  let probe: HealthProbe | null = null;
  try {
    for (let i = 0; i < 20; i++) await healthzMs(port); // warm up
    const rssBefore = rssMiB(pid);
    probe = await startHealthProbe(port, 20);
    const settle = async () => {
      await new Promise((r) => setTimeout(r, 2000));
      for (let i = 0; i < 5; i++) await healthzMs(port);
      const metrics = await (await fetch(`${service.url}/api/metrics`)).text();
      // this request's own connection, and perhaps the checker's
      const open = Number(/^oso_http_connections (\d+)$/m.exec(metrics)![1]);
      assert.ok(open <= 2, `${open} connections still open after the flood ended`);
      return rssMiB(pid);
    };
    await flood(port, 3000);
    const rssAfterFirst = await settle();
    // A second identical flood: memory kept after the first is capacity, not a leak.
    await flood(port, 3000);
    const rssAfterSecond = await settle();
    const { samples, failures } = await probe.stop();

    const p50 = percentile(samples, 0.5);
    const p95 = percentile(samples, 0.95);
    const max = Math.max(...samples);
    console.error(
      `healthz under attack: ${samples.length} checks, p50 ${p50.toFixed(1)} ms, ` +
        `p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms; RSS ${rssBefore.toFixed(0)} → ` +
        `${rssAfterFirst.toFixed(0)} → ${rssAfterSecond.toFixed(0)} MiB`,
    );
    assert.deepEqual(failures, [], "every check is answered");
    assert.ok(samples.length >= 100, `only ${samples.length} checks answered`);
    // The flood must not hold other callers up: a high percentile says so; the single
    // slowest of thousands of samples is one scheduler hiccup away on a shared machine.
    assert.ok(p95 < 50, `healthz p95 ${p95.toFixed(1)} ms (max ${max.toFixed(1)} ms)`);
    // V8 keeps heap it grew into; what must not happen is growth flood after flood.
    assert.ok(
      rssAfterSecond - rssBefore < 64,
      `two floods kept ${(rssAfterSecond - rssBefore).toFixed(0)} MiB`,
    );
    assert.equal(service.exited(), null);
  } finally {
    await probe?.stop();
    await service.stop();
  }
});
