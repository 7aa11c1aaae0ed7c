// The benchmarks' own keyboard and mouse on a test desktop: the adapter's
// XTest device, opened on the desktop's X display.

import { openX11 } from "../../adapters/linux/ffi/x11.ts";
import { openXTest } from "../../adapters/linux/ffi/xtest.ts";
import { XDisplay } from "../../adapters/linux/x11/display.ts";
import { XTestInput } from "../../adapters/linux/x11/xtest_input.ts";

export function xtestDevice(display: string): { input: XTestInput; close(): Promise<void> } {
  Deno.env.set("DISPLAY", display);
  const { x11, close: closeX11 } = openX11();
  const xtestLib = openXTest();
  const x = XDisplay.open(x11);
  const input = new XTestInput(x, xtestLib.xtest);
  return {
    input,
    async close() {
      // Held keys and buttons are released through the display, so it closes after.
      await input.close();
      x.close();
      xtestLib.close();
      closeX11();
    },
  };
}
