// Starting the service: config → adapter → session → audit → HTTP. main.ts
// runs it for `deno task serve` and `start`; the agent CLIs run it in their
// own process when no --service is given, on a free loopback port.

import { selectAdapter } from "../runtime/select_adapter.ts";
import { type Config, loadConfig } from "../formats/config/config.ts";
import { log, setLogFilter, setLogLevel } from "../support/log.ts";
import { withFlags } from "../services/safety/rails.ts";
import type { CliOptions } from "../runtime/cli_flags.ts";
import { type HttpServer, serveHttp } from "./http/server.ts";
import { loadScenarioAtStartup } from "../services/scenario/activate.ts";
import { Session } from "../runtime/session.ts";
import { warmUp } from "../services/observe/capture.ts";
import { createApp } from "../../routes/app.ts";
import { ANSWER_FIELDS, isLoopbackHost } from "../../routes/security.ts";
import { TOKEN_ENV } from "../../routes/auth.ts";
import { createVmServerApp } from "../osworld/interfaces/vm_server/app.ts";
import type { Adapter } from "../../adapters/types.ts";

/** A start-up the user must fix; `exitCode` is what main.ts exits with. */
export class LaunchError extends Error {
  constructor(message: string, readonly exitCode: number) {
    super(message);
  }
}

export type LaunchFlags = Pick<
  CliOptions,
  | "config"
  | "mock"
  | "port"
  | "host"
  | "scenario"
  | "allowTaskCommands"
  | "budgets"
  | "osworldServer"
  | "osworldPort"
  | "tokenFile"
  | "allowedHosts"
  | "session"
>;

export interface Launched {
  session: Session;
  adapter: Adapter;
  config: Config;
  /** Null when HTTP is not served (MCP on stdio alone). */
  http: HttpServer | null;
  /** OSWorld's in-VM server protocol, when osworld.server.enabled. */
  vmServer: HttpServer | null;
  close(): Promise<void>;
}

export interface LaunchOptions {
  serveHttp: boolean;
  /**
   * Refuse to fall back to the mock desktop (an agent must not be scored on
   * it by accident): the reason no real desktop is reachable is the error.
   */
  realDesktopOnly?: boolean;
}

function networkBanner(host: string, port: number): string {
  const line = "!".repeat(72);
  return [
    line,
    `!! WARNING: bound to ${host}:${port} — the action API is reachable from the network.`,
    "!! Anyone who holds the bearer token can see your screen and type on your desktop.",
    "!! Use --host 127.0.0.1 unless you really mean this.",
    line,
  ].join("\n");
}

/** Shortest token accepted: anything shorter could be guessed. */
const MIN_TOKEN_CHARS = 16;

/**
 * The bearer token from --token-file or OSO_TOKEN (null: none). Listening
 * beyond loopback without one is refused: an open desktop on the network.
 */
function tokenFor(flags: LaunchFlags, hosts: string[]): string | null {
  let token: string | null = null;
  let source = TOKEN_ENV;
  if (flags.tokenFile !== null) {
    source = flags.tokenFile;
    try {
      token = Deno.readTextFileSync(flags.tokenFile).trim();
    } catch (e) {
      throw new LaunchError(`error: --token-file: ${(e as Error).message}`, 2);
    }
  } else {
    token = Deno.env.get(TOKEN_ENV)?.trim() || null;
  }
  if (token !== null && (token.length < MIN_TOKEN_CHARS || /\s/.test(token))) {
    throw new LaunchError(
      `error: the token in ${source} must be at least ${MIN_TOKEN_CHARS} characters, without spaces`,
      2,
    );
  }
  const exposed = hosts.filter((host) => !isLoopbackHost(host));
  if (token === null && exposed.length > 0) {
    throw new LaunchError(
      `error: listening on ${exposed.join(", ")} (beyond loopback) needs a bearer token: ` +
        `--token-file PATH or the ${TOKEN_ENV} environment variable`,
      2,
    );
  }
  return token;
}

/**
 * Reads the config file with the flags over it, and the file's problem (for
 * healthz.config_error); a safety section it cannot honour is fatal.
 */
function configFor(flags: LaunchFlags): { config: Config; error: string | null } {
  const loaded = loadConfig(flags.config);
  if (loaded.fatal.length > 0) {
    throw new LaunchError(
      `error: ${flags.config}: the safety settings cannot be used, so the service ` +
        `does not start:\n  ${loaded.fatal.join("\n  ")}`,
      2,
    );
  }
  const config = loaded.config;
  config.safety.budgets = withFlags(config.safety.budgets, flags.budgets);
  if (flags.mock) config.mock = true;
  if (flags.allowTaskCommands) config.osworld.allow_commands = true;
  if (flags.port !== null) config.web_ui.port = flags.port;
  if (flags.host !== null) config.web_ui.host = flags.host;
  config.web_ui.allowed_hosts.push(...flags.allowedHosts);
  if (flags.session !== null) config.linux_session = flags.session;
  if (flags.osworldServer) config.osworld.server.enabled = true;
  if (flags.osworldPort !== null) config.osworld.server.port = flags.osworldPort;
  setLogLevel(config.logging.level);
  if (loaded.bootstrappedFrom) {
    log("INFO", "config", `created ${flags.config} from ${loaded.bootstrappedFrom}`);
  }
  for (const line of loaded.mapped) log("INFO", "config", `read the original's ${line}`);
  if (loaded.error) log("WARNING", "config", loaded.error);
  return { config, error: loaded.error };
}

export async function launch(flags: LaunchFlags, options: LaunchOptions): Promise<Launched> {
  const { config, error } = configFor(flags);
  const vmHost = config.osworld.server.host ?? config.web_ui.host;
  const token = tokenFor(flags, [
    ...(options.serveHttp ? [config.web_ui.host] : []),
    ...(config.osworld.server.enabled ? [vmHost] : []),
  ]);
  const adapter = await selectAdapter(config, { realDesktopOnly: options.realDesktopOnly });
  const session = new Session(adapter, config, { configPath: flags.config, configError: error });
  setLogFilter((line) => session.safety.redactor.scrubText(line));
  try {
    await session.safety.openAudit();
  } catch (e) {
    await adapter.close();
    throw new LaunchError(`error: cannot open the audit log: ${(e as Error).message}`, 2);
  }
  if (flags.scenario !== null) {
    try {
      await loadScenarioAtStartup(session, flags.scenario);
    } catch (e) {
      await adapter.close();
      throw new LaunchError((e as Error).message, 1);
    }
  }
  await warmUp(session);
  const http = options.serveHttp ? startHttp(session, config, token) : null;
  let vmServer: HttpServer | null = null;
  if (config.osworld.server.enabled) {
    try {
      vmServer = startVmServer(session, config, vmHost, token);
    } catch (e) {
      await http?.shutdown();
      await adapter.close();
      throw new LaunchError(
        `error: OSWorld's server protocol cannot listen on ${vmHost}:` +
          `${config.osworld.server.port}: ${(e as Error).message}`,
        2,
      );
    }
  }
  return {
    session,
    adapter,
    config,
    http,
    vmServer,
    close: async () => {
      await vmServer?.shutdown();
      await http?.shutdown();
      await adapter.close();
    },
  };
}

function transportLimits(config: Config, bodyBytes: number) {
  const limits = config.limits;
  return {
    bodyBytes,
    headerBytes: limits.header_bytes,
    connections: limits.connections,
    headerTimeoutMs: limits.header_timeout_ms,
    bodyTimeoutMs: limits.body_timeout_ms,
    idleTimeoutMs: limits.idle_timeout_ms,
  };
}

/** Multipart framing around an uploaded file. */
const UPLOAD_FRAMING_BYTES = 1024 * 1024;

function startVmServer(
  session: Session,
  config: Config,
  host: string,
  token: string | null,
): HttpServer {
  const { port } = config.osworld.server;
  if (!isLoopbackHost(host)) console.error(networkBanner(host, port));
  // An upload of a task's file (osworld.file_bytes) arrives as one body.
  const bodyBytes = Math.max(
    config.limits.body_bytes,
    config.osworld.file_bytes + UPLOAD_FRAMING_BYTES,
  );
  return serveHttp({
    hostname: host,
    port,
    limits: transportLimits(config, bodyBytes),
    answerFields: ANSWER_FIELDS,
    onListen: ({ hostname, port }) => {
      const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
      console.error(`[screen_observer] OSWorld's server protocol → http://${shown}:${port}`);
    },
  }, createVmServerApp(session, host, token).fetch);
}

function startHttp(session: Session, config: Config, token: string | null): HttpServer {
  const { host, port } = config.web_ui;
  const app = createApp(session, host, token);
  if (!isLoopbackHost(host)) {
    console.error(networkBanner(host, port));
    log("WARNING", "security", `listening on non-loopback host ${host}`);
  }
  const server = serveHttp({
    hostname: host,
    port,
    limits: transportLimits(config, config.limits.body_bytes),
    answerFields: ANSWER_FIELDS,
    onListen: ({ hostname, port }) => {
      const shown = hostname.includes(":") ? `[${hostname}]` : hostname;
      console.error(`[screen_observer] Web inspector → http://${shown}:${port}`);
    },
  }, app.fetch);
  session.httpConnections = server.connectionCount;
  return server;
}
