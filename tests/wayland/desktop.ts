// A throwaway headless Wayland desktop for the Wayland tests: sway 1.7 on its
// headless backend with the pixman renderer, run as an unprivileged user (sway
// refuses to run as root), with XWayland for X11 clients; a private session
// bus and the accessibility bus; GTK applications started as native Wayland
// clients (or X11 ones under XWayland). The test process and the service are
// clients of the compositor as root. Every process carries the desktop's
// token, so stop() ends exactly this desktop's processes.

import { commandExists } from "../helpers/parts.ts";
import { waitFor } from "../helpers/proc.ts";
import {
  desktopProcesses,
  firstLine,
  reapOrphanDesktops,
  sessionBusConfig,
  sessionBusReply,
} from "../linux/desktop.ts";
import { MessageType, SwayIpc } from "../../adapters/linux/wayland/sway_ipc.ts";
import { type SwayNode, type SwayView, viewsOf } from "../../adapters/linux/wayland/sway_tree.ts";

export const WAYLAND_PACKAGES =
  "sway xwayland x11-xserver-utils dbus at-spi2-core gtk-3-examples " +
  "gnome-calculator";
const NOBODY = 65534;
const BUS_LAUNCHER = "/usr/libexec/at-spi-bus-launcher";

export function waylandAvailable(): boolean {
  try {
    Deno.statSync(BUS_LAUNCHER);
  } catch {
    return false;
  }
  return ["sway", "Xwayland", "xhost", "setpriv", "dbus-daemon", "dbus-send"].every(commandExists);
}

export interface WaylandApp {
  pid: number;
  /** Its window as sway lists it. */
  view: SwayView;
  kill(): Promise<void>;
}

export interface WaylandDesktop {
  /** The environment a client of this desktop needs (the service, apps). */
  env: Record<string, string>;
  /** sway's windows now. */
  views(): Promise<SwayView[]>;
  /** A sway command (`[con_id=5] floating enable`). */
  command(text: string): Promise<void>;
  /** Starts an app (natively, or under XWayland with `x11`) and waits for its window. */
  launch(command: string, args?: string[], options?: { x11?: boolean }): Promise<WaylandApp>;
  stop(): Promise<void>;
}

/** How long the desktop's parts and an app's window may take to appear. */
const START_MS = 60_000;
const until = <T>(what: string, probe: () => Promise<T | null> | T | null) =>
  waitFor(what, probe, START_MS);

export async function startWaylandDesktop(
  /** `outputs`: side by side, each width × height (sway's headless backend makes them). */
  options: { width?: number; height?: number; outputs?: number; scale?: number } = {},
): Promise<WaylandDesktop> {
  reapOrphanDesktops();
  const dir = await Deno.makeTempDir({ prefix: "oso-wayland-" });
  const { spawn, stopAll } = desktopProcesses(dir);
  // sway's user must pass through to its own folders.
  await Deno.chmod(dir, 0o711);
  const run = `${dir}/run`;
  const swayHome = `${dir}/sway-home`;
  const clientRun = `${dir}/client-run`;
  for (const folder of [run, swayHome]) {
    await Deno.mkdir(folder, { mode: 0o700 });
    await Deno.chown(folder, NOBODY, NOBODY);
  }
  await Deno.mkdir(clientRun, { mode: 0o700 });
  await Deno.mkdir(`${dir}/home`);
  await Deno.mkdir(`${dir}/services`);
  const width = options.width ?? 1280;
  const height = options.height ?? 800;
  const outputs = options.outputs ?? 1;
  /** width × height are layout pixels; a scaled output has scale² device pixels for each. */
  const scale = options.scale ?? 1;
  await Deno.writeTextFile(
    `${dir}/sway.conf`,
    [
      ...Array.from(
        { length: outputs },
        (_, i) =>
          `output HEADLESS-${i + 1} resolution ${width * scale}x${height * scale} ` +
          `position ${i * width} 0 scale ${scale}`,
      ),
      "xwayland enable",
      "focus_follows_mouse no",
      "seat seat0 fallback true",
      // XWayland belongs to sway's user: root's clients are let in, and its display said.
      `exec sh -c 'xhost +si:localuser:root >/dev/null && echo "$DISPLAY" > ${run}/xdisplay'`,
      "",
    ].join("\n"),
  );
  try {
    const sway = spawn("setpriv", [
      `--reuid=${NOBODY}`,
      `--regid=${NOBODY}`,
      "--clear-groups",
      "sway",
      "-c",
      `${dir}/sway.conf`,
    ], {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      HOME: swayHome,
      XDG_RUNTIME_DIR: run,
      WLR_BACKENDS: "headless",
      WLR_HEADLESS_OUTPUTS: String(outputs),
      WLR_LIBINPUT_NO_DEVICES: "1",
      WLR_RENDERER: "pixman",
    });
    sway.stdout.pipeTo(new WritableStream()).catch(() => {});
    const sockets = await until("sway's sockets", () => {
      const names = [...Deno.readDirSync(run)].map((e) => e.name);
      const wayland = names.find((n) => /^wayland-\d+$/.test(n));
      const ipc = names.find((n) => n.startsWith("sway-ipc.") && n.endsWith(".sock"));
      return wayland && ipc ? { wayland: `${run}/${wayland}`, ipc: `${run}/${ipc}` } : null;
    });
    const xDisplay = await until("XWayland", async () => {
      const text = await Deno.readTextFile(`${run}/xdisplay`).catch(() => "");
      return text.trim() === "" ? null : text.trim();
    });
    const base: Record<string, string> = {
      PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
      LANG: "C.UTF-8",
      HOME: `${dir}/home`,
      XDG_RUNTIME_DIR: clientRun,
      XDG_SESSION_TYPE: "wayland",
      WAYLAND_DISPLAY: sockets.wayland,
      SWAYSOCK: sockets.ipc,
      DISPLAY: xDisplay,
      GSETTINGS_BACKEND: "memory",
      GIO_USE_VFS: "local",
      GTK_USE_PORTAL: "0",
    };
    await Deno.writeTextFile(`${dir}/session.conf`, sessionBusConfig(`${dir}`));
    const bus = spawn(
      "dbus-daemon",
      ["--nofork", "--print-address=1", `--config-file=${dir}/session.conf`],
      base,
    );
    const env = { ...base, DBUS_SESSION_BUS_ADDRESS: await firstLine(bus.stdout, "dbus-daemon") };
    const launcher = spawn(BUS_LAUNCHER, ["--launch-immediately"], env);
    launcher.stdout.pipeTo(new WritableStream()).catch(() => {});
    await until(
      "the accessibility bus",
      async () =>
        (await sessionBusReply(env, [
            "--dest=org.a11y.Bus",
            "/org/a11y/bus",
            "org.a11y.Bus.GetAddress",
          ])).includes("unix:")
          ? true
          : null,
    );
    const ipc = await SwayIpc.connect(sockets.ipc);
    const views = async () => viewsOf(await ipc.request<SwayNode>(MessageType.GET_TREE));
    return {
      env,
      views,
      command: (text) => ipc.command(text),
      async launch(command, args = [], launchOptions = {}) {
        const child = spawn(command, args, {
          ...env,
          GDK_BACKEND: launchOptions.x11 ? "x11" : "wayland",
        });
        child.stdout.pipeTo(new WritableStream()).catch(() => {});
        const view = await until(
          `${command}'s window`,
          async () => (await views()).find((v) => v.pid === child.pid) ?? null,
        );
        return {
          pid: child.pid,
          view,
          async kill() {
            try {
              child.kill("SIGKILL");
            } catch {
              // gone already
            }
            await child.status;
          },
        };
      },
      async stop() {
        ipc.close();
        await stopAll();
      },
    };
  } catch (e) {
    await stopAll();
    throw e;
  }
}
