// What a cold capture of a LibreOffice Writer window costs, and where
// (issue 21, item 4): the capture the AT-SPI host makes (all reads pipelined
// on its own bus connection), the CPU time LibreOffice and this process
// spend meanwhile, then one question asked of every node at once (a
// D-Bus Ping, which no accessibility code answers, and the reads a capture
// makes), and the AT-SPI Cache interface's GetItems, the bulk read.
//
//   npx -y deno@2.9.6 run -A bench/libreoffice_calls.ts
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { launchWriter, startDesktop } from "../tests/linux/desktop.ts";
import type { Accessible } from "../adapters/linux/atspi/connection.ts";
import { openAtspiSession } from "../adapters/linux/atspi/host.ts";
import {
  ACTIONS,
  AtspiBatch,
  ATTRIBUTES,
  CHILDREN,
  type Query,
  STATE,
  type Target,
  targetOf,
} from "../adapters/linux/atspi/batch.ts";
import { captureFrame } from "../adapters/linux/atspi/capture.ts";
import { SCREEN_COORDINATES } from "../adapters/linux/atspi/frames.ts";
import { median } from "./measure/timing.ts";

const RUNS = 7;
const LIMITS = { maxDepth: 64, maxNodes: 100_000, timeoutMs: 30_000 };
const PING: Query<boolean> = {
  iface: "org.freedesktop.DBus.Peer",
  member: "Ping",
  signature: "",
  read: () => true,
};
/** Every object the application's cache holds, with name, role, states and child count. */
const GET_ITEMS: Query<number> = {
  iface: "org.a11y.atspi.Cache",
  member: "GetItems",
  signature: "a((so)(so)(so)iiassusau)",
  read: ([items]) => (items as unknown[]).length,
};

/** CPU milliseconds (user + system) a process has used, from /proc. */
function cpuMs(pid: number | "self"): number {
  const fields = Deno.readTextFileSync(`/proc/${pid}/stat`).split(") ")[1].split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Wall time and the CPU time of LibreOffice and of this process for `body`, medians of RUNS. */
function measure(pid: number, body: () => void): { wall: number; office: number; own: number } {
  const wall: number[] = [];
  const office: number[] = [];
  const own: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const [office0, own0, t0] = [cpuMs(pid), cpuMs("self"), performance.now()];
    body();
    wall.push(performance.now() - t0);
    office.push(cpuMs(pid) - office0);
    own.push(cpuMs("self") - own0);
  }
  return { wall: median(wall), office: median(office), own: median(own) };
}

const desktop = await startDesktop({ width: 1920, height: 1080 });
const writer = await launchWriter(desktop);
for (const [k, v] of Object.entries(desktop.env)) Deno.env.set(k, v);
const rows: string[] = [];
try {
  const { session, apps: connections } = openAtspiSession();
  const batch = new AtspiBatch(connections);
  // LibreOffice keeps building its window for seconds after mapping it: wait for a stable count.
  let frame: Accessible | null = null;
  const counts: number[] = [];
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    session.pump();
    const apps = session.children(session.desktop);
    batch.reset();
    const office = apps.find((app) => session.processId(app) === writer.pid);
    frame = office ? session.children(office)[0] ?? null : null;
    if (frame !== null) {
      counts.push(
        captureFrame(session, batch, frame, SCREEN_COORDINATES, LIMITS, "").capture
          .nodeCount,
      );
      const last = counts.slice(-3);
      if (last.length === 3 && last[0] > 1000 && last.every((c) => c === last[0])) break;
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  if (frame === null) throw new Error("no LibreOffice frame on the accessibility bus");
  const nodes = counts.at(-1)!;
  const targets: Target[] = [];
  const collect = (accessible: Accessible) => {
    targets.push(targetOf(accessible)!);
    for (const child of session.children(accessible)) collect(child);
  };
  collect(frame);

  const row = (what: string, calls: number, m: ReturnType<typeof measure>) =>
    rows.push(
      `| ${what} | ${calls} | ${m.wall.toFixed(1)} ms | ${m.office} ms | ${m.own} ms | ${
        (1000 * m.wall / calls).toFixed(0)
      } µs |`,
    );
  const captureFrom = frame;
  row(
    `capture of the window (${nodes} nodes, every field)`,
    nodes,
    measure(writer.pid, () => {
      captureFrame(session, batch, captureFrom, SCREEN_COORDINATES, LIMITS, "");
    }),
  );
  const questions: Array<[string, Query<unknown>]> = [
    ["Ping (no accessibility code)", PING],
    ["GetState", STATE],
    ["GetChildren", CHILDREN],
    ["GetAttributes", ATTRIBUTES],
    ["GetActions", ACTIONS],
  ];
  for (const [what, query] of questions) {
    row(
      `${what}, every node at once`,
      targets.length,
      measure(writer.pid, () => {
        batch.ask(targets, query);
      }),
    );
  }
  const cache = [{ bus: targets[0].bus, path: "/org/a11y/atspi/cache" }];
  const items = batch.ask(cache, GET_ITEMS)[0];
  row(
    `Cache.GetItems (${items} items), one call`,
    1,
    measure(writer.pid, () => {
      batch.ask(cache, GET_ITEMS);
    }),
  );
} finally {
  await writer.kill();
  await desktop.stop();
}

console.log(`LibreOffice Writer, medians of ${RUNS} runs:\n`);
console.log("| what | objects | wall | LibreOffice CPU | own CPU | wall per object |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const line of rows) console.log(line);
Deno.exit(0);
