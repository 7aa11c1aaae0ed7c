// The Win32 window, monitor, screenshot, input and activation layer
// (adapters/windows/win32) on real Win32 programs: notepad and the controls
// fixture on a wine desktop, checked from inside wine (in_wine/win32_check.ts,
// which first waits for their windows).

import { partAvailable } from "../helpers/parts.ts";
import { runInWine, startWineDesktop, WINE_PACKAGES, wineAvailable } from "./wine.ts";

Deno.test({
  name: "win32 layer under wine: windows, monitors, screenshots, SendInput, activation",
  ignore: !partAvailable("wine", wineAvailable(), `apt-get install ${WINE_PACKAGES}`),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const desktop = await startWineDesktop();
    try {
      desktop.start("notepad");
      desktop.start(await desktop.fixture("controls"));
      const output = await runInWine(desktop, ["win32_check.ts"]);
      for (const line of output.split("\n")) {
        if (/^(timing|activate \d|monitors \[)/.test(line)) console.log(line);
      }
    } finally {
      await desktop.stop();
    }
  },
});
