// captureTarget (lib/services/observe/capture.ts): a window named by a uid the last
// listing held is captured while the windows are listed again; the capture
// counts only when the new listing resolves to the same window, else the
// window it resolves to is captured. get_window_structure and observe_window
// overlap the two alike.

import { strict as assert } from "node:assert";
import { MockAdapter } from "../../../adapters/mock/index.ts";
import type { CaptureLimits } from "../../../adapters/types.ts";
import type { WindowInfo } from "../../model/tree.ts";
import { defaultConfig } from "../../formats/config/config.ts";
import { Session } from "../../runtime/session.ts";
import { captureTarget, listWindows } from "./capture.ts";
import { dispatch } from "../../runtime/dispatch.ts";
import { TOOLS } from "../../tools/index.ts";

/** The mock desktop, recording captures; `moved` gives a window's uid to another window's handle. */
class RecordingMock extends MockAdapter {
  captured: Array<string | null> = [];
  /** When set, a listing answers only once a capture was asked for (never, unless they overlap). */
  private capturing: { asked: boolean; wake: () => void } | null = null;
  moved: { uid: string; toHandleOf: string } | null = null;
  override async listWindows(): Promise<WindowInfo[]> {
    const capturing = this.capturing;
    if (capturing && !capturing.asked) await new Promise<void>((wake) => capturing.wake = wake);
    const windows = await super.listWindows();
    const moved = this.moved;
    if (moved === null) return windows;
    const donor = windows.find((w) => w.window_uid === moved.toHandleOf)!;
    return windows
      .filter((w) => w.window_uid !== moved.toHandleOf)
      .map((w) => w.window_uid === moved.uid ? { ...w, handle: donor.handle } : w);
  }
  holdListingsForCapture(): void {
    this.capturing = { asked: false, wake: () => {} };
  }
  override captureTree(handle: string | null, limits: CaptureLimits) {
    this.captured.push(handle);
    if (this.capturing) {
      this.capturing.asked = true;
      this.capturing.wake();
    }
    return super.captureTree(handle, limits);
  }
}

function setUp() {
  const adapter = new RecordingMock();
  const config = defaultConfig();
  config.tree.cache_ttl_s = 0;
  const session = new Session(adapter, config, { configPath: "", configError: null });
  return { adapter, session };
}

Deno.test("captureTarget: the listed window is captured once, on the handle the listing had", async () => {
  const { adapter, session } = setUp();
  const [first, second] = await listWindows(session);
  const found = await captureTarget(session, { window_uid: second.window_uid });
  assert.equal(found.window.window_uid, second.window_uid);
  assert.deepEqual(adapter.captured, [second.handle]);
  assert.equal(found.capture.tree.name, second.title);
  assert.notEqual(second.handle, first.handle);
});

Deno.test("captureTarget: a uid whose window now has another handle is captured again there", async () => {
  const { adapter, session } = setUp();
  const [first, second] = await listWindows(session);
  adapter.moved = { uid: second.window_uid, toHandleOf: first.window_uid };
  const found = await captureTarget(session, { window_uid: second.window_uid });
  assert.equal(found.window.handle, first.handle);
  assert.deepEqual(adapter.captured, [second.handle, first.handle], "the early capture is dropped");
  assert.equal(found.capture.tree.name, first.title);
});

Deno.test("captureTarget: without a uid, or one never listed, the windows are listed first", async () => {
  const { adapter, session } = setUp();
  const found = await captureTarget(session, { window_index: 1 });
  assert.deepEqual(adapter.captured, [found.window.handle]);
  await assert.rejects(
    () => captureTarget(session, { window_uid: "mock:none" }),
    (e: Error) => /no longer exists/.test(e.message),
  );
  assert.equal(adapter.captured.length, 1, "a uid nobody listed is not captured");
});

for (const tool of ["get_window_structure", "observe_window"]) {
  Deno.test(`${tool} captures a listed uid's window while the windows are listed again`, async () => {
    const { adapter, session } = setUp();
    const [, second] = await listWindows(session);
    // Were the capture asked for only after the listing came, neither would ever answer (and
    // the test fail as its promise is left pending).
    adapter.holdListingsForCapture();
    const args = { window_uid: second.window_uid };
    const { status } = await dispatch(session, TOOLS, tool, args, "rest");
    assert.equal(status, 200);
    assert.deepEqual(adapter.captured, [second.handle]);
  });
}
