// The benchmarks' live windows: each app of a list (VIEW_APPS by default) launched in turn on a
// 1920×1080 Xvfb desktop (or, `on: "sway"`, a 1920×1080 headless sway with the
// apps as Wayland clients), its tree left to settle, then measured over HTTP
// against the real service (captures uncached, so every call is fresh; `tree`
// adds to the service's tree settings). The measure gets the desktop's
// environment for baselines that read the same desktop.

import { startService } from "../../tests/helpers/service.ts";
import { type App, type Desktop, startDesktop, VIEW_APPS } from "../../tests/linux/desktop.ts";
import { startWaylandDesktop } from "../../tests/wayland/desktop.ts";
import { settledWindow, type TargetWindow, windowsOf } from "./views.ts";

/**
 * A sway desktop as the apps' launchers see a desktop: `launch` starts a
 * Wayland client and gives its sway container id as its window.
 */
async function swayDesktop(): Promise<{ desktop: Desktop; uidOf(app: App): string }> {
  const sway = await startWaylandDesktop({ width: 1920, height: 1080 });
  const desktop = {
    env: sway.env,
    async launch(command: string, args: string[] = []): Promise<App> {
      const app = await sway.launch(command, args);
      return {
        pid: app.pid,
        window: BigInt(app.view.conId),
        stdout: () => "",
        exited: new Promise<number>(() => {}),
        kill: app.kill,
      };
    },
    stop: sway.stop,
  } as unknown as Desktop;
  return { desktop, uidOf: (app) => `sway:${app.window}` };
}

export async function measureLiveWindows<T>(
  measure: (base: string, target: TargetWindow, env: Record<string, string>) => Promise<T>,
  apps: Array<[string, (desktop: Desktop) => Promise<App>]> = VIEW_APPS,
  tree: Record<string, unknown> = {},
  on: "x11" | "sway" = "x11",
): Promise<T[]> {
  const { desktop, uidOf } = on === "sway" ? await swayDesktop() : {
    desktop: await startDesktop({ width: 1920, height: 1080 }),
    uidOf: (app: App) => `x11:${app.window.toString(16)}`,
  };
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
        const uid = uidOf(app);
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
