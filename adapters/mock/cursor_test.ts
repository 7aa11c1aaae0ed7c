// The mock's pointer picture (adapters/mock/cursor.ts): none before the
// pointer has been placed, then the arrow with its tip where the last input
// left the pointer.

import assert from "node:assert/strict";
import { MockAdapter } from "./index.ts";

Deno.test("the mock's cursor is an arrow at its pointer, none before the pointer is placed", async () => {
  const adapter = new MockAdapter();
  try {
    assert.equal(await adapter.cursorImage(), null);
    await adapter.input({ kind: "move", x: 120, y: 45 }, null);
    const cursor = await adapter.cursorImage();
    assert.ok(cursor);
    assert.deepEqual([cursor.x, cursor.y, cursor.hotX, cursor.hotY], [120, 45, 0, 0]);
    assert.equal(cursor.rgba.length, cursor.width * cursor.height * 4);
    const at = (
      x: number,
      y: number,
    ) => [...cursor.rgba.subarray((y * cursor.width + x) * 4).slice(0, 4)];
    assert.deepEqual(at(0, 0), [0, 0, 0, 255], "the tip: black edge");
    assert.deepEqual(at(1, 2), [255, 255, 255, 255], "inside: white");
    assert.deepEqual(at(cursor.width - 1, 0), [0, 0, 0, 0], "beside the arrow: transparent");
  } finally {
    await adapter.close();
  }
});
