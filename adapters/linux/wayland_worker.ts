// The worker that owns a Wayland desktop (sway): its IPC, the Wayland
// connection with its virtual input devices, and the AT-SPI host process.

import { serveDesktop } from "../worker_host.ts";
import { WaylandDesktop } from "./wayland/desktop.ts";

await serveDesktop(() => WaylandDesktop.open());
