// Observation at the speed of events (issue 21), side by side in one run on a
// 1920×1080 Xvfb desktop with gtk3-widget-factory and mousepad: observe_window
// over HTTP against a service that walks the window on every call (cache off:
// today's uncached walk, the baseline) and one with the live AT-SPI mirror
// (tree.live_mirror); observe after one change (a toggle, a typed character)
// made through XTest; and how soon a wait_for on tree_changes returns after
// such a change.
//
//   npx -y deno@2.9.6 run -A bench/observe_live.ts
//
// Prints markdown tables (docs/PERFORMANCE.md keeps the last run).

import { xtestDevice } from "./measure/xtest_device.ts";
import type { InputAction } from "../adapters/types.ts";
import { type Element, walk } from "../lib/model/tree.ts";
import { startService } from "../tests/helpers/service.ts";
import { startDesktop } from "../tests/linux/desktop.ts";
import { median, percentile } from "./measure/timing.ts";
import { callTool } from "./measure/service_tool.ts";
import { togglesOnClick } from "./measure/toggle.ts";

const RUNS = 40;
const CHANGES = 20;
/** After a change, time for the window to finish moving (mousepad scrolls smoothly). */
const QUIET_MS = 400;

type Service = Awaited<ReturnType<typeof startService>>;

const tool = (service: Service, name: string, args: Record<string, unknown>) =>
  callTool(service.url, name, args);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const stats = (times: number[]) => ({ p50: median(times), p95: percentile(times, 0.95) });
const ms = (v: number) => `${v.toFixed(1)} ms`;

/** Each observe's milliseconds at the client, after `before` ran untimed. */
async function observeTimes(
  service: Service,
  uid: string,
  runs: number,
  before: () => Promise<unknown> = () => Promise.resolve(),
): Promise<number[]> {
  const times: number[] = [];
  await tool(service, "observe_window", { window_uid: uid });
  for (let i = 0; i < runs; i++) {
    await before();
    const t0 = performance.now();
    await tool(service, "observe_window", { window_uid: uid });
    times.push(performance.now() - t0);
  }
  return times;
}

/** The first element of the full tree that `test` accepts. */
async function findElement(
  service: Service,
  uid: string,
  test: (e: Element) => boolean,
): Promise<Element> {
  const structure = await tool(service, "get_window_structure", {
    window_uid: uid,
    detail: "full",
    depth: 64,
  });
  let found: Element | null = null;
  walk(structure.tree as Element, (e) => {
    if (found === null && test(e)) found = e;
  });
  if (found === null) throw new Error("no element to change");
  return found;
}

const desktop = await startDesktop({ width: 1920, height: 1080 });
const apps = [
  await desktop.launch("gtk3-widget-factory"),
  await desktop.launch("mousepad"),
];
const { input, close: closeInput } = xtestDevice(desktop.display);
const walkEveryTime = await startService({
  mock: false,
  env: desktop.env,
  config: { tree: { cache_ttl_s: 0, live_mirror: false } },
});
const mirrored = await startService({
  mock: false,
  env: desktop.env,
  config: { tree: { live_mirror: true } },
});

const unchanged: string[] = [];
const changed: string[] = [];
const reactions: string[] = [];
try {
  const windows = (await tool(mirrored, "list_windows", {})).windows as Array<
    { title: string; window_uid: string; bounds: Element["bounds"] }
  >;
  const uidOf = (pattern: RegExp) => {
    const found = windows.find((w) => pattern.test(w.title));
    if (!found) throw new Error(`no window ${pattern} among ${windows.map((w) => w.title)}`);
    return found.window_uid;
  };
  const targets = [
    { name: "gtk3-widget-factory", pattern: /widget-factory/i },
    { name: "mousepad", pattern: /mousepad/i },
  ];
  for (const { name, pattern } of targets) {
    const walked = stats(await observeTimes(walkEveryTime, uidOf(pattern), RUNS));
    const mirror = stats(await observeTimes(mirrored, uidOf(pattern), RUNS));
    unchanged.push(
      `| ${name} | ${ms(walked.p50)} | ${ms(walked.p95)} | ${ms(mirror.p50)} | ${
        ms(mirror.p95)
      } | ${(walked.p50 / mirror.p50).toFixed(1)}× |`,
    );
  }

  // One change before each observe: a check box toggled, a character typed.
  const factory = uidOf(/widget-factory/i);
  const box = await findElement(
    mirrored,
    factory,
    togglesOnClick,
  );
  const click: InputAction = {
    kind: "click",
    x: box.bounds.x + Math.round(box.bounds.width / 2),
    y: box.bounds.y + Math.round(box.bounds.height / 2),
    button: "left",
    count: 1,
  };
  const pad = uidOf(/mousepad/i);
  const padWindow = windows.find((w) => w.window_uid === pad)!;
  const typeOne: InputAction = { kind: "text", text: "a" };
  const changes: Array<[string, string, InputAction, () => Promise<unknown>]> = [
    ["gtk3-widget-factory, a check box toggled", factory, click, () => Promise.resolve()],
    [
      "mousepad, a character typed",
      pad,
      typeOne,
      // Focus the text view once: the click lands in the document.
      () =>
        input.perform({
          kind: "click",
          x: padWindow.bounds.x + Math.round(padWindow.bounds.width / 2),
          y: padWindow.bounds.y + Math.round(padWindow.bounds.height / 2),
          button: "left",
          count: 1,
        }),
    ],
  ];
  for (const [what, uid, action, prepare] of changes) {
    // The windows overlap: the changed one must be on top for the input to reach it.
    await tool(mirrored, "bring_to_foreground", { window_uid: uid });
    await sleep(300);
    await prepare();
    // The change, then time for its events to arrive: the observe that follows must show it.
    const change = async () => {
      await input.perform(action);
      await sleep(150);
    };
    const walked = stats(await observeTimes(walkEveryTime, uid, CHANGES, change));
    const mirror = stats(await observeTimes(mirrored, uid, CHANGES, change));
    changed.push(
      `| ${what} | ${ms(walked.p50)} | ${ms(walked.p95)} | ${ms(mirror.p50)} | ${ms(mirror.p95)} |`,
    );

    // wait_for tree_changes, started before the change: its return after the change was sent.
    // Each at its floor: 50 ms when every poll walks, 10 ms with the mirror.
    const waits = [["walk", walkEveryTime, 50], ["mirror", mirrored, 10]] as const;
    for (const [label, service, pollMs] of waits) {
      const times: number[] = [];
      // A wait that returns before the input saw the window still moving (a smooth scroll
      // runs ~200 ms after a typed character): left out of the figures, and counted.
      let early = 0;
      for (let i = 0; i < CHANGES; i++) {
        const { tree_token } = await tool(service, "observe_window", { window_uid: uid });
        // Its return is timed when the reply comes, not after perform's settling pause.
        let returned = 0;
        const waiting = tool(service, "wait_for", {
          any_of: [{ type: "tree_changes", since: tree_token }],
          poll_ms: pollMs,
          timeout_ms: 5000,
        }).then((outcome) => {
          returned = performance.now();
          return outcome;
        });
        await sleep(100 + Math.random() * 100);
        const sent = performance.now();
        await input.perform(action);
        const outcome = await waiting;
        if (returned < sent) early++;
        else times.push(returned - sent);
        if (outcome.matched_index !== 0) {
          throw new Error(`wait_for did not see the change: ${JSON.stringify(outcome)}`);
        }
        // Quiet again before the next wait starts.
        await sleep(QUIET_MS);
      }
      const t = stats(times);
      reactions.push(
        `| ${what} | ${label}, poll_ms ${pollMs} | ${ms(t.p50)} | ${ms(t.p95)} | ${early} |`,
      );
    }
  }
} finally {
  await walkEveryTime.stop();
  await mirrored.stop();
  await closeInput();
  for (const app of apps) await app.kill();
  await desktop.stop();
}

console.log(`Observe of an unchanged window (${RUNS} calls each, HTTP):\n`);
console.log("| app | walk p50 | walk p95 | mirror p50 | mirror p95 | walk ÷ mirror |");
console.log("|---|---:|---:|---:|---:|---:|");
for (const line of unchanged) console.log(line);
console.log(`\nObserve after one change (${CHANGES} changes each):\n`);
console.log("| change | walk p50 | walk p95 | mirror p50 | mirror p95 |");
console.log("|---|---:|---:|---:|---:|");
for (const line of changed) console.log(line);
console.log(`\nwait_for tree_changes: its return after the input was sent:\n`);
console.log("| change | service | p50 | p95 | returned before the input (left out) |");
console.log("|---|---|---:|---:|---:|");
for (const line of reactions) console.log(line);
