// The Windows adapter as the service sees it: a WorkerAdapter forwarding every
// call to the worker owning the desktop (worker.ts), so User32 and COM calls
// (a UI Automation walk of a big window can take seconds) never block the
// HTTP thread.

import type { Adapter } from "../types.ts";
import { WorkerAdapter, type WorkerAdapterOptions } from "../worker_adapter.ts";

const WORKER_URL = new URL("./worker.ts", import.meta.url).href;

/**
 * Starts the worker and waits until it owns the desktop; rejects with the
 * reason (no tree source, a DLL that would not load) when it cannot.
 */
export function createWindowsAdapter(options: WorkerAdapterOptions = {}): Promise<Adapter> {
  return new WorkerAdapter("WindowsAdapter", WORKER_URL, "the Windows desktop worker", options)
    .started();
}
