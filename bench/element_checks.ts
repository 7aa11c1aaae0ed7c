// What an element verb's checks cost, over HTTP, on live windows: hover_element
// (it acts without changing the window) on named buttons of each of the view
// apps, this checkout next to a baseline checkout, each with the live mirror
// on and off. One service at a time: every service's AT-SPI host follows the
// events the others' hovers cause, so services side by side slow each other.
// The variants take turns in a mirrored order (A B C D D C B A), so that
// whatever else the machine does weighs on them alike.
//
//   deno run -A bench/element_checks.ts <baseline checkout>
//   (e.g. a `git worktree add /tmp/base <commit>` against this checkout)
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { startService } from "../tests/helpers/service.ts";
import { startDesktop, VIEW_APPS } from "../tests/linux/desktop.ts";
import { type Element, walk } from "../lib/model/tree.ts";
import { median } from "./measure/timing.ts";
import { callTool } from "./measure/service_tool.ts";
import { settledWindow } from "./measure/views.ts";

const ROUNDS = 8;
const BUTTONS = 5;

const baseline = Deno.args[0];
if (!baseline) {
  console.error("usage: deno run -A bench/element_checks.ts <baseline checkout>");
  Deno.exit(2);
}

const variants = [
  { name: "baseline, mirror on", checkout: baseline, live_mirror: true },
  { name: "baseline, mirror off", checkout: baseline, live_mirror: false },
  { name: "this, mirror on", checkout: undefined, live_mirror: true },
  { name: "this, mirror off", checkout: undefined, live_mirror: false },
];
const turns = [...variants.keys(), ...[...variants.keys()].reverse()];

/** Named, enabled buttons on screen, the first BUTTONS of the window's tree. */
function buttonsOf(root: Element, screen: Element["bounds"]): Element[] {
  const found: Element[] = [];
  walk(root, (e) => {
    const onScreen = e.bounds.width > 0 && e.bounds.height > 0 &&
      e.bounds.x >= screen.x && e.bounds.y >= screen.y &&
      e.bounds.x + e.bounds.width <= screen.x + screen.width &&
      e.bounds.y + e.bounds.height <= screen.y + screen.height;
    if (e.role === "Button" && e.enabled && e.name.trim() !== "" && onScreen) found.push(e);
  });
  return found.slice(0, BUTTONS);
}

/** hover_element on each button, ROUNDS times, through one service of its own. */
async function timeHovers(
  variant: typeof variants[number],
  env: Record<string, string>,
  uid: string,
): Promise<number[]> {
  const { checkout, live_mirror } = variant;
  const service = await startService({
    checkout,
    mock: false,
    env,
    config: { tree: { max_depth: 64, cache_ttl_s: 0, capture_timeout_ms: 60_000, live_mirror } },
  });
  try {
    await settledWindow(service.url, uid);
    // The tree served once, so that element ids are the service's own to check.
    const structure = await callTool(service.url, "get_window_structure", {
      window_uid: uid,
      depth: 64,
    });
    const buttons = buttonsOf(structure.tree, structure.tree.bounds);
    const times: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      for (const button of buttons) {
        const started = performance.now();
        await callTool(service.url, "hover_element", {
          window_uid: uid,
          element_id: button.id,
          hover_ms: 0,
        });
        // The first round warms the service's capture of the window.
        if (round > 0) times.push(performance.now() - started);
      }
    }
    return times;
  } finally {
    await service.stop();
  }
}

const desktop = await startDesktop({ width: 1920, height: 1080 });
const rows: string[] = [];
try {
  for (const [name, launch] of VIEW_APPS) {
    const app = await launch(desktop);
    try {
      const uid = `x11:${app.window.toString(16)}`;
      const times: number[][] = variants.map(() => []);
      for (const k of turns) times[k].push(...await timeHovers(variants[k], desktop.env, uid));
      if (times[0].length === 0) continue;
      rows.push(`| ${name} | ${times.map((t) => `${median(t).toFixed(1)} ms`).join(" | ")} |`);
      console.error(rows.at(-1));
    } finally {
      await app.kill();
    }
  }
} finally {
  await desktop.stop();
}

console.log(
  `hover_element by id over HTTP, p50 of 2 × ${ROUNDS - 1} rounds over the window's first ` +
    `${BUTTONS} named buttons on screen (either checkout waits the same poll interval ` +
    `between its two looks at the element); one service at a time.\n`,
);
console.log(`| app | ${variants.map((v) => v.name).join(" | ")} |`);
console.log(`|---|${variants.map(() => "---:").join("|")}|`);
for (const row of rows) console.log(row);
