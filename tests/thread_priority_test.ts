// Background compute threads run below the HTTP thread's priority (Linux):
// lowerThreadPriority changes only the calling thread, and a running service
// has its image, token, sketch and OCR workers 10 below its main thread, which keeps its value.

import { strict as assert } from "node:assert";
import { healthzMs } from "./helpers/http.ts";
import { threadNice, threadNices } from "./helpers/proc.ts";
import { startService } from "./helpers/service.ts";

/** Where background threads go: 10 below the process's main thread, 19 at the lowest. */
const below = (main: number) => Math.min(main + 10, 19);

Deno.test("lowerThreadPriority lowers the calling thread only", async () => {
  // The test's thread may not be the process's main thread, nor at its nice value (a runtime
  // thread a lowered worker started, reused for this file): both are read. The probe's own
  // thread may start lowered already (CI saw it at 10 beside a test thread at 0), so its
  // starting value is reported, not assumed.
  const mainBefore = threadNice("thread-self");
  const processMain = threadNice(`${Deno.pid}/task/${Deno.pid}`);
  const worker = new Worker(new URL("./helpers/nice_probe_worker.ts", import.meta.url), {
    type: "module",
  });
  try {
    const report = await new Promise<{ before: number; lowered: boolean; after: number }>(
      (resolve) => {
        worker.onmessage = (event) => resolve(event.data);
        worker.postMessage("go");
      },
    );
    assert.deepEqual(
      { lowered: report.lowered, after: report.after },
      { lowered: true, after: below(processMain) },
      `the probe's thread started at ${report.before}`,
    );
    assert.equal(threadNice("thread-self"), mainBefore, "the test's own thread is untouched");
  } finally {
    worker.terminate();
  }
});

Deno.test("a service's workers run below its HTTP thread", async () => {
  const service = await startService();
  try {
    await healthzMs(service.port);
    // PNG encoder, PNG decoder, the mock's renderer, the token worker, the
    // sketch worker and the OCR worker (Deno names them worker-N); some may
    // still be loading their modules when the service answers.
    const workers = () =>
      [...Deno.readDirSync(`/proc/${service.pid}/task`)]
        .map((e) => Number(e.name))
        .filter((tid) =>
          Deno.readTextFileSync(`/proc/${service.pid}/task/${tid}/comm`).startsWith("worker-")
        );
    const deadline = Date.now() + 5000;
    let nices = threadNices(service.pid);
    const main = nices.get(service.pid)!;
    const lowered = () => workers().filter((tid) => nices.get(tid) === below(main)).length;
    while (lowered() < 6 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      nices = threadNices(service.pid);
    }
    assert.equal(workers().length, 6);
    assert.equal(lowered(), 6, `threads' nice values: ${[...nices.values()].join(" ")}`);
    assert.equal(nices.get(service.pid), main, "the HTTP thread keeps its priority");
    // A runtime thread a worker starts (tokio's blocking pool) inherits its nice value.
    assert.equal(
      [...nices.values()].filter((nice) => nice !== main && nice !== below(main)).length,
      0,
    );
  } finally {
    await service.stop();
  }
});
