// The worker that owns the Linux desktop: X11, XTest and XRandR live on this
// thread only, and so does the AT-SPI host process that reads trees
// (adapters/linux/atspi/host.ts).

import { serveDesktop } from "../worker_host.ts";
import { LinuxDesktop } from "./worker_desktop.ts";

await serveDesktop(() => LinuxDesktop.open());
