// The native libraries of the Linux adapter, with the Debian package of any that
// is missing. The worker opens the X ones; the AT-SPI host (adapters/linux/atspi/host.ts) opens
// libatspi, GLib and libdbus itself.

import { ATSPI_LIBRARY } from "./atspi.ts";
import { DBUS_LIBRARY } from "./dbus.ts";
import { GLIB_LIBRARY, GOBJECT_LIBRARY } from "./glib.ts";
import { openX11, type X11, X11_LIBRARY } from "./x11.ts";
import { openXRandr, type XRandr, XRANDR_LIBRARY } from "./xrandr.ts";
import { openXTest, type XTest, XTEST_LIBRARY } from "./xtest.ts";
import { WAYLAND_LIBRARY } from "./wayland.ts";

/** Library file → the Debian package that ships it, for either session and for each. */
const COMMON_PACKAGES: Record<string, string> = {
  [GLIB_LIBRARY]: "libglib2.0-0",
  [GOBJECT_LIBRARY]: "libglib2.0-0",
  [ATSPI_LIBRARY]: "libatspi2.0-0",
  [DBUS_LIBRARY]: "libdbus-1-3",
};
const SESSION_PACKAGES: Record<"x11" | "wayland", Record<string, string>> = {
  x11: {
    [X11_LIBRARY]: "libx11-6",
    [XTEST_LIBRARY]: "libxtst6",
    [XRANDR_LIBRARY]: "libxrandr2",
  },
  wayland: { [WAYLAND_LIBRARY]: "libwayland-client0" },
};

export interface XLibraries {
  x11: X11;
  xtest: XTest;
  xrandr: XRandr;
  close(): void;
}

/** Library files that cannot be loaded, each with its package: "libatspi.so.0 (libatspi2.0-0)". */
/** `session`: the display server's own libraries too (null: the common ones alone). */
export function missingLibraries(session: "x11" | "wayland" | null = "x11"): string[] {
  const wanted = { ...(session === null ? {} : SESSION_PACKAGES[session]), ...COMMON_PACKAGES };
  return Object.entries(wanted).flatMap(([file, pkg]) => {
    try {
      Deno.dlopen(file, {}).close();
      return [];
    } catch {
      return [`${file} (Debian package ${pkg})`];
    }
  });
}

/** The X libraries; throws naming every library of the adapter that is missing. */
export function openXLibraries(): XLibraries {
  const missing = missingLibraries();
  if (missing.length > 0) throw new Error(`missing libraries: ${missing.join(", ")}`);
  const x11 = openX11();
  const xtest = openXTest();
  const xrandr = openXRandr();
  return {
    x11: x11.x11,
    xtest: xtest.xtest,
    xrandr: xrandr.xrandr,
    close() {
      for (const lib of [xrandr, xtest, x11]) lib.close();
    },
  };
}
