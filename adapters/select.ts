// Chooses the adapter at start-up (spec/adapters.md): the mock when asked for
// or when the platform has no adapter, else the platform's own; when the real
// desktop is unreachable the mock is used and the reason is said precisely.

import type { Config } from "../lib/config.ts";
import { log } from "../lib/log.ts";
import { MockAdapter } from "./mock/adapter.ts";
import type { Adapter } from "./types.ts";

const KNOWN_PLATFORMS = new Set(["auto", "Linux", "Windows", "Darwin", "WSL"]);

function detectPlatform(): string {
  if (Deno.build.os === "windows") return "Windows";
  if (Deno.build.os === "darwin") return "Darwin";
  return "Linux";
}

export function selectAdapter(config: Config): Promise<Adapter> {
  if (config.mock) {
    return Promise.resolve(new MockAdapter({ interactive: config.mock_interactive }));
  }
  if (!KNOWN_PLATFORMS.has(config.platform)) {
    log("INFO", "adapters", `platform '${config.platform}' → mock desktop`);
    return Promise.resolve(new MockAdapter({ interactive: config.mock_interactive }));
  }
  const platform = config.platform === "auto" ? detectPlatform() : config.platform;
  log(
    "WARNING",
    "adapters",
    `no ${platform} adapter in this build yet; using the mock desktop (is_mock: true)`,
  );
  return Promise.resolve(new MockAdapter({ interactive: config.mock_interactive }));
}
