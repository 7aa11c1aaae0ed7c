// Background compute threads run below the HTTP thread's priority (Linux):
// lowerThreadPriority changes only the calling thread, and a running service
// has its image, token and sketch workers at nice 10 while its main thread stays at 0.

import { strict as assert } from "node:assert";
import { healthzMs } from "./helpers/http.ts";
import { threadNice, threadNices } from "./helpers/proc.ts";
import { startService } from "./helpers/service.ts";

Deno.test("lowerThreadPriority lowers the calling thread only", async () => {
  const mainBefore = threadNice("thread-self");
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
    assert.deepEqual(report, { before: mainBefore, lowered: true, after: mainBefore + 10 });
    assert.equal(threadNice("thread-self"), mainBefore, "the test's own thread is untouched");
  } finally {
    worker.terminate();
  }
});

Deno.test("a service's workers run below its HTTP thread", async () => {
  const service = await startService();
  try {
    await healthzMs(service.port);
    // PNG encoder, PNG decoder, the mock's renderer, the token worker and the
    // sketch worker; the first three may still be loading their modules when
    // the service answers.
    const deadline = Date.now() + 5000;
    let nices = threadNices(service.pid);
    const main = nices.get(service.pid)!;
    const lowered = () => [...nices.values()].filter((nice) => nice === main + 10).length;
    while (lowered() < 5 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      nices = threadNices(service.pid);
    }
    assert.equal(lowered(), 5, `threads' nice values: ${[...nices.values()].join(" ")}`);
    assert.equal(
      [...nices.values()].filter((nice) => nice !== main && nice !== main + 10).length,
      0,
    );
  } finally {
    await service.stop();
  }
});
