// Chooses the adapter at start-up: the mock when asked for or when the
// platform has no adapter, else the platform's own; when the real desktop is
// unreachable the mock is used and the reason is said precisely.

import type { Config } from "../formats/config/config.ts";
import { log } from "../support/log.ts";
import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import { probeLinuxDesktop } from "../../adapters/linux/probe.ts";
import { MockAdapter } from "../../adapters/mock/index.ts";
import { createWindowsAdapter } from "../../adapters/windows/index.ts";
import type { Adapter } from "../../adapters/types.ts";

const KNOWN_PLATFORMS = new Set(["auto", "Linux", "Windows", "Darwin", "WSL"]);

function detectPlatform(): string {
  if (Deno.build.os === "windows") return "Windows";
  if (Deno.build.os === "darwin") return "Darwin";
  return "Linux";
}

function mock(config: Config): Adapter {
  return new MockAdapter({ interactive: config.mock_interactive });
}

/** The Linux adapter when the desktop is reachable; else the mock, saying precisely why. */
async function linuxOrMock(config: Config): Promise<Adapter> {
  const probe = await probeLinuxDesktop();
  if (!probe.ok) {
    log(
      "WARNING",
      "adapters",
      `Linux desktop unavailable, using the mock desktop (is_mock: true); missing: ${
        probe.missing.join("; ")
      }`,
    );
    return mock(config);
  }
  try {
    return await createLinuxAdapter();
  } catch (e) {
    log(
      "WARNING",
      "adapters",
      `the Linux adapter failed to start (${(e as Error).message}); using the mock desktop`,
    );
    return mock(config);
  }
}

/** The Windows adapter; the mock when it cannot start, saying precisely why. */
async function windowsOrMock(config: Config): Promise<Adapter> {
  try {
    const adapter = await createWindowsAdapter();
    const { name, note } = adapter.treeSource();
    log("INFO", "adapters", `Windows adapter: trees via ${name}${note ? ` (${note})` : ""}`);
    return adapter;
  } catch (e) {
    log(
      "WARNING",
      "adapters",
      `the Windows adapter failed to start (${(e as Error).message}); using the mock desktop`,
    );
    return mock(config);
  }
}

export function selectAdapter(config: Config): Promise<Adapter> {
  if (config.mock) return Promise.resolve(mock(config));
  if (!KNOWN_PLATFORMS.has(config.platform)) {
    log("INFO", "adapters", `platform '${config.platform}' → mock desktop`);
    return Promise.resolve(mock(config));
  }
  const platform = config.platform === "auto" ? detectPlatform() : config.platform;
  if (platform === "Linux") return linuxOrMock(config);
  if (platform === "Windows") return windowsOrMock(config);
  log(
    "WARNING",
    "adapters",
    `no ${platform} adapter in this build yet; using the mock desktop (is_mock: true)`,
  );
  return Promise.resolve(mock(config));
}
