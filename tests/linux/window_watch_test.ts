// The window watch (adapters/linux/x11/window_watch.ts) keeps what it read of
// the top-level windows until an X event says it changed. Against a real X
// server and window manager, after each change another client makes (a title
// set, a window moved and resized by the manager, another window activated,
// one closed, one opened), the watch's list must equal what reading every
// property again says, at once: no change is served late.

import { strict as assert } from "node:assert";
import { CLIENT_MESSAGE, openX11, XEVENT_SIZE } from "../../adapters/linux/ffi/x11.ts";
import { XDisplay } from "../../adapters/linux/x11/display.ts";
import { WindowWatch } from "../../adapters/linux/x11/window_watch.ts";
import {
  activateWindow,
  activeWindow,
  clientWindows,
  describeWindow,
  focusedClient,
  readWindow,
} from "../../adapters/linux/x11/windows.ts";
import type { WindowInfo } from "../../lib/model/tree.ts";
import { desktopTest } from "./linux_service.ts";

/** Every window read again, nothing kept: what the watch must agree with. */
function readAll(x: XDisplay): WindowInfo[] {
  const clients = clientWindows(x);
  const focus = { active: activeWindow(x), keyboard: focusedClient(x, clients) };
  return clients.flatMap((id) => {
    const reading = readWindow(x, id);
    return reading === null ? [] : [describeWindow(id, reading, focus)];
  });
}

/** Asks the window manager to move and resize `id` (EWMH, as a pager does). */
function moveResize(x: XDisplay, id: bigint, to: { x: number; y: number; w: number; h: number }) {
  const event = new Uint8Array(XEVENT_SIZE);
  const view = new DataView(event.buffer);
  view.setInt32(0, CLIENT_MESSAGE, true);
  view.setInt32(16, 1, true); // send_event
  view.setBigUint64(32, id, true);
  view.setBigUint64(40, x.atom("_NET_MOVERESIZE_WINDOW"), true);
  view.setInt32(48, 32, true);
  // Static gravity, x, y, width and height given, source: pager.
  view.setBigInt64(56, BigInt(10 | 0xf00 | (2 << 12)), true);
  [to.x, to.y, to.w, to.h].forEach((v, i) => view.setBigInt64(64 + 8 * i, BigInt(v), true));
  const mask = BigInt((1 << 20) | (1 << 19));
  x.trap(() => x.x11.XSendEvent(x.display, x.root, 0, mask, event), true);
}

async function until(what: string, test: () => boolean): Promise<void> {
  // A hang guard: on a loaded machine the window manager takes seconds.
  const deadline = Date.now() + 30_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

desktopTest("the window watch answers what the X server says now", async (t, desktop) => {
  const info = await desktop.launch("zenity", ["--list", "--column=Watched", "a", "b"]);
  const question = await desktop.launch("zenity", ["--question", "--text=Also watched?"]);
  const saved = Deno.env.get("DISPLAY");
  Deno.env.set("DISPLAY", desktop.display);
  const { x11, close } = openX11();
  const x = XDisplay.open(x11);
  try {
    const watch = new WindowWatch(x);
    const agrees = (step: string) => assert.deepEqual(watch.list(), readAll(x), step);
    const same = () => JSON.stringify(watch.list()) === JSON.stringify(readAll(x));
    // After a window closes or opens the manager activates another one a moment later:
    // the watch must come to agree, then agree exactly.
    const comesToAgree = async (step: string) => {
      // Past the deadline the difference itself is the failure.
      await until(step, same).catch(() => {});
      agrees(step);
    };
    const titleOf = (id: bigint) =>
      watch.list().find((w) => w.handle === id.toString())?.title ?? null;

    await t.step("the first list is the X server's", () => {
      agrees("first list");
      assert.equal(watch.list().length, 2);
    });

    await t.step("a title set by another client is seen by the next call", async () => {
      assert.notEqual(titleOf(info.window), "Renamed ✓");
      await desktop.run("xprop", [
        "-id",
        info.window.toString(),
        "-f",
        "_NET_WM_NAME",
        "8u",
        "-set",
        "_NET_WM_NAME",
        "Renamed ✓",
      ]);
      assert.equal(titleOf(info.window), "Renamed ✓");
      agrees("after the title changed");
    });

    await t.step("a window the manager moves and resizes", async () => {
      const before = readWindow(x, info.window)!.outer;
      agrees("before the move");
      moveResize(x, info.window, { x: 301, y: 207, w: 420, h: 260 });
      await until("the move", () => {
        const now = readWindow(x, info.window)!.outer;
        return now.x !== before.x && now.width !== before.width;
      });
      agrees("after the move");
      const moved = watch.current(info.window)!;
      assert.deepEqual(moved.client, { x: 301, y: 207, width: 420, height: 260 });
    });

    await t.step("another window activated", async () => {
      const [activated] = await activateWindow(x, question.window);
      assert.ok(activated);
      agrees("after activation");
      assert.equal(watch.activeNow(), question.window);
      assert.ok(watch.list().find((w) => w.handle === question.window.toString())?.focused);
    });

    await t.step("a window closed, then one opened", async () => {
      await question.kill();
      await until("the window to go", () => !clientWindows(x).includes(question.window));
      await comesToAgree("after closing");
      assert.equal(watch.current(question.window), null);
      const entry = await desktop.launch("zenity", ["--entry", "--text=New window"]);
      await comesToAgree("after opening");
      assert.ok(watch.list().some((w) => w.handle === entry.window.toString()));
    });

    await t.step("events that arrive while nobody asks are read without loss", async () => {
      await desktop.run("xprop", [
        "-id",
        info.window.toString(),
        "-f",
        "_NET_WM_NAME",
        "8u",
        "-set",
        "_NET_WM_NAME",
        "Drained",
      ]);
      await new Promise((r) => setTimeout(r, 50));
      watch.drain();
      assert.equal(titleOf(info.window), "Drained");
      agrees("after draining");
    });
  } finally {
    x.close();
    close();
    if (saved === undefined) Deno.env.delete("DISPLAY");
    else Deno.env.set("DISPLAY", saved);
  }
});
