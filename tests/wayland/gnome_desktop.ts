// A throwaway headless GNOME Shell 43 session for the portal tests: GNOME
// Shell as a headless Wayland compositor with one virtual monitor, its
// session bus activating what a GNOME session activates (xdg-desktop-portal
// with the GNOME backend, the permission store, the accessibility bus),
// PipeWire for the RemoteDesktop portal's screen-cast streams, and a private
// bus standing in for the system bus. GNOME Shell runs in a mount namespace
// where /run/systemd is empty, so it does not look for logind. The user's
// hand on its dialogs is tests/fixtures/dbus/gnome_user.py. Every process
// carries the desktop's token, so stop() ends exactly this desktop's processes.

import { commandExists } from "../helpers/parts.ts";
import { waitFor } from "../helpers/proc.ts";
import {
  desktopProcesses,
  firstLine,
  reapOrphanDesktops,
  sessionBusConfig,
  sessionBusReply,
  terminate,
} from "../linux/desktop.ts";

export const GNOME_PACKAGES =
  "gnome-shell xdg-desktop-portal-gnome pipewire wireplumber gnome-calculator " +
  "at-spi2-core dbus python3-gi gir1.2-atspi-2.0";
const PYTHON = "/usr/bin/python3";
const USER = new URL("../fixtures/dbus/gnome_user.py", import.meta.url).pathname;

export function gnomeAvailable(): boolean {
  const gi = (() => {
    try {
      return new Deno.Command(PYTHON, {
        args: ["-c", "import gi; gi.require_version('Atspi', '2.0')"],
        stderr: "null",
      }).outputSync().code === 0;
    } catch {
      return false;
    }
  })();
  return gi && Deno.uid() === 0 &&
    ["gnome-shell", "pipewire", "wireplumber", "dbus-daemon", "dbus-send", "unshare"].every(
      commandExists,
    ) && ["/usr/libexec/xdg-desktop-portal-gnome", "/usr/libexec/at-spi-bus-launcher"].every(
      (path) => {
        try {
          return Deno.statSync(path).isFile;
        } catch {
          return false;
        }
      },
    );
}

export interface GnomeDesktop {
  /** The environment a client of this desktop needs (the service, apps): no SWAYSOCK. */
  env: Record<string, string>;
  /** Starts an app as a native Wayland client; `output()` is what it has printed so far. */
  launch(command: string, args?: string[]): Promise<{ pid: number; output(): string }>;
  /** The user at the keyboard (keysym names: Tab, Return), through GNOME's own remote input. */
  keys(...names: string[]): Promise<void>;
  /** The user pressing named controls of an application's window (AT-SPI actions). */
  press(application: string, ...controls: string[]): Promise<void>;
  stop(): Promise<void>;
}

/** How long the desktop's parts may take to appear. */
const START_MS = 60_000;
/** How long one call on the portal may take: a cold start answers in under 1 s. */
const PORTAL_CALL_MS = 5_000;
/** The portal and its backends as the session bus starts them (names cut to 15 characters). */
const PORTAL_PROCESSES = /^xdg-(desktop|document)-/;

export async function startGnomeDesktop(
  options: { width?: number; height?: number } = {},
): Promise<GnomeDesktop> {
  reapOrphanDesktops();
  const dir = await Deno.makeTempDir({ prefix: "oso-gnome-" });
  const { spawn, stopAll, processes } = desktopProcesses(dir);
  const run = `${dir}/run`;
  await Deno.mkdir(run, { mode: 0o700 });
  await Deno.mkdir(`${dir}/home`);
  await Deno.writeTextFile(`${dir}/bus.conf`, sessionBusConfig(dir, "standard"));
  const size = `${options.width ?? 1280}x${options.height ?? 800}`;
  const base: Record<string, string> = {
    PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
    LANG: "C.UTF-8",
    HOME: `${dir}/home`,
    XDG_RUNTIME_DIR: run,
    XDG_SESSION_TYPE: "wayland",
    XDG_CURRENT_DESKTOP: "GNOME",
    WAYLAND_DISPLAY: "wayland-0",
    GSETTINGS_BACKEND: "memory",
  };
  // What the two buses and the services they start print, the last lines
  // kept to say why the desktop did not come up.
  let busLog = "";
  const busAt = async (what: string) => {
    const bus = spawn(
      "dbus-daemon",
      [
        "--nofork",
        "--print-address=1",
        `--config-file=${dir}/bus.conf`,
      ],
      base,
      "piped",
    );
    const decoder = new TextDecoder();
    bus.stderr.pipeTo(
      new WritableStream({
        write: (chunk) => void (busLog = (busLog + decoder.decode(chunk)).slice(-4000)),
      }),
    ).catch(() => {});
    return await firstLine(bus.stdout, what);
  };
  try {
    const env = { ...base, DBUS_SESSION_BUS_ADDRESS: await busAt("the session bus") };
    const system = await busAt("the stand-in system bus");
    const shell = spawn("unshare", [
      "--mount",
      "sh",
      "-c",
      'mount -t tmpfs tmpfs /run/systemd 2>/dev/null; exec gnome-shell "$@"',
      "gnome-shell",
      "--headless",
      "--wayland",
      "--no-x11",
      "--virtual-monitor",
      size,
    ], { ...env, DBUS_SYSTEM_BUS_ADDRESS: system });
    shell.stdout.pipeTo(new WritableStream()).catch(() => {});
    await waitFor(
      "GNOME Shell's screenshot service",
      async () =>
        (await sessionBusReply(env, [
            "--dest=org.freedesktop.DBus",
            "/org/freedesktop/DBus",
            "org.freedesktop.DBus.ListNames",
          ])).includes('"org.gnome.Shell.Screenshot"')
          ? true
          : null,
      START_MS,
    );
    // As in a running session, the portal and its GNOME backend are up before
    // any application starts: a GTK 4 application reads its settings through
    // the portal as it starts, and would wait for it to come up.
    const portalAnswers = (ms: number) =>
      waitFor(
        "the desktop portal's settings",
        async () =>
          (await sessionBusReply(env, [
              `--reply-timeout=${PORTAL_CALL_MS}`,
              "--dest=org.freedesktop.portal.Desktop",
              "/org/freedesktop/portal/desktop",
              "org.freedesktop.portal.Settings.Read",
              "string:org.gnome.desktop.interface",
              "string:color-scheme",
            ])) !== ""
            ? true
            : null,
        ms,
      );
    // The portal's first start on a loaded machine now and then never
    // answers (1 start in about 40 here, and once in CI, where the calls
    // waited out their timeouts for 75 s). One that has not answered in a
    // third of the time is ended with its backends, and the next call starts
    // them afresh; if that fails too, the error says where each of the
    // desktop's processes waits and what the buses printed.
    await portalAnswers(START_MS / 3).catch(async () => {
      await terminate(
        processes().filter((p) => PORTAL_PROCESSES.test(p.name)).map((p) => p.pid),
      );
      await portalAnswers(START_MS * 2 / 3).catch((e) => {
        const states = processes().map((p) => `${p.name}(${p.pid}) ${p.state} ${p.wchan}`);
        throw new Error(
          `${(e as Error).message} (started afresh once); processes: ${
            states.join(", ")
          }; the buses printed: ${busLog}`,
        );
      });
    });
    for (const daemon of ["pipewire", "wireplumber"]) {
      spawn(daemon, [], env).stdout.pipeTo(new WritableStream()).catch(() => {});
    }
    const user = async (args: string[]) => {
      const out = await new Deno.Command(PYTHON, {
        args: [USER, ...args],
        env,
        clearEnv: true,
      }).output();
      if (out.code !== 0) {
        throw new Error(
          `the user's hand (${args.join(" ")}): ${new TextDecoder().decode(out.stderr)}`,
        );
      }
    };
    return {
      env,
      launch(command, args = []) {
        const child = spawn(command, args, { ...env, GDK_BACKEND: "wayland" }, "piped");
        let printed = "";
        const decoder = new TextDecoder();
        for (const stream of [child.stdout, child.stderr]) {
          stream.pipeTo(
            new WritableStream({ write: (chunk) => void (printed += decoder.decode(chunk)) }),
          ).catch(() => {});
        }
        return Promise.resolve({ pid: child.pid, output: () => printed });
      },
      keys: (...names) => user(["keys", ...names]),
      press: (application, ...controls) => user(["press", application, ...controls]),
      stop: stopAll,
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
