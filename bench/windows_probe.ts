// The Windows adapter's layers timed in-process, run by the Windows build of
// Deno (bench/windows.ts starts it under wine; on Windows run it directly with
// notepad and tests/windows/fixtures/controls.c's program open). Prints one
// JSON line of figures.
//
//   deno run -A bench/windows_probe.ts

import type { CaptureLimits } from "../adapters/types.ts";
import { enterApartment } from "../adapters/windows/com/apartment.ts";
import { comCallCount } from "../adapters/windows/com/vtable.ts";
import { openMsaaSource } from "../adapters/windows/msaa/index.ts";
import { uiaSourceFrom } from "../adapters/windows/uia/index.ts";
import type { TreeSource } from "../adapters/windows/tree_source/tree_source.ts";
import { performInput } from "../adapters/windows/win32/input.ts";
import { screenBounds } from "../adapters/windows/win32/monitors.ts";
import { captureArea, captureWindow } from "../adapters/windows/win32/screenshot.ts";
import { listWindows } from "../adapters/windows/win32/windows.ts";
import { type FakeSpec, FakeUia } from "../tests/windows/in_wine/fake_uia.ts";
import { median } from "./measure/timing.ts";

const LIMITS: CaptureLimits = { maxDepth: 30, maxNodes: 10_000, timeoutMs: 10_000 };

/** Median milliseconds of `runs` calls of `body` after two warm-up calls. */
function time(runs: number, body: () => unknown): number {
  body();
  body();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    body();
    samples.push(performance.now() - started);
  }
  return Number(median(samples).toFixed(2));
}

function captureFigures(source: TreeSource, hwnd: bigint, runs: number) {
  const first = source.capture(hwnd, String(hwnd), LIMITS);
  const callsBefore = comCallCount();
  const ms = time(runs, () => source.capture(hwnd, String(hwnd), LIMITS));
  const calls = (comCallCount() - callsBefore) / (runs + 2);
  return {
    nodes: first.nodeCount,
    ms,
    calls_per_node: Number((calls / first.nodeCount).toFixed(1)),
  };
}

/** A window of `rows` list items under a menu bar and a tool bar: a mid-sized real window's shape. */
function fakeWindow(rows: number): FakeSpec {
  const item = (type: number, name: string, x: number, y: number): FakeSpec => ({
    type,
    name,
    rect: [x, y, 80, 20],
  });
  return {
    type: 50032,
    name: "Fake window",
    rect: [0, 0, 800, 600],
    children: [
      {
        type: 50010,
        name: "Menu",
        rect: [0, 0, 800, 20],
        children: ["File", "Edit", "View", "Help"].map((n, i) => item(50011, n, i * 80, 0)),
      },
      {
        type: 50021,
        name: "Tools",
        rect: [0, 20, 800, 24],
        children: Array.from({ length: 10 }, (_, i) => item(50000, `Tool ${i}`, i * 80, 20)),
      },
      {
        type: 50008,
        name: "Rows",
        rect: [0, 44, 800, 556],
        children: Array.from(
          { length: rows },
          (_, i) => ({ ...item(50007, `Row ${i}`, 0, 44 + i * 20), selected: i === 0 }),
        ),
      },
    ],
  };
}

function fakeUiaFigures(failCache: boolean) {
  const hwnd = 0x4242n;
  const fake = new FakeUia({ [String(hwnd)]: fakeWindow(200) });
  fake.failFindAllBuildCache = failCache;
  const source = uiaSourceFrom(fake.automation.pointer);
  try {
    const nodes = source.capture(hwnd, "fake", LIMITS).nodeCount;
    fake.resetCounts();
    const runs = 20;
    const ms = time(runs, () => source.capture(hwnd, "fake", LIMITS));
    return {
      nodes,
      ms,
      us_per_node: Math.round((ms * 1000) / nodes),
      calls_per_node: Number((fake.totalCalls() / (runs + 2) / nodes).toFixed(1)),
      round_trips_per_node: Number((fake.roundTrips() / (runs + 2) / nodes).toFixed(2)),
    };
  } finally {
    source.close();
    fake.dispose();
  }
}

/** The hwnd of the window titled `title`, waiting for it to appear. */
async function windowTitled(title: string): Promise<bigint> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const found = listWindows().find((w) => w.title === title);
    if (found) return BigInt(found.handle);
    if (Date.now() > deadline) throw new Error(`no window "${title}" after 30 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const notepad = await windowTitled("Untitled - Notepad");
const controls = await windowTitled("OSO Controls");
await new Promise((resolve) => setTimeout(resolve, 500));
enterApartment();
const msaa = openMsaaSource();
const screen = screenBounds();
const text = "The quick brown fox jumps over the lazy dog. ".repeat(2).slice(0, 80);
const typingStarted = performance.now();
performInput({ kind: "text", text });
const typingMs = performance.now() - typingStarted;
console.log(JSON.stringify({
  window_list: { windows: listWindows().length, ms: time(50, listWindows) },
  screenshot: {
    screen: `${screen.width}x${screen.height}`,
    screen_ms: time(20, () => captureArea(screen)),
    window_ms: time(20, () => captureWindow(controls)),
  },
  send_input: { characters: text.length, ms: Math.round(typingMs) },
  msaa_notepad: captureFigures(msaa, notepad, 50),
  msaa_controls: captureFigures(msaa, controls, 30),
  fake_uia_cached: fakeUiaFigures(false),
  fake_uia_live: fakeUiaFigures(true),
}));
msaa.close();
