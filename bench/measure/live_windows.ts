// The benchmarks' live windows: each app of a list (VIEW_APPS by default) launched in turn on a
// 1920×1080 Xvfb desktop, its tree left to settle, then measured over HTTP
// against the real service (captures uncached, so every call is fresh; `tree`
// adds to the service's tree settings). The measure gets the desktop's
// environment for baselines that read the same desktop.

import { startService } from "../../tests/helpers/service.ts";
import { type App, type Desktop, startDesktop, VIEW_APPS } from "../../tests/linux/desktop.ts";
import { settledWindow, type TargetWindow, windowsOf } from "./views.ts";

export async function measureLiveWindows<T>(
  measure: (base: string, target: TargetWindow, env: Record<string, string>) => Promise<T>,
  apps: Array<[string, (desktop: Desktop) => Promise<App>]> = VIEW_APPS,
  tree: Record<string, unknown> = {},
): Promise<T[]> {
  const desktop = await startDesktop({ width: 1920, height: 1080 });
  const service = await startService({
    mock: false,
    env: desktop.env,
    // No cache: the settling check must see fresh captures. Idle windows give
    // the same tree to every later request.
    config: { tree: { max_depth: 64, cache_ttl_s: 0, capture_timeout_ms: 60_000, ...tree } },
  });
  const figures: T[] = [];
  try {
    for (const [name, launch] of apps) {
      const app = await launch(desktop);
      try {
        const uid = `x11:${app.window.toString(16)}`;
        await settledWindow(service.url, uid);
        const target = (await windowsOf(service.url)).find((w) => w.window_uid === uid);
        if (!target) throw new Error(`${name}: window ${uid} is not listed`);
        figures.push(await measure(service.url, { ...target, name }, desktop.env));
      } finally {
        await app.kill();
      }
    }
  } finally {
    await service.stop();
    await desktop.stop();
  }
  return figures;
}
