// The service's tree settings under which every request walks the window: no
// tree cache, no live mirror (on by default on Linux), and room for the
// deepest windows and the slowest applications; and the applications the
// cold-capture benchmarks start.

import { type App, type Desktop, launchWriter } from "../../tests/linux/desktop.ts";

export const WALK_EVERY_REQUEST = {
  tree: {
    max_depth: 64,
    default_depth: 64,
    cache_ttl_s: 0,
    live_mirror: false,
    capture_timeout_ms: 60_000,
  },
};

/**
 * Starts the application a cold-capture benchmark names ("writer": LibreOffice
 * Writer with its document, else a program's name) and gives its window's uid.
 */
export async function launchNamed(
  desktop: Desktop,
  name: string,
): Promise<{ app: App; uid: string }> {
  const app = name === "writer" ? await launchWriter(desktop) : await desktop.launch(name);
  return { app, uid: `x11:${app.window.toString(16)}` };
}
