// The Windows adapter under wine (issue 18): the window list, GDI
// screenshots, SendInput typing, MSAA captures of wine's notepad and the
// Win32 controls program (ms, COM calls per node), and the UI Automation walk
// over fake COM objects (cached vs per-node live reads). wine is not Windows:
// its cross-process calls and GDI differ, so these are wine's figures.
//
//   npx -y deno@2.9.6 run -A bench/windows.ts
//
// Prints a markdown table (docs/PERFORMANCE.md keeps the last run).

import { startWineDesktop } from "../tests/windows/wine.ts";

const desktop = await startWineDesktop();
try {
  desktop.start("notepad");
  desktop.start(await desktop.fixture("controls"));
  const probe = desktop.deno(["run", "-A", "bench/windows_probe.ts"]);
  const status = await probe.exited;
  const line = probe.output().trim().split("\n").at(-1) ?? "";
  if (!status.success) throw new Error(`the probe failed:\n${probe.output()}`);
  const f = JSON.parse(line);
  const rows = [
    ["window list", `${f.window_list.windows} windows`, `${f.window_list.ms} ms`, ""],
    ["screenshot, screen (BitBlt)", f.screenshot.screen, `${f.screenshot.screen_ms} ms`, ""],
    ["screenshot, a window (PrintWindow)", "380×280", `${f.screenshot.window_ms} ms`, ""],
    ["SendInput Unicode text", `${f.send_input.characters} chars`, `${f.send_input.ms} ms`, ""],
    ...(["msaa_notepad", "msaa_controls"] as const).map((k) => [
      `MSAA capture, ${k === "msaa_notepad" ? "notepad" : "controls program"}`,
      `${f[k].nodes} nodes`,
      `${f[k].ms} ms`,
      `${f[k].calls_per_node} COM calls a node`,
    ]),
    ...(["fake_uia_cached", "fake_uia_live"] as const).map((k) => [
      `UIA capture (fake COM), ${k === "fake_uia_cached" ? "one cache request" : "live reads"}`,
      `${f[k].nodes} nodes`,
      `${f[k].ms} ms (${f[k].us_per_node} µs a node)`,
      `${f[k].calls_per_node} calls a node, ${f[k].round_trips_per_node} to the app`,
    ]),
  ];
  console.log("| What | Size | Median | Calls |\n|---|---|---|---|");
  for (const row of rows) console.log(`| ${row.join(" | ")} |`);
} finally {
  await desktop.stop();
}
