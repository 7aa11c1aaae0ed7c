// The UI Automation tree source on fake UIA objects, under wine's deno.exe
// (in_wine/uia_fake_check.ts): wine 8.0 cannot create CUIAutomation, so this
// is where the real UIA code runs with real BSTRs, VARIANTs and SAFEARRAYs.

import { partAvailable } from "../helpers/parts.ts";
import { runInWine, startWineDesktop, WINE_PACKAGES, wineAvailable } from "./wine.ts";

Deno.test({
  name: "UIA tree source under wine on fake UI Automation objects",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    if (!partAvailable("wine", wineAvailable(), "apt-get install " + WINE_PACKAGES)) return;
    const desktop = await startWineDesktop();
    try {
      const output = await runInWine(desktop, ["uia_fake_check.ts"]);
      // The check's measurements (calls and µs a node, rss over 1,000 captures).
      for (const line of output.split("\n")) if (line.startsWith("FIGURE")) console.log(line);
    } finally {
      await desktop.stop();
    }
  },
});
