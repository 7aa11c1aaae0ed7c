// Opens every native library the Linux adapter uses, naming the Debian package
// of any that is missing. Called by the worker (which owns them) and by the probe.

import { type Atspi, ATSPI_LIBRARY, openAtspi } from "./ffi_atspi.ts";
import { type DBus, DBUS_LIBRARY, openDBus } from "./ffi_dbus.ts";
import { type GLib, GLIB_LIBRARY, type GObject, GOBJECT_LIBRARY, openGLib } from "./ffi_glib.ts";
import { openX11, type X11, X11_LIBRARY } from "./ffi_x11.ts";
import { openXRandr, type XRandr, XRANDR_LIBRARY } from "./ffi_xrandr.ts";
import { openXTest, type XTest, XTEST_LIBRARY } from "./ffi_xtest.ts";

/** Library file → the Debian package that ships it. */
export const LIBRARY_PACKAGES: Record<string, string> = {
  [X11_LIBRARY]: "libx11-6",
  [XTEST_LIBRARY]: "libxtst6",
  [XRANDR_LIBRARY]: "libxrandr2",
  [GLIB_LIBRARY]: "libglib2.0-0",
  [GOBJECT_LIBRARY]: "libglib2.0-0",
  [ATSPI_LIBRARY]: "libatspi2.0-0",
  [DBUS_LIBRARY]: "libdbus-1-3",
};

export interface Libraries {
  x11: X11;
  xtest: XTest;
  xrandr: XRandr;
  glib: GLib;
  gobject: GObject;
  atspi: Atspi;
  dbus: DBus;
  close(): void;
}

/** Library files that cannot be loaded, each with its package: "libatspi.so.0 (libatspi2.0-0)". */
export function missingLibraries(): string[] {
  return Object.entries(LIBRARY_PACKAGES).flatMap(([file, pkg]) => {
    try {
      Deno.dlopen(file, {}).close();
      return [];
    } catch {
      return [`${file} (Debian package ${pkg})`];
    }
  });
}

export function openLibraries(): Libraries {
  const missing = missingLibraries();
  if (missing.length > 0) throw new Error(`missing libraries: ${missing.join(", ")}`);
  const x11 = openX11();
  const xtest = openXTest();
  const xrandr = openXRandr();
  const glib = openGLib();
  const atspi = openAtspi();
  const dbus = openDBus();
  return {
    x11: x11.x11,
    xtest: xtest.xtest,
    xrandr: xrandr.xrandr,
    glib: glib.glib,
    gobject: glib.gobject,
    atspi: atspi.atspi,
    dbus: dbus.dbus,
    close() {
      for (const lib of [dbus, atspi, glib, xrandr, xtest, x11]) lib.close();
    },
  };
}
