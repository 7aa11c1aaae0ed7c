// AviMjpegWriter (lib/formats/video/avi_mjpeg.ts) written as a stream and read
// back (tests/helpers/avi.ts): chunk sizes, padding of odd frames, the frame
// count in both headers, the rate, and idx1's offsets to every frame.

import assert from "node:assert/strict";
import { AVI_HEADER_BYTES, AviMjpegWriter } from "./avi_mjpeg.ts";
import { readAvi } from "../../../tests/helpers/avi.ts";

/** What a file holds after `frames` were streamed in and the header rewritten. */
function streamed(writer: AviMjpegWriter, frames: Uint8Array[]): Uint8Array {
  const parts = [writer.header()];
  for (const frame of frames) {
    const before = writer.bytes;
    parts.push(writer.frame(frame));
    assert.equal(writer.bytes - before, AviMjpegWriter.frameCost(frame.length));
  }
  parts.push(writer.index());
  const file = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    file.set(part, at);
    at += part.length;
  }
  file.set(writer.header(), 0);
  return file;
}

const bytesOf = (length: number, seed: number) =>
  Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);

Deno.test("AviMjpegWriter: a streamed file reads back with every size, count and offset right", () => {
  const cases: Array<[string, number, number, number, number[]]> = [
    // label, width, height, fps, frame sizes
    ["no frames", 640, 480, 10, []],
    ["one even frame", 1280, 800, 10, [1000]],
    ["odd frames are padded", 33, 17, 25, [1, 3, 1001, 2]],
    ["many frames, one a second", 1920, 1080, 1, Array.from({ length: 50 }, (_, i) => 500 + i)],
  ];
  for (const [label, width, height, fps, sizes] of cases) {
    const writer = new AviMjpegWriter(width, height, fps);
    assert.equal(writer.header().length, AVI_HEADER_BYTES);
    const frames = sizes.map((size, i) => bytesOf(size, i));
    const file = streamed(writer, frames);
    assert.equal(file.length, writer.bytes, `${label}: bytes is the finished length`);
    const avi = readAvi(file);
    assert.deepEqual(
      [avi.width, avi.height, avi.fps, avi.microSecPerFrame],
      [width, height, fps, Math.round(1_000_000 / fps)],
      label,
    );
    assert.deepEqual([avi.handler, avi.compression], ["MJPG", "MJPG"], label);
    assert.equal(avi.totalFrames, frames.length, `${label}: avih's frame count`);
    assert.equal(avi.streamLength, frames.length, `${label}: strh's length`);
    assert.deepEqual(avi.frames, frames, `${label}: the frames as written`);
    assert.ok(avi.index.every((e) => e.id === "00dc" && e.flags === 0x10), `${label}: key frames`);
  }
});

Deno.test("AviMjpegWriter: the rate is whole frames a second", () => {
  for (const fps of [0, -1, 2.5, NaN]) {
    assert.throws(() => new AviMjpegWriter(10, 10, fps), /fps must be a whole number/);
  }
});
