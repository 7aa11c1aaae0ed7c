// ScreenRecorder (lib/osworld/services/recorder.ts) against a fake screen
// (tests/helpers/fake_screen.ts), its file read back (tests/helpers/avi.ts):
// the video keeps the wall clock's time (a slow grab's picture repeated), it
// ends by itself at its time and byte limits and on a failing grab with the
// frames so far, and start/stop refuse what they must. Timings are only
// bounded loosely: the machine may be loaded.

import assert from "node:assert/strict";
import { ToolError } from "../../model/errors.ts";
import { stopPngWorker } from "../../formats/image/workers.ts";
import { type Recording, ScreenRecorder } from "./recorder.ts";
import { readAvi } from "../../../tests/helpers/avi.ts";
import { FakeScreen, until } from "../../../tests/helpers/fake_screen.ts";

/** Reads the recording's file back and removes it. */
async function readBack(recording: Recording) {
  const bytes = await Deno.readFile(recording.path);
  await Deno.remove(recording.path);
  assert.equal(bytes.length, recording.bytes);
  const avi = readAvi(bytes);
  assert.equal(avi.frames.length, recording.frames);
  for (const frame of avi.frames) {
    assert.deepEqual([...frame.subarray(0, 2)], [0xff, 0xd8], "a JPEG's start");
    assert.deepEqual([...frame.subarray(-2)], [0xff, 0xd9], "a JPEG's end");
  }
  return avi;
}

/** How many runs of equal frames there are: the pictures grabbed. */
function pictures(frames: Uint8Array[]): number {
  const same = (a: Uint8Array, b: Uint8Array) =>
    a.length === b.length && a.every((x, i) => x === b[i]);
  return frames.filter((frame, i) => i === 0 || !same(frame, frames[i - 1])).length;
}

function recorderTest(name: string, fn: () => Promise<void>) {
  Deno.test(name, async () => {
    try {
      await fn();
    } finally {
      stopPngWorker();
    }
  });
}

recorderTest("a recording's frame count follows the wall clock at its rate", async () => {
  const screen = new FakeScreen();
  const recorder = new ScreenRecorder(screen.grab, { fps: 20 });
  const before = performance.now();
  recorder.start();
  assert.equal(recorder.recording, true);
  await until(() => screen.grabs >= 6, "six grabs");
  // The video lasts from start() to stop(), however many pictures it took meanwhile.
  const elapsed = performance.now() - before;
  const recording = await recorder.stop();
  assert.equal(recorder.recording, false);
  assert.deepEqual([recording.endedBy, recording.error], ["stopped", null]);
  const avi = await readBack(recording);
  assert.deepEqual([avi.width, avi.height, avi.fps], [64, 48, 20]);
  assert.ok(Math.abs(recording.frames - elapsed / 50) <= 1, `${recording.frames} in ${elapsed} ms`);
});

recorderTest(
  "a slow screen's pictures are repeated so the video keeps the wall clock",
  async () => {
    // Each grab takes three frames' time at 20 fps.
    const screen = new FakeScreen({ delayMs: 150 });
    const recorder = new ScreenRecorder(screen.grab, { fps: 20 });
    const before = performance.now();
    recorder.start();
    await until(() => screen.grabs >= 5, "five grabs");
    const elapsed = performance.now() - before;
    const recording = await recorder.stop();
    const avi = await readBack(recording);
    // Four grabs of 150 ms each done: at least 600 ms, twelve frames, each picture about three.
    assert.ok(Math.abs(avi.frames.length - elapsed / 50) <= 1, `${avi.frames.length} frames`);
    assert.ok(avi.frames.length >= 12, `${avi.frames.length} frames`);
    assert.ok(pictures(avi.frames) <= screen.grabs, "only pictures grabbed");
    assert.ok(avi.frames.length >= 2 * pictures(avi.frames), "pictures repeated");
  },
);

recorderTest("a recording ends by itself at its time limit, its file kept for stop()", async () => {
  const screen = new FakeScreen();
  const recorder = new ScreenRecorder(screen.grab, { fps: 10, maxSeconds: 0.3 });
  recorder.start();
  await until(() => recorder.ended !== null, "the time limit");
  assert.equal(recorder.ended, "max_seconds");
  assert.equal(recorder.recording, true, "held until stop()");
  assert.throws(() => recorder.start(), (e) => e instanceof ToolError && e.code === "BadRequest");
  const grabs = screen.grabs;
  const recording = await recorder.stop();
  assert.equal(screen.grabs, grabs, "no grab after the limit");
  assert.equal(recording.endedBy, "max_seconds");
  assert.equal((await readBack(recording)).frames.length, 3, "0.3 s at 10 fps");
});

recorderTest(
  "a recording whose time limit passed before its first frame has that frame",
  async () => {
    const screen = new FakeScreen();
    const recorder = new ScreenRecorder(screen.grab, { fps: 10, maxSeconds: 0.3 });
    recorder.start();
    // The thread held past the limit, as on a starved machine, before the recording could begin.
    const heldUntil = performance.now() + 400;
    while (performance.now() < heldUntil) { /* held */ }
    await until(() => recorder.ended !== null, "the time limit");
    const recording = await recorder.stop();
    assert.equal(recording.endedBy, "max_seconds");
    assert.equal(screen.grabs, 1, "one picture");
    assert.equal((await readBack(recording)).frames.length, 3, "0.3 s at 10 fps");
  },
);

recorderTest("a recording ends by itself before its file grows past the byte limit", async () => {
  const screen = new FakeScreen();
  const maxBytes = 4000;
  const recorder = new ScreenRecorder(screen.grab, { fps: 20, maxBytes });
  recorder.start();
  await until(() => recorder.ended !== null, "the byte limit");
  const recording = await recorder.stop();
  assert.equal(recording.endedBy, "max_bytes");
  assert.ok(recording.bytes <= maxBytes, `${recording.bytes} bytes`);
  assert.ok((await readBack(recording)).frames.length >= 1);
});

recorderTest("a failing grab ends the recording with the frames so far", async () => {
  const cases: Array<[string, FakeScreen, RegExp]> = [
    ["the display gone", new FakeScreen({ failFrom: 4 }), /the display is gone/],
    ["the screen resized", new FakeScreen({ growFrom: 4 }), /changed size from 64×48 to 66×48/],
  ];
  for (const [label, screen, message] of cases) {
    const recorder = new ScreenRecorder(screen.grab, { fps: 20 });
    recorder.start();
    await until(() => recorder.ended !== null, label);
    const recording = await recorder.stop();
    assert.equal(recording.endedBy, "failed", label);
    assert.match(recording.error!, message, label);
    const avi = await readBack(recording);
    assert.equal(pictures(avi.frames), 3, `${label}: the three pictures before`);
  }
});

recorderTest("start and stop refuse what they must", async () => {
  const idle = new ScreenRecorder(new FakeScreen().grab);
  await assert.rejects(idle.stop(), (e) => e instanceof ToolError && e.code === "BadRequest");
  const failing = new ScreenRecorder(new FakeScreen({ failFrom: 1 }).grab);
  failing.start();
  await assert.rejects(
    failing.stop(),
    (e) => e instanceof ToolError && e.code === "Internal" && /the display is gone/.test(e.message),
  );
  assert.equal(failing.recording, false);
  const settings: Array<[string, ConstructorParameters<typeof ScreenRecorder>[1], RegExp]> = [
    ["fps 0", { fps: 0 }, /fps/],
    ["fractional fps", { fps: 2.5 }, /fps/],
    ["no time", { maxSeconds: 0 }, /maxSeconds/],
    ["past AVI's size", { maxBytes: 2 ** 32 }, /maxBytes/],
    ["quality 0", { quality: 0 }, /quality/],
  ];
  for (const [label, bad, message] of settings) {
    assert.throws(() => new ScreenRecorder(new FakeScreen().grab, bad), message, label);
  }
});
