// The REST half of the schema fuzz (fuzz_test.ts), run on a worker thread at
// a lower priority than the service and the health probe: on a 2-core machine
// the load generator then never holds a core the probe is waiting for, so a
// probe's latency measures the service, not the test's own client.

import { inputSchemaOf } from "../../lib/interfaces/mcp/schemas.ts";
import { allowedOverGet } from "../../lib/runtime/registry.ts";
import { TOOLS } from "../../lib/tools/index.ts";
import { lowerThreadPriority } from "../../lib/support/thread_priority.ts";
import { argsFor, type JsonSchema, Rng } from "../helpers/fuzz_values.ts";

export interface RestFuzzJob {
  url: string;
  seed: number;
  cases: number;
  concurrency: number;
  /** An answer slower than this is a problem. */
  slowMs: number;
}

export interface Outcome {
  label: string;
  status: number;
  ms: number;
  problem: string | null;
}

export interface RestFuzzResult {
  problems: string[];
  slowest: Outcome | null;
}

const tools = [...TOOLS.values()];
const schemas = new Map(tools.map((t) => [t.name, inputSchemaOf(t) as JsonSchema]));

function queryOf(args: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(args)) {
    params.set(k, typeof v === "string" ? v : JSON.stringify(v) ?? "");
  }
  return params.toString();
}

async function restCase(url: string, rng: Rng, slowMs: number): Promise<Outcome> {
  const tool = rng.pick(tools);
  const args = argsFor(schemas.get(tool.name)!, rng);
  const query = queryOf(args);
  // Browsers and proxies cap URLs near 8 KiB; longer GETs are the transport test's business.
  const viaGet = allowedOverGet(tool) && rng.chance(0.3) && query.length < 8192;
  const started = performance.now();
  const res = viaGet
    ? await fetch(`${url}/api/tool/${tool.name}?${query}`)
    : await fetch(`${url}/api/tool/${tool.name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(args),
    });
  const text = await res.text();
  const ms = performance.now() - started;
  const label = `${viaGet ? "GET" : "POST"} ${tool.name} ${JSON.stringify(args).slice(0, 300)}`;
  let problem: string | null = null;
  try {
    JSON.parse(text);
  } catch {
    problem = `non-JSON body: ${text.slice(0, 120)}`;
  }
  if (res.status >= 500 && res.status !== 501) problem = `${res.status}: ${text.slice(0, 300)}`;
  if (ms > slowMs) problem = `took ${ms.toFixed(0)} ms`;
  return { label, status: res.status, ms, problem };
}

async function run(
  { url, seed, cases, concurrency, slowMs }: RestFuzzJob,
): Promise<RestFuzzResult> {
  const rng = new Rng(seed);
  const problems: string[] = [];
  let next = 0;
  let slowest: Outcome | null = null;
  const client = async () => {
    while (next < cases) {
      next++;
      const outcome = await restCase(url, rng, slowMs);
      if (outcome.problem) problems.push(`${outcome.problem} ← ${outcome.label}`);
      if (slowest === null || outcome.ms > slowest.ms) slowest = outcome;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  return { problems, slowest };
}

// deno-lint-ignore no-explicit-any
const scope = self as any;
scope.onmessage = async (event: MessageEvent<RestFuzzJob>) => {
  lowerThreadPriority();
  scope.postMessage(await run(event.data));
};
