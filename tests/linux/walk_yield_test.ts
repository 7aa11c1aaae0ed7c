// A walk the AT-SPI host makes to check a mirrored tree stops between two of
// its rounds when a request arrives (adapters/linux/atspi/host.ts). Stopped
// halfway, it must leave the connections to the application usable: the next
// walk, on the same connections, reads the same tree as a walk before it.

import { strict as assert } from "node:assert";
import { inProcessEnv } from "./desktop.ts";
import { desktopTest } from "./linux_service.ts";

desktopTest(
  "a walk makes way between its rounds and leaves its connections usable",
  async (_t, desktop) => {
    const app = await desktop.launch("mousepad");
    for (const rounds of [0, 2]) {
      const probe = await new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--allow-all",
          import.meta.resolve("./walk_yield_probe.ts"),
          String(app.pid),
          String(rounds),
        ],
        env: inProcessEnv(desktop.env),
        stdout: "piped",
        stderr: "piped",
      }).output();
      assert.equal(probe.code, 0, new TextDecoder().decode(probe.stderr));
      const seen = JSON.parse(new TextDecoder().decode(probe.stdout));
      assert.ok(seen.nodes > 100, `a whole walk reads mousepad's window: ${seen.nodes} nodes`);
      assert.equal(seen.yielded, true, `told to after ${rounds} rounds, the walk made way`);
      assert.equal(seen.asked, rounds + 1, "it stopped the first time it was told to");
      assert.equal(
        seen.sameAfter,
        true,
        "the next walk on the same connections reads the same tree",
      );
    }
  },
  { apps: [{ command: "mousepad", package: "mousepad" }] },
);
