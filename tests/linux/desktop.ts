// A throwaway headless desktop for the Linux end-to-end tests: Xvfb, a private
// D-Bus session bus, the accessibility bus, openbox and GTK apps. Every process
// carries this desktop's token in its environment, so `stop()` ends exactly the
// processes this desktop started — including ones D-Bus activated and reparented.
// The token starts with the test process's PID: a desktop whose test process
// died without stopping it is ended by the next desktop that starts.

import { commandExists } from "../helpers/parts.ts";
import { processState, statFields } from "../helpers/proc.ts";

/** The Debian packages the harness and its apps come from. */
export const DESKTOP_PACKAGES = "xvfb openbox dbus at-spi2-core x11-utils gtk-3-examples " +
  "zenity mousepad gnome-calculator python3-pyatspi libreoffice-writer libreoffice-gtk3 " +
  "xterm dialog fonts-dejavu-core xdg-utils file";

const REQUIRED_COMMANDS = [
  "Xvfb",
  "dbus-daemon",
  "dbus-send",
  "openbox",
  "xprop",
  "xterm",
  "dialog",
  "xdg-open",
  "file",
];
const OFFICE_PROGRAMS = "/usr/lib/libreoffice/program";
const SOFFICE = `${OFFICE_PROGRAMS}/soffice.bin`;
const BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher";
/** The reference walker (tests/linux/reference_walk.py) runs on Debian's Python with GObject. */
const REFERENCE_WALKER_NEEDS = [
  "/usr/bin/python3",
  "/usr/lib/x86_64-linux-gnu/girepository-1.0/Atspi-2.0.typelib",
];

export function desktopAvailable(): boolean {
  try {
    for (const path of [BUS_LAUNCHER, SOFFICE, ...REFERENCE_WALKER_NEEDS]) Deno.statSync(path);
  } catch {
    return false;
  }
  return REQUIRED_COMMANDS.every(commandExists);
}

export interface DesktopOptions {
  width?: number;
  height?: number;
}

export interface App {
  pid: number;
  /** The X window id of the app's first top-level window. */
  window: bigint;
  /** What the app printed on stdout so far. */
  stdout(): string;
  /** Resolves with the exit code once the app has ended. */
  exited: Promise<number>;
  kill(): Promise<void>;
}

export interface Desktop {
  display: string;
  /** The environment a client of this desktop needs (the service, apps, tools). */
  env: Record<string, string>;
  /** Starts an app and waits until it has mapped a managed top-level window. */
  launch(command: string, args?: string[]): Promise<App>;
  /** Runs an X tool against this desktop and returns its stdout. */
  run(command: string, args: string[]): Promise<string>;
  /** Kills the accessibility bus (launcher, bus daemon and registry). */
  stopAccessibilityBus(): Promise<void>;
  startAccessibilityBus(): Promise<void>;
  /** The window manager's process id (openbox; a restart changes it). */
  windowManager(): number;
  stop(): Promise<void>;
}

const decoder = new TextDecoder();

/** How long a starting app may use no CPU before its launch is given up (D-Bus calls time out at 25 s). */
const STALLED_MS = 30_000;
/** And how long it may take at most, busy or not. */
const LAUNCH_LIMIT_MS = 300_000;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Reads a child's stdout until the first line, which Xvfb and dbus-daemon use to report. */
export async function firstLine(stream: ReadableStream<Uint8Array>, what: string): Promise<string> {
  const reader = stream.getReader();
  let text = "";
  const deadline = setTimeout(() => reader.cancel(), 30_000);
  try {
    while (!text.includes("\n")) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`${what} ended before reporting`);
      text += decoder.decode(value, { stream: true });
    }
  } finally {
    clearTimeout(deadline);
    reader.releaseLock();
  }
  // Keep draining so the child never blocks on a full pipe.
  stream.pipeTo(new WritableStream()).catch(() => {});
  return text.split("\n")[0].trim();
}

function alive(pid: number): boolean {
  try {
    const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

/**
 * CPU ticks spent by `root` and its descendants, living or reaped (a stat's
 * utime, stime, cutime, cstime); how the launch wait tells a slow start from a
 * stalled one.
 */
function ticksOfTree(root: number): number {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const fields = statFields(Deno.readTextFileSync(`/proc/${entry.name}/stat`));
      const pid = Number(entry.name);
      parents.set(pid, Number(fields[1]));
      ticks.set(pid, fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0));
    } catch {
      // gone meanwhile
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) return true;
    }
    return false;
  };
  let sum = 0;
  for (const [pid, t] of ticks) if (inTree(pid)) sum += t;
  return sum;
}

export const TOKEN_VARIABLE = "OSO_DESKTOP";

/**
 * The variables this test process itself needs to reach a desktop: only the
 * X display and the session bus. Test files share this process under
 * --parallel, so anything else set here leaks into every service another
 * file spawns meanwhile: the cleanup token made them count as the desktop's
 * processes (and be terminated with it), and HOME put their Deno cache in
 * the desktop's temporary directory (deleted at its stop).
 */
export function inProcessEnv(env: Record<string, string>): Record<string, string> {
  const keep = ["DISPLAY", "DBUS_SESSION_BUS_ADDRESS"];
  return Object.fromEntries(Object.entries(env).filter(([k]) => keep.includes(k)));
}

/** Runs `body` with the environment pointing at the desktop (replacement workers read it too). */
export async function withDesktopEnv<T>(
  desktopEnv: Record<string, string>,
  body: () => Promise<T>,
): Promise<T> {
  const env = inProcessEnv(desktopEnv);
  const saved = Object.keys(env).map((k) => [k, Deno.env.get(k)] as const);
  for (const [k, v] of Object.entries(env)) Deno.env.set(k, v);
  try {
    return await body();
  } finally {
    for (const [k, v] of saved) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
  }
}

/** PIDs whose OSO_DESKTOP token passes `test`. */
export function processesWhere(test: (token: string) => boolean): number[] {
  const found: number[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const environ = Deno.readTextFileSync(`/proc/${entry.name}/environ`).split("\0");
      const token = environ.find((v) => v.startsWith(`${TOKEN_VARIABLE}=`))?.slice(12);
      if (token !== undefined && test(token)) found.push(Number(entry.name));
    } catch {
      // gone or not ours to read
    }
  }
  return found;
}

function killNow(pids: number[]): void {
  for (const pid of pids) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** Ends desktops left behind by test processes that died without stopping them. */
export function reapOrphanDesktops(): void {
  killNow(processesWhere((token) => !alive(Number(token.split(":")[0]))));
}

/**
 * Ends our own children through their ChildProcess handles: Deno knows when
 * a child has been reaped, so a recycled PID (pid_max is 32768 here, and
 * threads use PIDs too) never gets the signal meant for a dead child.
 */
export async function terminateChildren(children: Deno.ChildProcess[]): Promise<void> {
  const signal = (child: Deno.ChildProcess, name: Deno.Signal) => {
    try {
      child.kill(name);
    } catch {
      // already exited and reaped
    }
  };
  for (const child of children) signal(child, "SIGTERM");
  const settled = Promise.all(children.map((c) => c.status.catch(() => {})));
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<boolean>((
    resolve,
  ) => (timer = setTimeout(() => resolve(true), 3000)));
  const timedOut = await Promise.race([settled.then(() => false), timeout]);
  clearTimeout(timer);
  if (timedOut) { for (const child of children) signal(child, "SIGKILL"); }
  await settled;
}

export async function terminate(pids: number[]): Promise<void> {
  for (const pid of pids) {
    try {
      Deno.kill(pid, "SIGTERM");
    } catch {
      // already gone
    }
  }
  const deadline = Date.now() + 3000;
  while (pids.some(alive) && Date.now() < deadline) await sleep(50);
  for (const pid of pids.filter(alive)) {
    try {
      Deno.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** A session bus that activates nothing: apps must not pull in portals, gvfs or dconf. */
/**
 * The processes of a throwaway desktop: each one started with the desktop's
 * token in its environment (so what they start carries it too), and stopAll()
 * ends them all, whatever they started, and removes `dir`. `stderr` of a
 * process is kept only when asked for ("piped").
 */
export function desktopProcesses(dir: string) {
  const token = `${Deno.pid}:${crypto.randomUUID()}`;
  const children: Deno.ChildProcess[] = [];
  const spawn = (
    command: string,
    args: string[],
    env: Record<string, string>,
    stderr: "null" | "piped" = "null",
  ) => {
    const child = new Deno.Command(command, {
      args,
      env: { ...env, [TOKEN_VARIABLE]: token },
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr,
    }).spawn();
    children.push(child);
    return child;
  };
  const stopAll = async () => {
    await terminateChildren(children);
    await terminate(processesWhere((t) => t === token));
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };
  /** This desktop's processes as `ps` would show them: what runs, and where it waits. */
  const processes = () => processesWhere((t) => t === token).flatMap((pid) => processState(pid));
  return { spawn, stopAll, processes };
}

/** The printed reply of a call on the session bus of `env`, or "" when it failed. */
export async function sessionBusReply(
  env: Record<string, string>,
  args: string[],
): Promise<string> {
  const out = await new Deno.Command("dbus-send", {
    args: ["--session", "--print-reply", ...args],
    env,
    clearEnv: true,
    stderr: "null",
  }).output();
  return out.code === 0 ? new TextDecoder().decode(out.stdout) : "";
}

/**
 * A session bus listening in `dir` that activates the services in
 * `dir/services`, or with "standard" those the system installs (a GNOME
 * session's portal, permission store and accessibility bus).
 */
export function sessionBusConfig(
  dir: string,
  services: "private" | "standard" = "private",
): string {
  return `<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=${dir}</listen>
  ${
    services === "standard"
      ? "<standard_session_servicedirs/>"
      : `<servicedir>${dir}/services</servicedir>`
  }
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
`;
}

/** Each module's library, which its Debian package (libreoffice-writer, ...) installs. */
const OFFICE_MODULES = { writer: "libswlo.so", calc: "libsclo.so", impress: "libsdlo.so" };

/** A LibreOffice setting: its group's path, the property's name and its value. */
export type OfficeSetting = [path: string, name: string, value: boolean];

/**
 * A LibreOffice module (Writer, Calc, Impress) with a fresh profile and its
 * GTK 3 backend, and `settings` written into that profile. soffice.bin is
 * started directly: the soffice script's launcher forks it, and the window's
 * _NET_WM_PID would not be the process the desktop started.
 */
export async function launchOffice(
  desktop: Desktop,
  module: "writer" | "calc" | "impress",
  settings: OfficeSetting[] = [],
): Promise<App> {
  // Without its module's package, `--calc` opens the Start Center instead: not a Calc window.
  const library = `${OFFICE_PROGRAMS}/${OFFICE_MODULES[module]}`;
  if (!(await Deno.stat(library).then(() => true, () => false))) {
    throw new Error(`${library} is missing: apt-get install libreoffice-${module}`);
  }
  desktop.env.SAL_USE_VCLPLUGIN = "gtk3";
  // The profile lives in the desktop's home, removed when the desktop stops.
  const profileDir = `${desktop.env.HOME}/libreoffice-profile`;
  const profile = `-env:UserInstallation=file://${profileDir}`;
  // A first start only creates the profile and would restart itself.
  await new Deno.Command(SOFFICE, {
    args: ["--terminate_after_init", "--norestore", "--nologo", profile],
    env: desktop.env,
    clearEnv: true,
    stdout: "null",
    stderr: "null",
  }).output();
  if (settings.length > 0) {
    const file = `${profileDir}/user/registrymodifications.xcu`;
    const items = settings.map(([path, name, value]) =>
      `<item oor:path="${path}"><prop oor:name="${name}" oor:op="fuse">` +
      `<value>${value}</value></prop></item>\n`
    );
    const xcu = await Deno.readTextFile(file);
    await Deno.writeTextFile(file, xcu.replace("</oor:items>", `${items.join("")}</oor:items>`));
  }
  return await desktop.launch(SOFFICE, [`--${module}`, "--norestore", "--nologo", profile]);
}

export function launchWriter(desktop: Desktop): Promise<App> {
  return launchOffice(desktop, "writer");
}

export async function startDesktop(options: DesktopOptions = {}): Promise<Desktop> {
  reapOrphanDesktops();
  const token = `${Deno.pid}:${crypto.randomUUID()}`;
  const ours = () => processesWhere((t) => t === token);
  const dir = await Deno.makeTempDir({ prefix: "oso-desktop-" });
  await Deno.chmod(dir, 0o700);
  await Deno.mkdir(`${dir}/services`);
  await Deno.mkdir(`${dir}/home`);
  const children: Deno.ChildProcess[] = [];
  const baseEnv: Record<string, string> = {
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: `${dir}/home`,
    XDG_RUNTIME_DIR: dir,
    XDG_CONFIG_HOME: `${dir}/home/.config`,
    XDG_CACHE_HOME: `${dir}/home/.cache`,
    XDG_DATA_HOME: `${dir}/home/.local/share`,
    GSETTINGS_BACKEND: "memory",
    GIO_USE_VFS: "local",
    GTK_USE_PORTAL: "0",
    [TOKEN_VARIABLE]: token,
  };
  const spawn = (command: string, args: string[], env: Record<string, string>) => {
    const child = new Deno.Command(command, {
      args,
      env,
      clearEnv: true,
      stdin: "null",
      stdout: "piped",
      stderr: "null",
    }).spawn();
    children.push(child);
    return child;
  };
  // A test process that exits without stop() (a failed assertion path, Ctrl-C) still cleans up.
  const onUnload = () => {
    for (const child of children) {
      try {
        child.kill("SIGKILL");
      } catch {
        // already exited and reaped
      }
    }
    killNow(ours());
  };
  globalThis.addEventListener("unload", onUnload);
  const stopAll = async () => {
    globalThis.removeEventListener("unload", onUnload);
    await terminateChildren(children);
    await terminate(ours());
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  };

  try {
    const width = options.width ?? 1280;
    const height = options.height ?? 800;
    const xvfb = spawn(
      "Xvfb",
      ["-displayfd", "1", "-screen", "0", `${width}x${height}x24`, "-nolisten", "tcp"],
      baseEnv,
    );
    const display = `:${await firstLine(xvfb.stdout, "Xvfb")}`;
    const xEnv = { ...baseEnv, DISPLAY: display };
    await Deno.writeTextFile(`${dir}/session.conf`, sessionBusConfig(dir));
    const bus = spawn(
      "dbus-daemon",
      ["--nofork", "--print-address=1", `--config-file=${dir}/session.conf`],
      xEnv,
    );
    const env = { ...xEnv, DBUS_SESSION_BUS_ADDRESS: await firstLine(bus.stdout, "dbus-daemon") };

    const run = async (command: string, args: string[]) => {
      const out = await new Deno.Command(command, { args, env, clearEnv: true, stderr: "null" })
        .output();
      return decoder.decode(out.stdout);
    };
    const rootProperty = (name: string) => run("xprop", ["-root", name]);
    const accessibilityBusAddress = () =>
      run("dbus-send", [
        "--session",
        "--dest=org.a11y.Bus",
        "--print-reply",
        "/org/a11y/bus",
        "org.a11y.Bus.GetAddress",
      ]);

    let launcher: Deno.ChildProcess | null = null;
    const startAccessibilityBus = async () => {
      launcher = spawn(BUS_LAUNCHER, ["--launch-immediately"], env);
      launcher.stdout.pipeTo(new WritableStream()).catch(() => {});
      // The launcher answers org.a11y.Bus.GetAddress on the session bus once it listens.
      const deadline = Date.now() + 30_000;
      while (!(await accessibilityBusAddress()).includes("unix:")) {
        if (Date.now() > deadline) throw new Error("the accessibility bus did not start");
        await sleep(50);
      }
    };
    const stopAccessibilityBus = async () => {
      const bus = ours().filter((pid) => {
        const cmdline = Deno.readTextFileSync(`/proc/${pid}/cmdline`);
        return cmdline.includes("at-spi") || cmdline.includes("accessibility.conf");
      });
      await terminate(bus);
      if (launcher) await launcher.status.catch(() => {});
    };
    await startAccessibilityBus();

    // Its messages go to a log the deadline error quotes.
    const wmLog = `${dir}/openbox.log`;
    const startWindowManager = () => {
      // Its messages go to a log the deadline error quotes.
      const wm = spawn("sh", ["-c", 'exec openbox --sm-disable 2>>"$0"', wmLog], env);
      wm.stdout.pipeTo(new WritableStream()).catch(() => {});
      return wm;
    };
    // openbox has been seen to exit before managing the screen, silently, on a
    // busy machine. Each exit's status is kept (a signal says something else
    // killed it), the window manager is started again until the deadline, and
    // the restarts are reported on stderr and in the error.
    let wm = startWindowManager();
    const wmExits: string[] = [];
    const wmDeadline = Date.now() + 30_000;
    while (!(await rootProperty("_NET_SUPPORTING_WM_CHECK")).includes("window id")) {
      if (!alive(wm.pid)) {
        const status = await wm.status;
        wmExits.push(status.signal ? `signal ${status.signal}` : `exit code ${status.code}`);
        console.error(`desktop ${display}: openbox ended (${wmExits.at(-1)}); started again`);
        wm = startWindowManager();
      }
      if (Date.now() > wmDeadline) {
        const log = await Deno.readTextFile(wmLog).catch(() => "(no log)");
        throw new Error(
          `openbox did not manage the screen within 30 s (${wmExits.length} restarts after ` +
            `${wmExits.join(", ") || "no exit"}; ${alive(wm.pid) ? "running" : "exited"}): ${log}`,
        );
      }
      await sleep(50);
    }

    const clientWindowOf = async (pid: number): Promise<bigint | null> => {
      const list = await rootProperty("_NET_CLIENT_LIST");
      for (const id of list.match(/0x[0-9a-f]+/g) ?? []) {
        const owner = await run("xprop", ["-id", id, "_NET_WM_PID"]);
        if (owner.trim().endsWith(`= ${pid}`)) return BigInt(id);
      }
      return null;
    };

    const launch = async (command: string, args: string[] = []): Promise<App> => {
      const child = spawn(command, args, env);
      let output = "";
      child.stdout.pipeTo(
        new WritableStream({ write: (chunk) => void (output += decoder.decode(chunk)) }),
      ).catch(() => {});
      // A loaded machine slows a start without stalling it: the wait gives up
      // once the app has used no CPU for STALLED_MS (or has ended), not at a
      // fixed time.
      let exitCode: number | null = null;
      child.status.then((s) => (exitCode = s.code), () => (exitCode = -1));
      let ticks = -1;
      const started = Date.now();
      let lastProgress = started;
      let window: bigint | null = null;
      while ((window = await clientWindowOf(child.pid)) === null) {
        if (exitCode !== null) {
          throw new Error(`${command} ended (exit code ${exitCode}) before mapping a window`);
        }
        const now = ticksOfTree(child.pid);
        if (now !== ticks) [ticks, lastProgress] = [now, Date.now()];
        if (Date.now() - lastProgress > STALLED_MS) {
          throw new Error(`${command} did not map a window (no CPU used for ${STALLED_MS} ms)`);
        }
        if (Date.now() - started > LAUNCH_LIMIT_MS) {
          throw new Error(`${command} did not map a window in ${LAUNCH_LIMIT_MS} ms`);
        }
        await sleep(100);
      }
      return {
        pid: child.pid,
        window,
        stdout: () => output,
        exited: child.status.then((s) => s.code),
        async kill() {
          await terminateChildren([child]);
        },
      };
    };

    return {
      display,
      env,
      launch,
      run,
      stopAccessibilityBus,
      startAccessibilityBus,
      windowManager: () => wm.pid,
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}

/**
 * The real windows the views are measured and tested on (bench/views.ts,
 * tests/linux/views_test.ts): a name and how to start it.
 */
export const VIEW_APPS: Array<[string, (desktop: Desktop) => Promise<App>]> = [
  ["gtk3-widget-factory", (d) => d.launch("gtk3-widget-factory")],
  ["mousepad", (d) => d.launch("mousepad")],
  ["zenity --forms", (d) =>
    d.launch("zenity", [
      "--forms",
      "--title=Account",
      "--text=New account",
      "--add-entry=Name",
      "--add-password=Password",
      "--add-combo=Plan",
      "--combo-values=Free|Pro",
      "--add-calendar=Start",
    ])],
  ["gnome-calculator", (d) => d.launch("gnome-calculator")],
  ["LibreOffice Writer", launchWriter],
];
