// Worker side of tests/helpers/health_probe.ts: polls /api/healthz on fresh
// connections on a thread of its own, so what the test's main thread does
// (generating fuzz cases, parsing answers) never inflates a measurement.

import { healthzMs } from "./http.ts";

// deno-lint-ignore no-explicit-any
const scope = self as any;
let stopped = false;
scope.onmessage = async (event: MessageEvent<{ port: number; intervalMs: number } | "stop">) => {
  if (event.data === "stop") {
    stopped = true;
    return;
  }
  const { port, intervalMs } = event.data;
  const samples: number[] = [];
  const failures: string[] = [];
  try {
    await healthzMs(port);
  } catch (e) {
    failures.push(`${(e as Error).message} before the first sample`);
  }
  scope.postMessage("ready");
  while (!stopped) {
    try {
      samples.push(await healthzMs(port));
    } catch (e) {
      failures.push(`${(e as Error).message} at sample ${samples.length}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  scope.postMessage({ samples, failures });
};
