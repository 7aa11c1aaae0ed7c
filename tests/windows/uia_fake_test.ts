// The UI Automation tree source on fake UIA objects, under wine's deno.exe
// (in_wine/uia_fake_check.ts): wine 8.0 cannot create CUIAutomation, so this
// is where the real UIA code runs with real BSTRs, VARIANTs and SAFEARRAYs.

import { wineCheck } from "./wine.ts";

// The check's measurements (calls and µs a node, rss over 1,000 captures) are printed.
wineCheck("UIA tree source under wine on fake UI Automation objects", "uia_fake_check.ts", {
  programs: false,
  figures: /^FIGURE/,
});
