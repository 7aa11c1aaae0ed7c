// The MSAA tree source (adapters/windows/msaa) on real Win32 programs:
// notepad and the controls fixture on a wine desktop, checked from inside
// wine (in_wine/msaa_check.ts waits for their windows itself).

import { wineCheck } from "./wine.ts";

wineCheck("MSAA tree source under wine: trees, operations, limits, no leaks", "msaa_check.ts", {
  programs: true,
  figures: /^(memory|notepad tree|controls tree)/,
});
