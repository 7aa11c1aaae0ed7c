// bringToForeground against a scripted desktop whose platform activation
// fails: where windows are on the screen, the title bar is clicked instead;
// where nothing tells where windows are (Wayland through xdg-desktop-portal),
// nothing is clicked and the answer says why.

import { strict as assert } from "node:assert";
import { bringToForeground } from "./activation.ts";
import type { ActContext } from "./context.ts";
import type { ListedWindow } from "../../formats/geometry/window_order.ts";
import type { InputAction } from "../../../adapters/types.ts";
import { windowNamed } from "../../../tests/helpers/windows.ts";

function desktop(windowPositions: "window-relative" | undefined) {
  const clicks: InputAction[] = [];
  const adapter = {
    treeSource: () => ({ name: "atspi", note: null, window_positions: windowPositions }),
    activate: () => Promise.resolve([false, "AT-SPI could not focus it"]),
    windowsAbove: () => Promise.resolve([]),
    monitors: () => Promise.resolve([]),
    input: (action: InputAction) => {
      clicks.push(action);
      return Promise.resolve({ ok: true });
    },
  };
  return { session: { adapter } as unknown as ActContext, clicks };
}

const window = {
  ...windowNamed("Calculator", false),
  bounds: { x: 0, y: 0, width: 360, height: 500 },
};

Deno.test("bringToForeground: activation failed, the title bar is clicked where windows are placed", async () => {
  const { session, clicks } = desktop(undefined);
  const outcome = await bringToForeground(session, window as ListedWindow);
  assert.equal(outcome.action, "click_title_bar");
  assert.equal(clicks.length, 1);
});

Deno.test("bringToForeground: activation failed, nothing clicked where positions are unknown", async () => {
  const { session, clicks } = desktop("window-relative");
  const outcome = await bringToForeground(session, window as ListedWindow);
  assert.deepEqual([outcome.success, outcome.action, clicks.length], [false, "none", 0]);
  assert.match(String(outcome.error), /AT-SPI could not focus it.*window positions are unknown/);
});
