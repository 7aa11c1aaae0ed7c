// The Win32 window, monitor, screenshot, input and activation layer
// (adapters/windows/win32) on real Win32 programs: notepad and the controls
// fixture on a wine desktop, checked from inside wine (in_wine/win32_check.ts,
// which first waits for their windows).

import { wineCheck } from "./wine.ts";

wineCheck(
  "win32 layer under wine: windows, monitors, screenshots, SendInput, activation",
  "win32_check.ts",
  { programs: true, figures: /^(timing|activate \d|monitors \[)/ },
);
