// Chooses the adapter at start-up: the mock when asked for or when the
// platform has no adapter, else the platform's own; when the real desktop is
// unreachable the mock is used and the reason is said precisely — or, for a
// caller that must not run on the mock (an agent being scored), that reason
// is the error.

import type { Config } from "../formats/config/config.ts";
import { log } from "../support/log.ts";
import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import { probeLinuxDesktop } from "../../adapters/linux/probe.ts";
import { backendOf, chooseSession } from "../../adapters/linux/session.ts";
import { MockAdapter } from "../../adapters/mock/index.ts";
import { createWindowsAdapter } from "../../adapters/windows/index.ts";
import type { Adapter } from "../../adapters/types.ts";

const KNOWN_PLATFORMS = new Set(["auto", "Linux", "Windows", "Darwin", "WSL"]);

function detectPlatform(): string {
  if (Deno.build.os === "windows") return "Windows";
  if (Deno.build.os === "darwin") return "Darwin";
  return "Linux";
}

export interface SelectOptions {
  /** Throw the reason instead of falling back to the mock desktop. */
  realDesktopOnly?: boolean;
}

/** No real desktop for a caller that needs one: the reason, and what would do instead. */
export class NoRealDesktopError extends Error {
  constructor(reason: string) {
    super(
      `no real desktop to run on: ${reason}. Start one (an X display with the AT-SPI bus), ` +
        "or say --mock to run on the mock desktop",
    );
  }
}

function mock(config: Config, options: SelectOptions, reason: string): Adapter {
  if (options.realDesktopOnly) throw new NoRealDesktopError(reason);
  log("WARNING", "adapters", `${reason}; using the mock desktop (is_mock: true)`);
  return new MockAdapter({ interactive: config.mock_interactive });
}

/** The Linux adapter when the desktop is reachable; else the mock, saying precisely why. */
async function linuxOrMock(config: Config, options: SelectOptions): Promise<Adapter> {
  const env = Deno.env.toObject();
  const backend = backendOf(chooseSession(config.linux_session, env), env);
  const probe = await probeLinuxDesktop(backend);
  const what = backend === "x11" ? "Linux desktop" : "Wayland desktop";
  if (!probe.ok) {
    return mock(config, options, `${what} unavailable; missing: ${probe.missing.join("; ")}`);
  }
  try {
    const adapter = await createLinuxAdapter({ backend });
    log(
      "INFO",
      "adapters",
      backend === "x11"
        ? `serving the Linux desktop at DISPLAY=${env.DISPLAY}`
        : `serving the Wayland desktop at WAYLAND_DISPLAY=${env.WAYLAND_DISPLAY} (${
          backend === "sway" ? "sway's IPC" : "xdg-desktop-portal"
        })`,
    );
    return adapter;
  } catch (e) {
    return mock(config, options, `the Linux adapter failed to start (${(e as Error).message})`);
  }
}

/** The Windows adapter; the mock when it cannot start, saying precisely why. */
async function windowsOrMock(config: Config, options: SelectOptions): Promise<Adapter> {
  try {
    const adapter = await createWindowsAdapter();
    const { name, note } = adapter.treeSource();
    log("INFO", "adapters", `Windows adapter: trees via ${name}${note ? ` (${note})` : ""}`);
    return adapter;
  } catch (e) {
    return mock(config, options, `the Windows adapter failed to start (${(e as Error).message})`);
  }
}

export async function selectAdapter(config: Config, options: SelectOptions = {}): Promise<Adapter> {
  if (config.mock) {
    if (options.realDesktopOnly) {
      throw new NoRealDesktopError("the config file says mock: true");
    }
    log("INFO", "adapters", "serving the mock desktop (--mock or mock: true in the config)");
    return new MockAdapter({ interactive: config.mock_interactive });
  }
  if (!KNOWN_PLATFORMS.has(config.platform)) {
    return mock(config, options, `platform '${config.platform}' has no adapter`);
  }
  const platform = config.platform === "auto" ? detectPlatform() : config.platform;
  if (platform === "Linux") return await linuxOrMock(config, options);
  if (platform === "Windows") return await windowsOrMock(config, options);
  return mock(config, options, `no ${platform} adapter in this build yet`);
}
