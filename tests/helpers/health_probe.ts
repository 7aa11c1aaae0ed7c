// A client that checks /api/healthz every `intervalMs` while a load test runs,
// from a worker thread (./health_probe_worker.ts): its timings measure the
// service, not the test's own busy event loop.

export interface HealthProbe {
  /** Stops polling; the latencies in milliseconds and any failed checks. */
  stop(): Promise<{ samples: number[]; failures: string[] }>;
}

export function startHealthProbe(port: number, intervalMs: number): HealthProbe {
  const worker = new Worker(new URL("./health_probe_worker.ts", import.meta.url), {
    type: "module",
  });
  const result = new Promise<{ samples: number[]; failures: string[] }>((resolve, reject) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`health probe crashed: ${event.message}`));
    };
  });
  worker.postMessage({ port, intervalMs });
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
