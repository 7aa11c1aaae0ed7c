// Reads an AVI file back for the tests of lib/formats/video/avi_mjpeg.ts and
// the screen recorder: every RIFF chunk's size checked against what it holds,
// the headers' fields, the frames in 'movi' and the idx1 entries checked
// against them.

import { strict as assert } from "node:assert";

export interface AviFile {
  width: number;
  height: number;
  /** strh's dwRate / dwScale. */
  fps: number;
  microSecPerFrame: number;
  /** avih's dwTotalFrames. */
  totalFrames: number;
  /** strh's dwLength. */
  streamLength: number;
  handler: string;
  compression: string;
  frames: Uint8Array[];
  index: Array<{ id: string; flags: number; offset: number; size: number }>;
}

interface Chunk {
  id: string;
  /** Where the chunk's header starts in the file. */
  at: number;
  size: number;
  /** For RIFF and LIST: the list's type and what it holds. */
  type?: string;
  children?: Chunk[];
}

const text = (bytes: Uint8Array, at: number) => String.fromCharCode(...bytes.subarray(at, at + 4));

/** The chunks from `start` to exactly `end` (padding to even sizes included). */
function chunksIn(bytes: Uint8Array, view: DataView, start: number, end: number): Chunk[] {
  const out: Chunk[] = [];
  let at = start;
  while (at < end) {
    const id = text(bytes, at);
    const size = view.getUint32(at + 4, true);
    const chunk: Chunk = { id, at, size };
    if (id === "RIFF" || id === "LIST") {
      chunk.type = text(bytes, at + 8);
      chunk.children = chunksIn(bytes, view, at + 12, at + 8 + size);
    }
    out.push(chunk);
    at += 8 + size + (size % 2);
  }
  assert.equal(at, end, `the chunks from ${start} end at ${end}`);
  return out;
}

function only(chunks: Chunk[] | undefined, id: string, type?: string): Chunk {
  const found = (chunks ?? []).filter((c) =>
    c.id === id && (type === undefined || c.type === type)
  );
  assert.equal(found.length, 1, `one ${id} ${type ?? ""}`);
  return found[0];
}

export function readAvi(bytes: Uint8Array): AviFile {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [riff] = chunksIn(bytes, view, 0, bytes.length);
  assert.equal(riff.id, "RIFF");
  assert.equal(riff.type, "AVI ");
  assert.equal(riff.size, bytes.length - 8);
  const hdrl = only(riff.children, "LIST", "hdrl");
  const avih = only(hdrl.children, "avih");
  const strl = only(hdrl.children, "LIST", "strl");
  const strh = only(strl.children, "strh");
  const strf = only(strl.children, "strf");
  const movi = only(riff.children, "LIST", "movi");
  const idx1 = only(riff.children, "idx1");
  assert.deepEqual([avih.size, strh.size, strf.size], [56, 56, 40]);
  const u32 = (chunk: Chunk, field: number) => view.getUint32(chunk.at + 8 + field, true);
  assert.equal(text(bytes, strh.at + 8), "vids");
  const frames = movi.children!.map((c) => {
    assert.equal(c.id, "00dc");
    return bytes.subarray(c.at + 8, c.at + 8 + c.size);
  });
  const index = Array.from({ length: idx1.size / 16 }, (_, i) => {
    const at = idx1.at + 8 + i * 16;
    return {
      id: text(bytes, at),
      flags: view.getUint32(at + 4, true),
      offset: view.getUint32(at + 8, true),
      size: view.getUint32(at + 12, true),
    };
  });
  // idx1's offsets count from the 'movi' type, each to its chunk's header.
  assert.deepEqual(
    index.map(({ offset, size }) => ({ at: movi.at + 8 + offset, size })),
    movi.children!.map(({ at, size }) => ({ at, size })),
    "each index entry points at its frame's chunk",
  );
  return {
    width: u32(avih, 32),
    height: u32(avih, 36),
    fps: u32(strh, 24) / u32(strh, 20),
    microSecPerFrame: u32(avih, 0),
    totalFrames: u32(avih, 16),
    streamLength: u32(strh, 32),
    handler: text(bytes, strh.at + 12),
    compression: text(bytes, strf.at + 8 + 16),
    frames,
    index,
  };
}
