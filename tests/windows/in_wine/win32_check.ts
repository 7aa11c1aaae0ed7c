// Runs under wine's deno.exe (tests/windows/win32_test.ts starts it) against
// notepad and the controls fixture already on the desktop: the window list,
// monitors, screenshots, SendInput and activation of adapters/windows/win32.

import assert from "node:assert/strict";
import { center, sameBounds } from "../../../lib/model/tree.ts";
import type { RawImage } from "../../../lib/model/image.ts";
import { handle, newRect, rectBounds, user32 } from "../../../adapters/windows/ffi/user32.ts";
import { fromWide, wide } from "../../../adapters/windows/ffi/wide_strings.ts";
import { activateWindow } from "../../../adapters/windows/win32/activation.ts";
import { performInput, sendInputs } from "../../../adapters/windows/win32/input.ts";
import { mouseMove } from "../../../adapters/windows/win32/input_events.ts";
import { listMonitors, screenBounds } from "../../../adapters/windows/win32/monitors.ts";
import { captureArea, captureWindow } from "../../../adapters/windows/win32/screenshot.ts";
import {
  foregroundWindow,
  listWindows,
  windowBounds,
  windowExists,
  windowProcessId,
  windowsAbove,
} from "../../../adapters/windows/win32/windows.ts";

const NOTEPAD = "Untitled - Notepad";
const CONTROLS = "OSO Controls";
const WM_GETTEXT = 0x000d;
const EM_GETSEL = 0x00b0;
const EM_POSFROMCHAR = 0x00d6;
const EM_GETFIRSTVISIBLELINE = 0x00ce;
const PROCESS_TERMINATE = 0x0001;

// What the checks need beyond the product's symbol tables.
const probe = Deno.dlopen("user32.dll", {
  FindWindowW: { parameters: ["buffer", "buffer"], result: "pointer" },
  FindWindowExW: { parameters: ["pointer", "pointer", "buffer", "buffer"], result: "pointer" },
  SendMessageW: { parameters: ["pointer", "u32", "usize", "buffer"], result: "isize" },
  SendMessageNumberW: {
    name: "SendMessageW",
    parameters: ["pointer", "u32", "usize", "isize"],
    result: "isize",
  },
  SendMessageTwoBuffersW: {
    name: "SendMessageW",
    parameters: ["pointer", "u32", "buffer", "buffer"],
    result: "isize",
  },
  GetCursorPos: { parameters: ["buffer"], result: "i32" },
  ClientToScreen: { parameters: ["pointer", "buffer"], result: "i32" },
}).symbols;
const kernel = Deno.dlopen("kernel32.dll", {
  OpenProcess: { parameters: ["u32", "i32", "u32"], result: "pointer" },
  TerminateProcess: { parameters: ["pointer", "u32"], result: "i32" },
  CloseHandle: { parameters: ["pointer"], result: "i32" },
}).symbols;

function shown(title: string): boolean {
  return probe.FindWindowW(null, wide(title)) !== null;
}

function topLevel(title: string): bigint {
  const hwnd = Deno.UnsafePointer.value(probe.FindWindowW(null, wide(title)));
  assert.ok(hwnd !== 0n, `no window "${title}"`);
  return hwnd;
}

function child(parent: bigint, className: string, text: string | null = null): bigint {
  const found = probe.FindWindowExW(
    handle(parent),
    null,
    wide(className),
    text === null ? null : wide(text),
  );
  const hwnd = Deno.UnsafePointer.value(found);
  assert.ok(hwnd !== 0n, `no ${className} "${text}" in window ${parent}`);
  return hwnd;
}

function textOf(hwnd: bigint): string {
  const buffer = new Uint16Array(4096);
  const length = Number(probe.SendMessageW(handle(hwnd), WM_GETTEXT, 4096n, buffer));
  return fromWide(buffer, length);
}

function cursor(): { x: number; y: number } {
  const point = new Int32Array(2);
  probe.GetCursorPos(point);
  return { x: point[0], y: point[1] };
}

function colours(image: RawImage): number {
  const pixels = new Uint32Array(image.data.buffer, image.data.byteOffset, image.data.length / 4);
  return new Set(pixels).size;
}

function timed<T>(label: string, body: () => T, runs = 5): T {
  let result = body();
  const started = performance.now();
  for (let i = 0; i < runs; i++) result = body();
  console.log(`timing ${label}: ${((performance.now() - started) / runs).toFixed(2)} ms`);
  return result;
}

/**
 * Polls until `check` holds. `ms` counts only time in which nothing moved: as
 * long as what `seen` shows keeps changing (an app still taking keys, slowly
 * on a busy machine: two wine sessions at once took over 5 s for 310), the
 * wait goes on.
 */
async function eventually(
  what: string,
  check: () => boolean,
  ms = 5000,
  seen = () => "",
): Promise<void> {
  let deadline = Date.now() + ms;
  let last = seen();
  while (!check()) {
    const now = seen();
    if (now !== last) {
      last = now;
      deadline = Date.now() + ms;
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; ${now}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function ok(outcome: ReturnType<typeof performInput>): void {
  assert.ok(outcome.ok, JSON.stringify(outcome));
}

function activate(hwnd: bigint): void {
  const [activated, how] = activateWindow(hwnd);
  console.log(`activate ${hwnd}: ${activated} (${how})`);
  assert.ok(activated, how);
  assert.equal(foregroundWindow(), hwnd);
}

Deno.test("the programs the runner started show their windows", async () => {
  const titles = [NOTEPAD, CONTROLS];
  await eventually(titles.join(" and "), () => titles.every(shown), 30_000);
});

Deno.test("listWindows: notepad with its process, pid, bounds and uid", () => {
  const windows = timed("listWindows", listWindows);
  const notepad = windows.find((w) => w.title === NOTEPAD);
  assert.ok(notepad, JSON.stringify(windows));
  assert.equal(notepad.process.toLowerCase(), "notepad.exe");
  assert.ok(notepad.pid > 0 && notepad.pid !== Deno.pid);
  assert.equal(notepad.pid, windowProcessId(BigInt(notepad.handle)));
  assert.equal(notepad.handle, String(topLevel(NOTEPAD)));
  assert.equal(notepad.window_uid, `win:${notepad.pid}:${notepad.handle}`);
  assert.ok(notepad.bounds.width > 0 && notepad.bounds.height > 0, JSON.stringify(notepad));
  assert.equal(notepad.monitor_index, 0);
  assert.equal(notepad.scale_factor, 1);
  assert.ok(windows.some((w) => w.title === CONTROLS));
  assert.ok(windows.filter((w) => w.focused).length <= 1);
});

Deno.test("monitors: the virtual desktop's one monitor, primary first", () => {
  const monitors = listMonitors();
  console.log(`monitors ${JSON.stringify(monitors)}; screen ${JSON.stringify(screenBounds())}`);
  assert.ok(monitors.length > 0);
  assert.equal(monitors[0].primary, true);
  assert.deepEqual(monitors[0].bounds, screenBounds());
});

Deno.test("activateWindow: the controls window comes to the foreground, on top", () => {
  const controls = topLevel(CONTROLS);
  const notepad = topLevel(NOTEPAD);
  activate(notepad);
  assert.ok(windowsAbove(controls).some((b) => sameBounds(b, windowBounds(notepad)!)));
  activate(controls);
  assert.ok(!windowsAbove(controls).some((b) => sameBounds(b, windowBounds(notepad)!)));
});

Deno.test("screenshots: the screen and the uncovered window, right size, real pixels", () => {
  const screen = screenBounds();
  const shot = timed(`captureArea ${screen.width}x${screen.height}`, () => captureArea(screen));
  assert.ok(shot);
  assert.equal(shot.width, screen.width);
  assert.equal(shot.height, screen.height);
  assert.equal(shot.data.length, screen.width * screen.height * 4);
  assert.ok(colours(shot) > 1);
  assert.ok(shot.data.every((v, i) => i % 4 !== 3 || v === 255), "alpha is 255");
  const hwnd = topLevel(CONTROLS);
  const window = timed("captureWindow", () => captureWindow(hwnd));
  const bounds = windowBounds(hwnd)!;
  assert.ok(window);
  assert.equal(window.width, bounds.width);
  assert.equal(window.height, bounds.height);
  assert.ok(colours(window) > 1);
});

Deno.test("move: the pointer lands on exactly the pixel asked for", () => {
  const screen = screenBounds();
  const points = [
    { x: screen.x, y: screen.y },
    { x: screen.x + screen.width - 1, y: screen.y + screen.height - 1 },
    { x: 513, y: 377 },
    { x: 1, y: screen.height - 2 },
  ];
  for (const point of points) {
    ok(performInput({ kind: "move", ...point }));
    assert.deepEqual(cursor(), point);
  }
  timed("SendInput of one move", () => sendInputs([mouseMove(513, 377, screen)]), 20);
});

Deno.test("click: the centre of 'Press me' presses the button once", async () => {
  const controls = topLevel(CONTROLS);
  const button = child(controls, "Button", "Press me");
  const rect = newRect();
  assert.ok(user32().GetWindowRect(handle(button), rect));
  const label = child(controls, "Static");
  const started = performance.now();
  ok(performInput({ kind: "click", ...center(rectBounds(rect)), button: "left", count: 1 }));
  console.log(`timing click (with settle): ${(performance.now() - started).toFixed(1)} ms`);
  await eventually("Pressed 1", () => textOf(label) === "Pressed 1");
});

Deno.test("activateWindow and text: Unicode typed into notepad reads back exactly", async () => {
  const notepad = topLevel(NOTEPAD);
  activate(notepad);
  const edit = child(notepad, "Edit");
  const text = "héllo ✓ 日本 𝄞";
  const started = performance.now();
  ok(performInput({ kind: "text", text, more: true }));
  console.log(
    `timing SendInput text (${[...text].length} chars): ${
      (performance.now() - started).toFixed(1)
    } ms`,
  );
  await eventually(
    `notepad to read "${text}"`,
    () => textOf(edit) === text,
    5000,
    () => textOf(edit),
  );
  ok(performInput({ kind: "keys", combo: ["ctrl", "a"] }));
  ok(performInput({ kind: "text", text: "alpha beta gamma\nline two" }));
  await eventually(
    "the replaced text",
    () => textOf(edit) === "alpha beta gamma\r\nline two",
    5000,
    () => textOf(edit),
  );
});

/** Screen point of the character at `index` of an edit control, a few pixels into the line. */
function characterPoint(edit: bigint, index: number): { x: number; y: number } {
  const position = Number(
    probe.SendMessageNumberW(handle(edit), EM_POSFROMCHAR, BigInt(index), 0n),
  );
  const point = new Int32Array([position & 0xffff, (position >> 16) & 0xffff]);
  probe.ClientToScreen(handle(edit), point);
  return { x: point[0] + 1, y: point[1] + 4 };
}

function firstVisibleLine(edit: bigint): number {
  return Number(probe.SendMessageNumberW(handle(edit), EM_GETFIRSTVISIBLELINE, 0n, 0n));
}

function selection(edit: bigint): [number, number] {
  const start = new Uint32Array(1);
  const end = new Uint32Array(1);
  probe.SendMessageTwoBuffersW(handle(edit), EM_GETSEL, start, end);
  return [start[0], end[0]];
}

Deno.test("keys: a character the layout types with shift", async () => {
  const edit = child(topLevel(NOTEPAD), "Edit");
  ok(performInput({ kind: "keys", combo: ["+"] }));
  await eventually("a '+' at the end", () => textOf(edit).endsWith("line two+"));
});

Deno.test("double click: selects the word under the pointer in notepad", async () => {
  const edit = child(topLevel(NOTEPAD), "Edit");
  assert.match(textOf(edit), /^alpha beta gamma/);
  ok(performInput({ kind: "click", ...characterPoint(edit, 7), button: "left", count: 2 }));
  await eventually("a selection", () => selection(edit)[1] > selection(edit)[0]);
  const [start, end] = selection(edit);
  assert.ok(start <= 6 && end >= 10 && end <= 11, `selection ${start}..${end}`);
});

Deno.test("drag: selects the text between the two points", async () => {
  const edit = child(topLevel(NOTEPAD), "Edit");
  ok(performInput({ kind: "click", ...characterPoint(edit, 12), button: "left", count: 1 }));
  const from = characterPoint(edit, 0);
  const to = characterPoint(edit, 5);
  ok(
    performInput({
      kind: "drag",
      from: { ...from, x: from.x - 1 },
      to,
      durationMs: 150,
      modifiers: [],
    }),
  );
  await eventually(
    "the dragged selection",
    () => selection(edit)[0] === 0 && selection(edit)[1] === 5,
  );
});

Deno.test("text in batches, then the wheel scrolls notepad", async () => {
  const edit = child(topLevel(NOTEPAD), "Edit");
  const lines = Array.from({ length: 40 }, (_, i) => `line ${i + 1}`).join("\n");
  ok(performInput({ kind: "keys", combo: ["ctrl", "a"] }));
  const started = performance.now();
  ok(performInput({ kind: "text", text: lines, more: true }));
  console.log(
    `timing SendInput text (${lines.length} chars): ${(performance.now() - started).toFixed(1)} ms`,
  );
  const expected = lines.replaceAll("\n", "\r\n");
  await eventually(
    "60 lines",
    () => textOf(edit) === expected,
    5000,
    () => JSON.stringify(textOf(edit)),
  );
  ok(performInput({ kind: "keys", combo: ["ctrl", "home"] }));
  await eventually("the top", () => firstVisibleLine(edit) === 0);
  const rect = newRect();
  user32().GetWindowRect(handle(edit), rect);
  ok(performInput({ kind: "scroll", clicks: -2, ...center(rectBounds(rect)) }));
  await eventually("scrolled down", () => firstVisibleLine(edit) > 0);
  const down = firstVisibleLine(edit);
  ok(performInput({ kind: "scroll", clicks: 1 }));
  await eventually("scrolled back up", () => firstVisibleLine(edit) < down);
});

Deno.test("windowsAbove: notepad, in front, is above the controls window", () => {
  const notepad = topLevel(NOTEPAD);
  const above = windowsAbove(topLevel(CONTROLS));
  assert.ok(above.length > 0);
  assert.ok(above.some((b) => sameBounds(b, windowBounds(notepad)!)));
  assert.deepEqual(windowsAbove(0n), []);
});

Deno.test("windowExists: false once the program is killed", async () => {
  const hwnd = topLevel(CONTROLS);
  assert.ok(windowExists(hwnd));
  const process = kernel.OpenProcess(PROCESS_TERMINATE, 0, windowProcessId(hwnd));
  assert.ok(process !== null);
  assert.ok(kernel.TerminateProcess(process, 1));
  kernel.CloseHandle(process);
  await eventually("the window to go", () => !windowExists(hwnd));
  assert.ok(!listWindows().some((w) => w.handle === String(hwnd)));
});
