// Entry point: flags → config → adapter → session → HTTP (spec/config.md §1).

import { selectAdapter } from "./adapters/select.ts";
import { parseCli, unbuiltFeatures, USAGE } from "./lib/cli.ts";
import { loadConfig } from "./lib/config.ts";
import { log, setLogLevel } from "./lib/log.ts";
import { Session } from "./lib/session.ts";
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
  const cli = parseCli(Deno.args);
  if (!cli.ok) exitWith(`error: ${cli.message}\n${USAGE}`, 2);
  const options = cli.options;
  if (options.help) exitWith(USAGE, 0);
  const unbuilt = unbuiltFeatures(options);
  if (unbuilt.length > 0) {
    exitWith(`error: not available in this build: ${unbuilt.join("; ")}`, 2);
  }

  const loaded = loadConfig(options.config);
  const config = loaded.config;
  if (options.mock) config.mock = true;
  if (options.port !== null) config.web_ui.port = options.port;
  if (options.host !== null) config.web_ui.host = options.host;
  setLogLevel(config.logging.level);
  if (loaded.bootstrappedFrom) {
    log("INFO", "config", `created ${options.config} from ${loaded.bootstrappedFrom}`);
  }
  if (loaded.error) log("WARNING", "config", loaded.error);

  if (options.mode === "auto") {
    // MCP is not built yet, so auto can only mean the web inspector.
    log("INFO", "main", "mode auto → inspect (the MCP server is not part of this build yet)");
  }

  const adapter = await selectAdapter(config);
  const session = new Session(adapter, config, {
    configPath: options.config,
    configError: loaded.error,
  });
  const { host, port } = config.web_ui;
  const app = createApp(session, host);
  if (!isLoopbackHost(host)) {
    console.error(networkBanner(host, port));
    log("WARNING", "security", `listening on non-loopback host ${host}`);
  }
  const server = Deno.serve({
    hostname: host,
    port,
    onListen: ({ hostname, port }) => {
      const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
      console.error(`[screen_observer] Web inspector → http://${shown}:${port}`);
    },
    onError: (e) => {
      log("ERROR", "http", String(e));
      return new Response("internal error", { status: 500 });
    },
  }, app.fetch);

  const shutdown = async () => {
    await server.shutdown();
    await adapter.close();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", shutdown);
  Deno.addSignalListener("SIGTERM", shutdown);
}

if (import.meta.main) await main();
