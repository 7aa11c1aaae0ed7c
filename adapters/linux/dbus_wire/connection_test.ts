// Calls sent at once time out on the peer's silence, not on how long the
// queue before them takes: a peer that answers in order on a busy machine is
// slow, not gone (a GTK application answering 256 pipelined AT-SPI calls).

import { strict as assert } from "node:assert";
import { WireConnection } from "./connection.ts";
import { openLibc } from "../ffi/libc.ts";

const PEER = new URL("../../../tests/fixtures/dbus/paced_peer.ts", import.meta.url).pathname;
const PACE_MS = 50;
const CALLS = 60;
const SILENCE_MS = 2_000;

async function withPeer(run: (address: string) => void): Promise<void> {
  const dir = Deno.makeTempDirSync({ prefix: "oso-peer-" });
  const path = `${dir}/peer`;
  const peer = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", PEER, path, String(PACE_MS)],
    stdout: "piped",
  }).spawn();
  const reader = peer.stdout.getReader();
  const { value } = await reader.read();
  assert.match(new TextDecoder().decode(value), /listening/);
  try {
    run(`unix:path=${path}`);
  } finally {
    peer.kill();
    reader.releaseLock();
    await peer.stdout.cancel();
    await peer.status;
    Deno.removeSync(dir, { recursive: true });
  }
}

Deno.test("callMany: a paced peer is waited for, a silent one times out", async () => {
  const { libc, close } = openLibc();
  try {
    await withPeer((address) => {
      const connection = WireConnection.open(libc, address, SILENCE_MS, true);
      const call = (member: string) => ({
        destination: "",
        path: "/p",
        iface: "i.f",
        member,
        args: [],
      });
      let started = performance.now();
      const replies = connection.callMany(
        Array.from({ length: CALLS }, () => call("Ping")),
        SILENCE_MS,
      );
      const tookMs = performance.now() - started;
      assert.ok(tookMs > SILENCE_MS, `the queue outlasted the timeout (${tookMs} ms)`);
      assert.deepEqual(replies.filter((r) => !r.ok), [], "every call answered");

      started = performance.now();
      const [silent] = connection.callMany([call("Never")], SILENCE_MS);
      assert.equal(silent.ok, false);
      assert.ok(!silent.ok && silent.timedOut, "timed out");
      assert.ok(performance.now() - started >= SILENCE_MS);
      connection.close();
    });
  } finally {
    close();
  }
});
