// Results in a coordinate space through the tool registry (issue 45, item 4),
// on a mock desktop with two monitors (the second left of and above the
// primary): get_monitors answers their bounds in the space over the frame of
// both; the screen space (the default) answers trees with no platform call
// and the very objects served before, and another space maps an unchanged
// window's tree once.

import assert from "node:assert/strict";
import { MockAdapter } from "../adapters/mock/index.ts";
import type { ScreenshotTarget } from "../adapters/types.ts";
import { defaultConfig } from "../lib/formats/config/config.ts";
import type { Monitor } from "../lib/model/tree.ts";
import { dispatch } from "../lib/runtime/dispatch.ts";
import { Session } from "../lib/runtime/session.ts";
import { TOOLS } from "../lib/tools/index.ts";

const box = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

/** A monitor at `scale` (its logical bounds that much smaller). */
function monitor(index: number, bounds: ReturnType<typeof box>, scale: number): Monitor {
  const logical = box(
    bounds.x / scale,
    bounds.y / scale,
    bounds.width / scale,
    bounds.height / scale,
  );
  return {
    index,
    primary: index === 0,
    bounds,
    scale_factor: scale,
    logical_bounds: logical,
    physical_bounds: bounds,
  };
}

/** The mock with two monitors, counting how often the frame is asked for. */
class TwoMonitors extends MockAdapter {
  asked = 0;
  override monitors(): Promise<Monitor[]> {
    this.asked++;
    return Promise.resolve([
      monitor(0, box(0, 0, 1920, 1080), 1),
      monitor(1, box(-1280, -200, 1280, 1024), 2),
    ]);
  }
  override screenshot(target: ScreenshotTarget) {
    this.asked++;
    return super.screenshot(target);
  }
}

function setUp() {
  const adapter = new TwoMonitors();
  const session = new Session(adapter, defaultConfig(), { configPath: "", configError: null });
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const { status, body } = await dispatch(session, TOOLS, name, args, "rest");
    assert.equal(status, 200, `${name}: ${JSON.stringify(body)}`);
    return body as Record<string, unknown>;
  };
  return { adapter, call };
}

Deno.test("get_monitors: each monitor's bounds in the space over both; logical and physical as they are", async () => {
  const { call } = setUp();
  const screen = await call("get_monitors");
  assert.equal(screen.coordinate_space, "screen");
  const normalized = await call("get_monitors", { coordinate_space: "normalized" });
  assert.equal(normalized.coordinate_space, "normalized");
  const [primary, left] = normalized.monitors as Monitor[];
  // The frame: x −1280 to 1920 (3200 wide), y −200 to 1080 (1280 high).
  assert.deepEqual(primary.bounds, box(400, 156.25, 600, 843.75));
  assert.deepEqual(left.bounds, box(0, 0, 400, 800));
  assert.deepEqual(primary.logical_bounds, box(0, 0, 1920, 1080));
  assert.deepEqual(left.logical_bounds, box(-640, -100, 640, 512));
  assert.deepEqual(left.physical_bounds, box(-1280, -200, 1280, 1024));
  const scaled = await call("get_monitors", { coordinate_space: "scaled:1600x640" });
  assert.deepEqual((scaled.monitors as Monitor[])[0].bounds, box(640, 100, 960, 540));
  // The session's space applies to a call that names none.
  await call("set_coordinate_space", { coordinate_space: "scaled:1600x640" });
  assert.deepEqual((await call("get_monitors")).monitors, scaled.monitors);
});

Deno.test("the screen space asks the platform nothing and serves the same objects; another maps once", async () => {
  const { adapter, call } = setUp();
  const observe = { window_index: 0 };
  const first = await call("observe_window", observe);
  const asked = adapter.asked;
  const again = await call("observe_window", observe);
  const structure = await call("get_window_structure", observe);
  const windows = await call("list_windows");
  assert.equal(adapter.asked, asked, "no monitors nor screenshot for the screen space");
  assert.equal(again.tree, first.tree, "an unchanged window's tree is the object served before");
  assert.equal((await call("list_windows")).windows, windows.windows);
  assert.equal(structure.coordinate_space, "screen");
  const mapped = await call("observe_window", { ...observe, coordinate_space: "normalized" });
  assert.ok(adapter.asked > asked, "another space needs the frame");
  assert.notEqual(mapped.tree, first.tree);
  const mappedAgain = await call("observe_window", { ...observe, coordinate_space: "normalized" });
  assert.equal(mappedAgain.tree, mapped.tree, "an unchanged window is mapped once per space");
  const compact = { ...observe, view: "compact" };
  const view = await call("get_window_structure", compact);
  const viewAgain = await call("get_window_structure", compact);
  assert.equal(viewAgain.compact, view.compact);
  const mappedView = await call("get_window_structure", {
    ...compact,
    coordinate_space: "normalized",
  });
  assert.notEqual(mappedView.compact, view.compact);
  // Back in the screen space: the screen's objects, not the mapped ones.
  assert.equal((await call("observe_window", observe)).tree, first.tree);
});
