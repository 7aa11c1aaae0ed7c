// The MSAA tree source (adapters/windows/msaa) on real Win32 programs:
// notepad and the controls fixture on a wine desktop, checked from inside
// wine (in_wine/msaa_check.ts waits for their windows itself).

import { partAvailable } from "../helpers/parts.ts";
import { runInWine, startWineDesktop, WINE_PACKAGES, wineAvailable } from "./wine.ts";

Deno.test({
  name: "MSAA tree source under wine: trees, operations, limits, no leaks",
  ignore: !partAvailable("wine", wineAvailable(), `apt-get install ${WINE_PACKAGES}`),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const desktop = await startWineDesktop();
    try {
      desktop.start("notepad");
      desktop.start(await desktop.fixture("controls"));
      const output = await runInWine(desktop, ["msaa_check.ts"]);
      for (const line of output.split("\n")) {
        if (/^(memory|notepad tree|controls tree)/.test(line)) console.log(line);
      }
    } finally {
      await desktop.stop();
    }
  },
});
