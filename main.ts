// Entry point: flags → config → mode → adapter → session → HTTP and/or MCP on
// stdio. stdout belongs to MCP in every mode.

import { selectAdapter } from "./lib/runtime/select_adapter.ts";
import { runAtspiHost } from "./adapters/linux/atspi/host.ts";
import { ATSPI_HOST_FLAG } from "./adapters/linux/atspi/host_protocol.ts";
import { parseCli, resolveMode, USAGE } from "./lib/runtime/cli_flags.ts";
import { type Config, loadConfig } from "./lib/formats/config/config.ts";
import { keepStdoutForProtocol, log, setLogFilter, setLogLevel } from "./lib/support/log.ts";
import { withFlags } from "./lib/services/safety/rails.ts";
import { type HttpServer, serveHttp } from "./lib/interfaces/http/server.ts";
import { serveStdio } from "./lib/interfaces/mcp/server.ts";
import { loadScenarioAtStartup } from "./lib/services/scenario/activate.ts";
import { Session } from "./lib/runtime/session.ts";
import { warmUp } from "./lib/services/observe/capture.ts";
import { TOOLS } from "./lib/tools/index.ts";
import { createApp } from "./routes/app.ts";
import { isLoopbackHost } from "./routes/security.ts";

function exitWith(message: string, code: number): never {
  console.error(message);
  Deno.exit(code);
}

function networkBanner(host: string, port: number): string {
  const line = "!".repeat(72);
  return [
    line,
    `!! WARNING: bound to ${host}:${port} — unauthenticated action API exposed to the network.`,
    "!! Anyone who can reach this address can see your screen and type on your desktop.",
    "!! Use --host 127.0.0.1 unless you really mean this.",
    line,
  ].join("\n");
}

async function main(): Promise<void> {
  keepStdoutForProtocol();
  const cli = parseCli(Deno.args);
  if (!cli.ok) exitWith(`error: ${cli.message}\n${USAGE}`, 2);
  const options = cli.options;
  if (options.help) exitWith(USAGE, 0);
  const loaded = loadConfig(options.config);
  if (loaded.fatal.length > 0) {
    exitWith(
      `error: ${options.config}: the safety settings cannot be used, so the service ` +
        `does not start:\n  ${loaded.fatal.join("\n  ")}`,
      2,
    );
  }
  const config = loaded.config;
  config.safety.budgets = withFlags(config.safety.budgets, options.budgets);
  if (options.mock) config.mock = true;
  if (options.allowTaskCommands) config.osworld.allow_commands = true;
  if (options.port !== null) config.web_ui.port = options.port;
  if (options.host !== null) config.web_ui.host = options.host;
  setLogLevel(config.logging.level);
  if (loaded.bootstrappedFrom) {
    log("INFO", "config", `created ${options.config} from ${loaded.bootstrappedFrom}`);
  }
  for (const line of loaded.mapped) log("INFO", "config", `read the original's ${line}`);
  if (loaded.error) log("WARNING", "config", loaded.error);

  const { mode, note } = resolveMode(options.mode, Deno.stdin.isTerminal());
  if (note) console.error(`[screen_observer] ${note}`);

  const adapter = await selectAdapter(config);
  const session = new Session(adapter, config, {
    configPath: options.config,
    configError: loaded.error,
  });
  setLogFilter((line) => session.safety.redactor.scrubText(line));
  try {
    await session.safety.openAudit();
  } catch (e) {
    exitWith(`error: cannot open the audit log: ${(e as Error).message}`, 2);
  }
  if (options.scenario !== null) {
    try {
      await loadScenarioAtStartup(session, options.scenario);
    } catch (e) {
      exitWith((e as Error).message, 1);
    }
  }
  await warmUp(session);
  const http = mode === "mcp" ? null : startHttp(session, config);

  const shutdown = async () => {
    await http?.shutdown();
    await adapter.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", shutdown);
  Deno.addSignalListener("SIGTERM", shutdown);
  if (mode === "inspect") return;

  await serveStdio(session, TOOLS);
  log("INFO", "mcp", "stdin closed: the MCP session is over, exiting");
  await shutdown();
}

function startHttp(session: Session, config: Config): HttpServer {
  const { host, port } = config.web_ui;
  const app = createApp(session, host);
  if (!isLoopbackHost(host)) {
    console.error(networkBanner(host, port));
    log("WARNING", "security", `listening on non-loopback host ${host}`);
  }
  const limits = config.limits;
  const server = serveHttp({
    hostname: host,
    port,
    limits: {
      bodyBytes: limits.body_bytes,
      headerBytes: limits.header_bytes,
      connections: limits.connections,
      headerTimeoutMs: limits.header_timeout_ms,
      bodyTimeoutMs: limits.body_timeout_ms,
      idleTimeoutMs: limits.idle_timeout_ms,
    },
    onListen: ({ hostname, port }) => {
      const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
      console.error(`[screen_observer] Web inspector → http://${shown}:${port}`);
    },
  }, app.fetch);
  session.httpConnections = server.connectionCount;
  return server;
}

if (import.meta.main) {
  // A compiled binary is also its own AT-SPI host process (adapters/linux/atspi/host_client.ts).
  if (Deno.args[0] === ATSPI_HOST_FLAG) {
    await runAtspiHost();
    Deno.exit(0);
  }
  await main();
}
