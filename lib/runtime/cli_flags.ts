// The command line. Parsing is pure: it returns either the options or a
// message for the user (printed by main.ts with exit code 2).

import { z } from "zod";

export type RunMode = "auto" | "mcp" | "inspect" | "both";

export interface CliOptions {
  mode: RunMode;
  config: string;
  mock: boolean;
  port: number | null;
  host: string | null;
  scenario: string | null;
  /** --allow-task-commands: OSWorld tasks may run shell commands (osworld.allow_commands). */
  allowTaskCommands: boolean;
  /** --osworld-server: serve OSWorld's in-VM server protocol (osworld.server.enabled). */
  osworldServer: boolean;
  osworldPort: number | null;
  /** --token-file: the file holding the bearer token every request must carry. */
  tokenFile: string | null;
  /** --allowed-hosts: names added to web_ui.allowed_hosts. */
  allowedHosts: string[];
  /** --session: the Linux display server (linux_session; null: as configured). */
  session: "auto" | "x11" | "wayland" | null;
  /** The budget flags, named as config safety.budgets names them (null: not given). */
  budgets: {
    max_actions: number | null;
    max_screenshots: number | null;
    max_vlm_tokens: number | null;
    max_session_seconds: number | null;
    actions_per_minute: number | null;
  };
  help: boolean;
}

export const USAGE = `usage: main.ts [options]
  --mode auto|mcp|inspect|both  run mode (default auto: inspect on a TTY, else both)
  --config PATH                 JSON config file (default config.json)
  --mock                        use the mock desktop
  --port N                      HTTP port (overrides web_ui.port; 0 is ignored)
  --host HOST                   HTTP bind address (overrides web_ui.host)
  --scenario PATH               YAML scenario for the mock desktop
  --allow-task-commands         OSWorld tasks may run their shell steps (osworld.allow_commands)
  --osworld-server              also serve OSWorld's in-VM server protocol (osworld.server)
  --osworld-port N              its port (overrides osworld.server.port, default 5000)
  --token-file PATH             bearer token required on every request (or OSO_TOKEN);
                                required when listening beyond loopback
  --allowed-hosts A,B           Host header names also accepted (web_ui.allowed_hosts)
  --session x11|wayland|auto    the Linux display server (linux_session; default auto)
  --max-actions N               budget: successful input tool calls (safety.budgets)
  --max-screenshots N           budget: successful screenshots
  --max-vlm-tokens N            budget: VLM output tokens
  --max-session-seconds N       budget: session length in seconds
  --actions-per-minute N        rate limit for input tools
  --help                        this text`;

const VALUE_FLAGS = new Set([
  "mode",
  "config",
  "port",
  "host",
  "scenario",
  "max-actions",
  "max-screenshots",
  "max-vlm-tokens",
  "max-session-seconds",
  "actions-per-minute",
  "osworld-port",
  "token-file",
  "allowed-hosts",
  "session",
]);
const BOOLEAN_FLAGS = new Set(["mock", "help", "allow-task-commands", "osworld-server"]);

const nonNegativeInt = (flag: string) =>
  z.string().regex(/^\d+$/, `--${flag} takes a non-negative integer`).transform(Number);

const schema = z.object({
  mode: z.enum(["auto", "mcp", "inspect", "both"], {
    error: "--mode must be one of auto, mcp, inspect, both",
  }).default("auto"),
  config: z.string().min(1, "--config needs a path").default("config.json"),
  mock: z.boolean().default(false),
  "allow-task-commands": z.boolean().default(false),
  "osworld-server": z.boolean().default(false),
  "osworld-port": nonNegativeInt("osworld-port").pipe(
    z.number().min(1, "--osworld-port must be 1 to 65535").max(
      65535,
      "--osworld-port must be 1 to 65535",
    ),
  ).optional(),
  "token-file": z.string().min(1, "--token-file needs a path").optional(),
  session: z.enum(["auto", "x11", "wayland"], {
    error: "--session must be one of auto, x11, wayland",
  }).optional(),
  "allowed-hosts": z.string().transform((text) =>
    text.split(",").map((name) => name.trim()).filter((name) => name !== "")
  ).optional(),
  help: z.boolean().default(false),
  port: nonNegativeInt("port").pipe(
    z.number().max(65535, "--port must be at most 65535"),
  ).optional(),
  host: z.string().trim().min(1, "--host needs a value").optional(),
  scenario: z.string().min(1, "--scenario needs a path").optional(),
  "max-actions": nonNegativeInt("max-actions").optional(),
  "max-screenshots": nonNegativeInt("max-screenshots").optional(),
  "max-vlm-tokens": nonNegativeInt("max-vlm-tokens").optional(),
  "max-session-seconds": nonNegativeInt("max-session-seconds").optional(),
  "actions-per-minute": nonNegativeInt("actions-per-minute").optional(),
});

export function parseCli(args: string[]): { ok: true; options: CliOptions } | {
  ok: false;
  message: string;
} {
  const raw: Record<string, string | boolean> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (!arg.startsWith("--")) return { ok: false, message: `unexpected argument '${arg}'` };
    const eq = arg.indexOf("=");
    const name = eq >= 0 ? arg.slice(2, eq) : arg.slice(2);
    if (BOOLEAN_FLAGS.has(name)) {
      if (eq >= 0) return { ok: false, message: `--${name} takes no value` };
      raw[name] = true;
    } else if (VALUE_FLAGS.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : args[++i];
      if (value === undefined) return { ok: false, message: `--${name} needs a value` };
      raw[name] = value;
    } else {
      return { ok: false, message: `unknown option '--${name}'` };
    }
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0].message };
  const v = parsed.data;
  return {
    ok: true,
    options: {
      mode: v.mode,
      config: v.config,
      mock: v.mock,
      port: v.port === undefined || v.port === 0 ? null : v.port,
      host: v.host ?? null,
      scenario: v.scenario ?? null,
      allowTaskCommands: v["allow-task-commands"],
      osworldServer: v["osworld-server"],
      osworldPort: v["osworld-port"] ?? null,
      tokenFile: v["token-file"] ?? null,
      allowedHosts: v["allowed-hosts"] ?? [],
      session: v.session ?? null,
      budgets: {
        max_actions: v["max-actions"] ?? null,
        max_screenshots: v["max-screenshots"] ?? null,
        max_vlm_tokens: v["max-vlm-tokens"] ?? null,
        max_session_seconds: v["max-session-seconds"] ?? null,
        actions_per_minute: v["actions-per-minute"] ?? null,
      },
      help: v.help,
    },
  };
}

export type ResolvedMode = Exclude<RunMode, "auto">;

/** `auto` is inspect on a terminal, else both; `note` explains the choice. */
export function resolveMode(
  mode: RunMode,
  stdinIsTerminal: boolean,
): { mode: ResolvedMode; note: string | null } {
  if (mode !== "auto") return { mode, note: null };
  return stdinIsTerminal
    ? { mode: "inspect", note: "--mode auto → inspect: stdin is a terminal, so no MCP on stdio" }
    : { mode: "both", note: "--mode auto → both: stdin is not a terminal, so MCP on stdio too" };
}
