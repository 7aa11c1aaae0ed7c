// The worker that owns a Wayland desktop whose compositor is reached only
// through xdg-desktop-portal (GNOME, KDE), with the AT-SPI host process.

import { serveDesktop } from "../worker_host.ts";
import { PortalDesktop } from "./portal/desktop.ts";

await serveDesktop(() => PortalDesktop.open());
