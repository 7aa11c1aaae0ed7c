// Run as its own process by adapter_test.ts: `deno test --parallel` runs every
// test file in one process, so an in-test RSS reading would count the other
// files' heaps too. Prints one JSON line: RSS growth over 1,000 captures.
//
// Usage: deno run --allow-all capture_memory_probe.ts <window handle>

import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import { asCapture } from "../../adapters/types.ts";

const LIMITS = { maxDepth: 30, maxNodes: 20000, timeoutMs: 10000 };

/**
 * Resident memory of this process plus its AT-SPI host (adapters/linux/atspi/host.ts),
 * where libatspi and every reference a capture takes live.
 */
function adapterRss(): number {
  let total = Deno.memoryUsage().rss;
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const status = Deno.readTextFileSync(`/proc/${entry.name}/status`);
      const cmdline = Deno.readTextFileSync(`/proc/${entry.name}/cmdline`);
      if (!status.includes(`\nPPid:\t${Deno.pid}\n`) || !cmdline.includes("atspi/host.ts")) {
        continue;
      }
      total += Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
    } catch {
      // gone or not ours to read
    }
  }
  return total;
}

const handle = Deno.args[0];
const adapter = await createLinuxAdapter();
try {
  // Both processes' heaps and JIT settle over the first thousand (~9 + 6 MiB).
  for (let i = 0; i < 1000; i++) await adapter.captureTree(handle, LIMITS);
  const before = adapterRss();
  let nodes = 0;
  for (let i = 0; i < 1000; i++) {
    nodes += asCapture(await adapter.captureTree(handle, LIMITS))!.nodeCount;
  }
  console.log(JSON.stringify({ nodes, growthBytes: adapterRss() - before }));
} finally {
  await adapter.close();
}
