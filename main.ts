// Entry point: flags → mode → the service started by lib/interfaces/launch.ts
// (config, adapter, session, HTTP) → MCP on stdio. stdout belongs to MCP in every mode.

import { runAtspiHost } from "./adapters/linux/atspi/host.ts";
import { ATSPI_HOST_FLAG } from "./adapters/linux/atspi/host_protocol.ts";
import { parseCli, resolveMode, USAGE } from "./lib/runtime/cli_flags.ts";
import { keepStdoutForProtocol, log } from "./lib/support/log.ts";
import { serveStdio } from "./lib/interfaces/mcp/server.ts";
import { launch, LaunchError } from "./lib/interfaces/launch.ts";
import { TOOLS } from "./lib/tools/index.ts";

function exitWith(message: string, code: number): never {
  console.error(message);
  Deno.exit(code);
}

async function main(): Promise<void> {
  keepStdoutForProtocol();
  const cli = parseCli(Deno.args);
  if (!cli.ok) exitWith(`error: ${cli.message}\n${USAGE}`, 2);
  const options = cli.options;
  if (options.help) exitWith(USAGE, 0);
  const { mode, note } = resolveMode(options.mode, Deno.stdin.isTerminal());
  if (note) console.error(`[screen_observer] ${note}`);
  let service;
  try {
    service = await launch(options, { serveHttp: mode !== "mcp" });
  } catch (e) {
    if (e instanceof LaunchError) exitWith(e.message, e.exitCode);
    throw e;
  }

  const shutdown = async () => {
    await service.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", shutdown);
  Deno.addSignalListener("SIGTERM", shutdown);
  if (mode === "inspect") return;

  await serveStdio(service.session, TOOLS);
  log("INFO", "mcp", "stdin closed: the MCP session is over, exiting");
  await shutdown();
}

if (import.meta.main) {
  // A compiled binary is also its own AT-SPI host process (adapters/linux/atspi/host_client.ts).
  if (Deno.args[0] === ATSPI_HOST_FLAG) {
    runAtspiHost(Deno.args[1]);
    Deno.exit(0);
  }
  await main();
}
