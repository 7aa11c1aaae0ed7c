// straightRgba (adapters/linux/x11/cursor.ts) as a table: XFixes' premultiplied
// ARGB, one C unsigned long a pixel (the high half ignored), as straight RGBA.

import assert from "node:assert/strict";
import { straightRgba } from "./cursor.ts";

Deno.test("straightRgba: premultiplied ARGB longs become straight RGBA", () => {
  const cases: Array<[string, number, number[]]> = [
    // label, ARGB word, RGBA
    ["opaque", 0xff102030, [0x10, 0x20, 0x30, 255]],
    ["transparent", 0x00000000, [0, 0, 0, 0]],
    ["transparent with colour left in it", 0x00ffffff, [0, 0, 0, 0]],
    ["half-transparent black (a shadow)", 0x80000000, [0, 0, 0, 128]],
    ["half-transparent grey, colour scaled back up", 0x80404040, [128, 128, 128, 128]],
    ["half-transparent white", 0x80808080, [255, 255, 255, 128]],
    ["a channel above its alpha (not premultiplied) is cut at 255", 0x10200000, [255, 0, 0, 16]],
  ];
  for (const [label, argb, rgba] of cases) {
    // The long's high half is garbage to ignore.
    const words = new Uint32Array([argb, 0xdeadbeef]);
    assert.deepEqual([...straightRgba(words, 1, 2)], rgba, label);
  }
  const words = new Uint32Array([0xff0000ff, 0, 0x00000000, 0, 0xff00ff00, 0]);
  assert.deepEqual(
    [...straightRgba(words, 3, 2)],
    [0, 0, 255, 255, 0, 0, 0, 0, 0, 255, 0, 255],
    "pixels in order, two words apart",
  );
});
