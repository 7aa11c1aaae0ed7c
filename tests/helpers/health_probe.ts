// A client that checks /api/healthz every `intervalMs` while a load test runs,
// from a worker thread (./health_probe_worker.ts): its timings measure the
// service, not the test's own busy event loop.

export interface HealthProbe {
  /** Stops polling; the latencies in milliseconds and any failed checks. */
  stop(): Promise<{ samples: number[]; failures: string[] }>;
}

/**
 * Resolves once the worker has made one unrecorded check, so the first
 * recorded one does not include the probe's own start (module loading, first
 * use of the socket code) racing the load for a core.
 */
export async function startHealthProbe(port: number, intervalMs: number): Promise<HealthProbe> {
  const worker = new Worker(new URL("./health_probe_worker.ts", import.meta.url), {
    type: "module",
  });
  let ready!: () => void;
  const started = new Promise<void>((resolve) => ready = resolve);
  const result = new Promise<{ samples: number[]; failures: string[] }>((resolve, reject) => {
    worker.onmessage = (event) => event.data === "ready" ? ready() : resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`health probe crashed: ${event.message}`));
    };
  });
  worker.postMessage({ port, intervalMs });
  await Promise.race([started, result]);
  return {
    async stop() {
      worker.postMessage("stop");
      try {
        return await result;
      } finally {
        worker.terminate();
      }
    },
  };
}
