// Spawns the real service as a separate process on a free loopback port and
// waits until /api/healthz answers. Tests talk to it over real HTTP.

const ROOT = new URL("../../", import.meta.url).pathname;
const MAIN = `${ROOT}main.ts`;
/** How long a service may take to answer its first healthz before it counts as hung. */
const START_GUARD_MS = 120_000;

export interface ServiceOptions {
  /** Another checkout of the project whose main.ts runs (a benchmark's baseline); default this one. */
  checkout?: string;
  /** Extra command-line flags (the defaults are --mode inspect --mock). */
  args?: string[];
  /**
   * Runs this deno.json task's own command (as `deno task start` would, from the
   * project's folder) with --port and --config after it, instead of the defaults.
   */
  task?: string;
  /** Written as the config file; omitted → the example is bootstrapped into a temp dir. */
  config?: Record<string, unknown>;
  /** Added to this process's environment, or the whole environment with `clearEnv`. */
  env?: Record<string, string>;
  /** Starts from an empty environment: `env` is all the service sees. */
  clearEnv?: boolean;
  mock?: boolean;
  /** Runs the service under `ulimit -n` (the open-file limit a desktop session may have). */
  openFileLimit?: number;
  /** Runs the Windows build of Deno under wine instead (tests/windows/wine.ts). */
  wine?: { deno: string; env: Record<string, string> };
}

export interface Service {
  url: string;
  port: number;
  pid: number;
  configPath: string;
  stop(): Promise<void>;
  stderr(): string;
  /** Exit status once the process has ended (null while it runs). */
  exited(): Deno.CommandStatus | null;
}

/** A deno.json task's command as `deno` arguments (the task's own flags and file). */
function taskCommand(name: string): string[] {
  const tasks = JSON.parse(Deno.readTextFileSync(`${ROOT}deno.json`)).tasks as Record<
    string,
    string
  >;
  const [deno, ...args] = tasks[name].split(" ");
  if (deno !== "deno") throw new Error(`task ${name} does not run deno: ${tasks[name]}`);
  return args;
}

/**
 * The first port the kernel hands out for port 0 (Linux's ip_local_port_range;
 * 49152 elsewhere, IANA's dynamic range).
 */
function firstEphemeralPort(): number {
  try {
    const [low] = Deno.readTextFileSync("/proc/sys/net/ipv4/ip_local_port_range").split(/\s+/);
    return Number(low) > 2048 ? Number(low) : 49152;
  } catch {
    return 49152;
  }
}

/** Above the ports services are configured with by default (this one: 5001; OSWorld's: 5000). */
const LOWEST_PORT = 10_000;

/**
 * A port free right now for a service to listen on, chosen at random below
 * the range the kernel hands out for port 0. A port from that range could be
 * given again to anyone in the meantime: a chat server of another test asking
 * for port 0 once took a port a service was about to listen on, and answered
 * that service's health checks.
 */
export function freePort(): number {
  const below = firstEphemeralPort();
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = LOWEST_PORT + Math.floor(Math.random() * (below - LOWEST_PORT));
    try {
      Deno.listen({ hostname: "127.0.0.1", port }).close();
      return port;
    } catch {
      // taken: another
    }
  }
  throw new Error(`no free port found below ${below}`);
}

/**
 * This process's Deno cache, for a service given another HOME (a test
 * desktop's, with an empty cache): it finds its npm packages there instead of
 * downloading them all again, which a slow registry turned into a start-up
 * timeout.
 */
function sharedDenoDir(): Record<string, string> {
  const env = Deno.env.toObject();
  const dir = env.DENO_DIR ??
    (env.XDG_CACHE_HOME
      ? `${env.XDG_CACHE_HOME}/deno`
      : env.HOME
      ? `${env.HOME}/.cache/deno`
      : null);
  return dir === null ? {} : { DENO_DIR: dir };
}

export async function startService(options: ServiceOptions = {}): Promise<Service> {
  const dir = await Deno.makeTempDir({ prefix: "oso-test-" });
  const configPath = `${dir}/config.json`;
  if (options.config) await Deno.writeTextFile(configPath, JSON.stringify(options.config));
  const port = freePort();
  const start = options.task ? taskCommand(options.task) : [
    "run",
    "--allow-all",
    options.checkout ? `${options.checkout}/main.ts` : MAIN,
    "--mode",
    "inspect",
    ...(options.mock === false ? [] : ["--mock"]),
  ];
  const args = [...start, "--port", String(port), "--config", configPath, ...(options.args ?? [])];
  const command = options.wine
    ? { program: "wine", args: [options.wine.deno, ...args] }
    : options.openFileLimit === undefined
    ? { program: Deno.execPath(), args }
    : {
      program: "sh",
      args: [
        "-c",
        `ulimit -n ${options.openFileLimit} && exec "$0" "$@"`,
        Deno.execPath(),
        ...args,
      ],
    };
  const child = new Deno.Command(command.program, {
    args: command.args,
    cwd: ROOT,
    env: options.wine
      ? { ...options.wine.env, ...options.env }
      : { ...(options.clearEnv ? {} : sharedDenoDir()), ...options.env },
    clearEnv: options.clearEnv,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  let stderrText = "";
  const decoder = new TextDecoder();
  const stderrDone = child.stderr.pipeTo(
    new WritableStream({
      write(chunk) {
        stderrText += decoder.decode(chunk, { stream: true });
      },
    }),
  ).catch(() => {});
  const stdoutDone = child.stdout.pipeTo(new WritableStream()).catch(() => {});
  let status: Deno.CommandStatus | null = null;
  const statusPromise = child.status.then((s) => (status = s));
  const url = `http://127.0.0.1:${port}`;
  // Only a hang guard, not a start-up time (bench/ measures that): a service starting
  // beside a loaded machine's other work took over 30 s under stress-ng.
  const deadline = Date.now() + START_GUARD_MS;
  while (true) {
    if (status !== null) {
      await Promise.all([stderrDone, stdoutDone]);
      throw new Error(`service exited early (${JSON.stringify(status)}):\n${stderrText}`);
    }
    try {
      const token = options.env?.OSO_TOKEN;
      const res = await fetch(`${url}/api/healthz`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(`service did not become ready:\n${stderrText}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    port,
    pid: child.pid,
    configPath,
    stderr: () => stderrText,
    exited: () => status,
    async stop() {
      if (status === null) {
        try {
          child.kill("SIGTERM");
        } catch {
          // already gone
        }
      }
      await statusPromise;
      await Promise.all([stderrDone, stdoutDone]);
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

/** Runs main.ts with the given flags to completion (for CLI tests). */
export async function runMain(args: string[]): Promise<{ code: number; stderr: string }> {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", MAIN, ...args],
    stdin: "null",
    stdout: "null",
    stderr: "piped",
  }).output();
  return { code: out.code, stderr: new TextDecoder().decode(out.stderr) };
}
