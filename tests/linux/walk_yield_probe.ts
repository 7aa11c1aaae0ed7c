// Run as its own process by walk_yield_test.ts: libatspi keeps process-wide
// state, and `deno test --parallel` runs every test file in one process.
// Walks the first window of the application with the given pid whole, then
// again with a walk told to make way after `rounds` rounds, then whole once
// more on the same connections; prints one JSON line of what it saw.
//
// Usage: deno run --allow-all walk_yield_probe.ts <pid> <rounds>

import { openAtspiSession } from "../../adapters/linux/atspi/host.ts";
import { AtspiBatch } from "../../adapters/linux/atspi/batch.ts";
import { captureFrame, WalkYielded } from "../../adapters/linux/atspi/capture.ts";
import { SCREEN_COORDINATES } from "../../adapters/linux/atspi/frames.ts";

const [pid, rounds] = Deno.args.map(Number);
const LIMITS = { maxDepth: 64, maxNodes: 20_000, timeoutMs: 30_000 };

const { session, apps } = openAtspiSession();
const batch = new AtspiBatch(apps);
session.pump();
const app = session.children(session.desktop).find((a) => session.processId(a) === pid);
const frame = app === undefined ? null : session.children(app)[0] ?? null;
if (frame === null) throw new Error(`no accessible window of process ${pid}`);

const walkWhole = () => {
  batch.reset();
  const started = performance.now();
  const { capture } = captureFrame(session, batch, frame, SCREEN_COORDINATES, LIMITS, "");
  return {
    json: JSON.stringify(capture.root),
    nodes: capture.nodeCount,
    ms: performance.now() - started,
  };
};

const before = walkWhole();
let asked = 0;
let yielded = false;
batch.reset();
const started = performance.now();
try {
  captureFrame(session, batch, frame, SCREEN_COORDINATES, LIMITS, "", () => ++asked > rounds);
} catch (e) {
  if (!(e instanceof WalkYielded)) throw e;
  yielded = true;
}
const yieldedMs = performance.now() - started;
const after = walkWhole();
console.log(JSON.stringify({
  nodes: before.nodes,
  wholeMs: before.ms,
  yielded,
  asked,
  yieldedMs,
  sameAfter: after.json === before.json,
  afterMs: after.ms,
}));
Deno.exit(0);
