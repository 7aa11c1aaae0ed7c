// Screenshots through MIT-SHM against the real X server of a test desktop:
// the server offers the extension, and every area grabbed through shared
// memory holds exactly the pixels XGetImage returns for it, in RGBA and in
// X's own BGRX (which, converted, is the same RGBA).

import { strict as assert } from "node:assert";
import { openX11 } from "../../adapters/linux/ffi/x11.ts";
import { XDisplay } from "../../adapters/linux/x11/display.ts";
import { grabRootArea } from "../../adapters/linux/x11/screenshot.ts";
import { ShmGrabber } from "../../adapters/linux/x11/shm_grab.ts";
import { asRgba } from "../../lib/formats/image/pixel_layout.ts";
import { desktopTest } from "./linux_service.ts";

desktopTest("MIT-SHM screenshots equal XGetImage's, pixel for pixel", async (_t, desktop) => {
  // A dialog without a caret: nothing on the screen changes between two grabs.
  const app = await desktop.launch("zenity", ["--info", "--text=Same pixels either way"]);
  const saved = Deno.env.get("DISPLAY");
  Deno.env.set("DISPLAY", desktop.display);
  const { x11, close } = openX11();
  const x = XDisplay.open(x11);
  try {
    const width = x11.XDisplayWidth(x.display, x.screen);
    const height = x11.XDisplayHeight(x.display, x.screen);
    const shm = ShmGrabber.open(x, width, height);
    assert.ok(shm, "Xvfb offers MIT-SHM to a local client");
    try {
      const areas = [
        { x: 0, y: 0, width, height },
        { x: 10, y: 20, width: 333, height: 77 },
        { x: width - 1, y: height - 1, width: 1, height: 1 },
        { x: 0, y: height - 5, width, height: 5 },
      ];
      for (const area of areas) {
        assert.ok(shm.fits(area));
        const viaShm = shm.grab(area);
        const viaGetImage = grabRootArea(x, area);
        assert.ok(viaShm, JSON.stringify(area));
        assert.equal(viaShm.width, area.width);
        assert.equal(viaShm.height, area.height);
        assert.ok(
          viaShm.data.every((byte, i) => byte === viaGetImage.data[i]),
          `the pixels of ${JSON.stringify(area)} differ`,
        );
        for (const bgrx of [shm.grab(area, "bgrx")!, grabRootArea(x, area, "bgrx")]) {
          assert.equal(bgrx.layout, "bgrx");
          assert.equal(bgrx.data.length, area.width * area.height * 4);
          const rgba = asRgba(bgrx).data;
          assert.ok(
            rgba.every((byte, i) => byte === viaGetImage.data[i]),
            `the BGRX pixels of ${JSON.stringify(area)} differ`,
          );
        }
      }
      assert.equal(shm.fits({ x: 0, y: 0, width: width + 1, height }), false);
    } finally {
      shm.close();
    }
  } finally {
    x.close();
    close();
    if (saved === undefined) Deno.env.delete("DISPLAY");
    else Deno.env.set("DISPLAY", saved);
    await app.kill();
  }
});
