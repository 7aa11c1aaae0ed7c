// Can this process drive a Linux desktop? Checks, without starting the adapter,
// everything it needs and names each missing part precisely: DISPLAY and the X
// server (or, on Wayland, the display's and sway's sockets), each library with
// its Debian package, and the accessibility bus.

import { cString, pointerIn } from "./ffi/c_strings.ts";
import { DBUS_LIBRARY, openDBus } from "./ffi/dbus.ts";
import { ANY_PROPERTY_TYPE, openX11, SUCCESS, type X11 } from "./ffi/x11.ts";
import { accessibilityBusProblem } from "./atspi/accessibility_bus.ts";
import { missingLibraries } from "./ffi/libraries.ts";
import type { LinuxBackend } from "./session.ts";

export type ProbeResult = { ok: true } | { ok: false; missing: string[] };

/** The AT_SPI_BUS property of the root window, read without installing X error handlers. */
function rootAtspiBus(x11: X11, display: Deno.PointerObject): string | null {
  const atom = x11.XInternAtom(display, cString("AT_SPI_BUS"), 1);
  if (atom === 0n) return null;
  const type = new BigUint64Array(1);
  const format = new Int32Array(1);
  const count = new BigUint64Array(1);
  const after = new BigUint64Array(1);
  const data = new BigUint64Array(1);
  const status = x11.XGetWindowProperty(
    display,
    x11.XDefaultRootWindow(display),
    atom,
    0n,
    1024n,
    0,
    ANY_PROPERTY_TYPE,
    type,
    format,
    count,
    after,
    data,
  );
  const pointer = pointerIn(data);
  if (pointer === null) return null;
  try {
    if (status !== SUCCESS || format[0] !== 8) return null;
    const bytes = Deno.UnsafePointerView.getArrayBuffer(pointer, Number(count[0]));
    return new TextDecoder().decode(bytes) || null;
  } finally {
    x11.XFree(pointer);
  }
}

/** Connects to $DISPLAY; the AT_SPI_BUS address, or a missing part's description. */
function checkDisplay(name: string): { atspiBus: string | null } | { problem: string } {
  const { x11, close } = openX11();
  try {
    const display = x11.XOpenDisplay(cString(name));
    if (display === null) {
      return {
        problem: `the X server at DISPLAY=${name} (cannot connect; is Xvfb or Xorg running?)`,
      };
    }
    try {
      return { atspiBus: rootAtspiBus(x11, display) };
    } finally {
      x11.XCloseDisplay(display);
    }
  } finally {
    close();
  }
}

/** A Wayland socket as libwayland finds it: an absolute path, or a name in XDG_RUNTIME_DIR. */
function waylandSocket(display: string): string {
  return display.startsWith("/") ? display : `${Deno.env.get("XDG_RUNTIME_DIR") ?? ""}/${display}`;
}

function isSocket(path: string): boolean {
  try {
    return Deno.statSync(path).isSocket === true;
  } catch {
    return false;
  }
}

/** What a Wayland desktop needs: the display's socket, and sway's IPC socket or the session bus. */
function waylandProblems(backend: "sway" | "portal"): string[] {
  const problems: string[] = [];
  const display = Deno.env.get("WAYLAND_DISPLAY");
  if (!display) problems.push("WAYLAND_DISPLAY (not set: no Wayland display to observe)");
  else if (!isSocket(waylandSocket(display))) {
    problems.push(`the Wayland display ${waylandSocket(display)} (no socket there)`);
  }
  if (backend === "portal") {
    if (!Deno.env.get("DBUS_SESSION_BUS_ADDRESS")) {
      problems.push("DBUS_SESSION_BUS_ADDRESS (not set: xdg-desktop-portal is on the session bus)");
    }
    return problems;
  }
  const sway = Deno.env.get("SWAYSOCK");
  if (!sway) {
    problems.push(
      "SWAYSOCK (not set: the window list comes from sway's IPC; other compositors are not " +
        "supported yet)",
    );
  } else if (!isSocket(sway)) problems.push(`sway's IPC socket ${sway} (no socket there)`);
  return problems;
}

export function probeLinuxDesktop(backend: LinuxBackend = "x11"): Promise<ProbeResult> {
  const missing = missingLibraries(
    backend === "sway" ? "wayland" : backend === "x11" ? "x11" : null,
  );
  if (backend !== "x11") {
    missing.push(...waylandProblems(backend));
    return Promise.resolve(withAccessibilityBus(missing, null));
  }
  const display = Deno.env.get("DISPLAY");
  let atspiBus: string | null = null;
  if (!display) {
    missing.push("DISPLAY (not set: no X display to observe)");
  } else if (!missing.some((m) => m.startsWith("libX11"))) {
    const checked = checkDisplay(display);
    if ("problem" in checked) missing.push(checked.problem);
    else atspiBus = checked.atspiBus;
  }
  return Promise.resolve(withAccessibilityBus(missing, atspiBus));
}

/** Adds the accessibility bus's problem, if any, to what is missing. */
function withAccessibilityBus(missing: string[], atspiBus: string | null): ProbeResult {
  if (!missing.some((m) => m.startsWith(DBUS_LIBRARY))) {
    const { dbus, close } = openDBus();
    try {
      const problem = accessibilityBusProblem(dbus, atspiBus);
      if (problem !== null) missing.push(problem);
    } finally {
      close();
    }
  }
  return missing.length === 0 ? { ok: true } : { ok: false, missing };
}
