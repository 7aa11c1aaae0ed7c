// The worker that owns the Windows desktop: every User32, GDI and COM call
// runs on this thread (COM's apartment is per thread).

import { serveDesktop } from "../worker_host.ts";
import { WindowsDesktop } from "./worker_desktop.ts";

await serveDesktop(() => WindowsDesktop.open());
