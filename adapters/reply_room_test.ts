// ReplyRoom (./reply_room.ts): a reply's bytes go in a room offered when one
// is big enough, else in a buffer of their own; touchedRoom makes room for a
// reply a quarter bigger than a big last one, in whole pages.

import { strict as assert } from "node:assert";
import { ReplyRoom, touchedRoom } from "./reply_room.ts";

/** Offers rooms of the given sizes, then takes each length: which room it came in, or "new". */
function takes(offered: number[], lengths: number[]): Array<number | "new"> {
  const rooms = offered.map((bytes) => new ArrayBuffer(bytes));
  const room = new ReplyRoom();
  for (const buffer of rooms) room.offer(buffer);
  return lengths.map((length) => {
    const bytes = room.take(length);
    assert.equal(bytes.length, length);
    assert.equal(bytes.byteOffset, 0);
    const at = rooms.indexOf(bytes.buffer);
    return at < 0 ? "new" : at;
  });
}

const CASES: Array<[string, number[], number[], Array<number | "new">]> = [
  ["no room offered", [], [10], ["new"]],
  ["a room that fits", [100], [100], [0]],
  ["a room too small", [99], [100], ["new"]],
  ["a room is taken once", [100], [10, 10], [0, "new"]],
  ["the first that fits", [10, 100, 200], [50, 50], [1, "new"]],
  ["a third room is not kept", [100, 100, 100], [1, 1, 1], [0, 1, "new"]],
  ["nothing to take", [100], [], []],
];

for (const [name, offered, lengths, expected] of CASES) {
  Deno.test(`ReplyRoom: ${name}`, () => assert.deepEqual(takes(offered, lengths), expected));
}

Deno.test("touchedRoom: none for a small reply, else a quarter more, in whole pages", () => {
  const KB = 1024;
  const sizes = [[1, null], [63 * KB, null], [64 * KB, 80 * KB], [222 * KB + 1, 280 * KB]];
  for (const [bytes, size] of sizes) {
    assert.equal(touchedRoom(bytes!)?.byteLength ?? null, size, `${bytes} bytes`);
  }
});
