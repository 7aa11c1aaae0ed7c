// observe_window cost (issue 5 targets): bytes of a diff after a one-field
// change vs the full tree (≤ 2 %), and time to answer a repeated observe of
// an unchanged window from the cache (< 2 ms at the service).
// `deno run -A bench/observe.ts`

import { defaultConfig } from "../lib/formats/config/config.ts";
import { Session } from "../lib/runtime/session.ts";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { TOOLS } from "../lib/tools/index.ts";
import { BigTreeAdapter } from "./big_adapter.ts";
import { bigTree, oneChange } from "./big_tree.ts";
import { startService } from "../tests/helpers/service.ts";

const observe = async (session: Session, args: Record<string, unknown>) =>
  (await dispatch(session, TOOLS, "observe_window", args, "rest")).body;

async function timed(runs: number, fn: () => Promise<unknown>): Promise<[number, number]> {
  for (let i = 0; i < 20; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return [times[Math.floor(runs / 2)], times[Math.floor(runs * 0.99)]];
}

const bytes = (body: unknown) => new TextEncoder().encode(JSON.stringify(body)).length;
const ms = ([p50, p99]: [number, number]) => `p50 ${p50.toFixed(3)} ms, p99 ${p99.toFixed(3)} ms`;

for (const size of [1_000, 10_000]) {
  const tree = bigTree(size);
  const adapter = new BigTreeAdapter(tree);
  const config = defaultConfig();
  config.tree.cache_ttl_s = 3600;
  const session = new Session(adapter, config, { configPath: "", configError: null });
  const full = await observe(session, { depth: 8 });
  adapter.tree = oneChange(tree);
  session.cache.invalidate(null);
  const custom = await observe(session, { since: full.tree_token });
  const patch = await observe(session, { since: full.tree_token, format: "json-patch" });
  const fullBytes = bytes(full);
  console.log(`\n${size} nodes: full observation ${fullBytes} bytes`);
  for (const [name, body] of [["custom", custom], ["json-patch", patch]] as const) {
    const b = bytes(body);
    console.log(`  one-field diff, ${name}: ${b} bytes = ${(100 * b / fullBytes).toFixed(2)} %`);
  }
  const hit = await timed(200, () => observe(session, {}));
  console.log(`  repeated observe, cache hit, full (depth 5): ${ms(hit)}`);
  // Each observation diffs against the previous one, as an agent chains tokens.
  let token = (await observe(session, {})).tree_token;
  const next = (fresh: boolean) => async () => {
    if (fresh) session.cache.invalidate(null);
    const body = await observe(session, { since: token });
    if (body.unchanged !== true) throw new Error(`not an unchanged diff: ${JSON.stringify(body)}`);
    token = body.tree_token;
  };
  console.log(
    `  repeated observe, cache hit, since (unchanged): ${ms(await timed(200, next(false)))}`,
  );
  console.log(
    `  observe after a fresh walk, since (unchanged): ${ms(await timed(50, next(true)))}`,
  );
}

const svc = await startService();
try {
  const uid = (await (await fetch(`${svc.url}/api/windows`)).json()).windows[0].window_uid;
  const url = `${svc.url}/api/observe?window_uid=${uid}`;
  const roundTrip = await timed(1000, async () => await (await fetch(url)).text());
  console.log(`\nmock Notepad over HTTP, cache hit, full observe round trip: ${ms(roundTrip)}`);
  const metrics = await (await fetch(`${svc.url}/api/metrics`)).text();
  console.log(metrics.split("\n").filter((l) => l.startsWith("oso_tree_cache_")).join("\n"));
} finally {
  await svc.stop();
}
