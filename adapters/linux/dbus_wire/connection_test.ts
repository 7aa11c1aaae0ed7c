// Calls sent at once time out on the peer's silence, not on how long the
// queue before them takes: a peer that answers in order on a busy machine is
// slow, not gone (a GTK application answering 256 pipelined AT-SPI calls).
// A batch larger than its window is written as replies come in, never with
// more calls in flight than the window; calls not written by their batch's
// deadline are not sent. Calls posted without waiting are read while later
// ones are waited for.

import { strict as assert } from "node:assert";
import { answeredByPeer, NOT_SENT, type Reply, WireConnection } from "./connection.ts";
import { openLibc } from "../ffi/libc.ts";

const PEER = new URL("../../../tests/fixtures/dbus/paced_peer.ts", import.meta.url).pathname;
const PACE_MS = 50;
const CALLS = 60;
const SILENCE_MS = 2_000;
/** How long a freshly started peer may take to answer its first call on a busy machine. */
const PEER_START_MS = 60_000;

/**
 * Runs `run` on a connection to a peer answering one call every `paceMs`,
 * once the peer has answered a first call (a new process on a loaded machine
 * can take longer than SILENCE_MS to start answering); returns what the peer
 * printed while `run` ran.
 */
async function withPeer(
  paceMs: number,
  run: (connection: WireConnection) => void,
): Promise<string> {
  const dir = Deno.makeTempDirSync({ prefix: "oso-peer-" });
  const path = `${dir}/peer`;
  const peer = new Deno.Command(Deno.execPath(), {
    args: ["run", "--allow-all", PEER, path, String(paceMs)],
    stdout: "piped",
  }).spawn();
  const reader = peer.stdout.getReader();
  let printed = "";
  while (!printed.includes("listening\n")) {
    const { value, done } = await reader.read();
    if (done) throw new Error("the peer ended before listening");
    printed += new TextDecoder().decode(value);
  }
  const { libc, close } = openLibc();
  try {
    const connection = WireConnection.open(libc, `unix:path=${path}`, SILENCE_MS, true);
    try {
      const [first] = connection.callMany([call("Ping")], PEER_START_MS);
      if (!first.ok) throw new Error(`the peer did not answer a first call: ${first.error}`);
      run(connection);
    } finally {
      connection.close();
    }
  } finally {
    close();
    peer.kill();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      printed += new TextDecoder().decode(value);
    }
    await peer.status;
    Deno.removeSync(dir, { recursive: true });
  }
  // The first call's line is not `run`'s.
  return printed.replace("outstanding 1\n", "");
}

const call = (member: string) => ({
  destination: "",
  path: "/p",
  iface: "i.f",
  member,
  args: [],
});

Deno.test("callMany: a paced peer is waited for, a silent one times out", async () => {
  await withPeer(PACE_MS, (connection) => {
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
  });
});

Deno.test("callMany: a window bounds the calls in flight; the deadline stops the writing", async () => {
  const window = 8;
  const pings = () => Array.from({ length: 50 }, () => call("Ping"));
  let replies: ReturnType<WireConnection["callMany"]> = [];
  let due: ReturnType<WireConnection["callMany"]> = [];
  let past: ReturnType<WireConnection["callMany"]> = [];
  const printed = await withPeer(2, (connection) => {
    replies = connection.callMany(pings(), SILENCE_MS, { inFlight: window });
    // 50 answers take 100 ms: some calls are still unwritten 20 ms from now.
    due = connection.callMany(pings(), SILENCE_MS, {
      inFlight: window,
      sendBy: performance.now() + 20,
    });
    past = connection.callMany(pings(), SILENCE_MS, { sendBy: performance.now() - 1 });
  });
  assert.deepEqual(replies.filter((r) => !r.ok), [], "every call answered");
  const outstanding = [...printed.matchAll(/outstanding (\d+)/g)].map((m) => Number(m[1]));
  const most = Math.max(...outstanding.slice(0, 50));
  assert.ok(most <= window, `at most ${window} calls in flight, saw ${most}`);
  assert.ok(most > window / 2, `the window was used, saw at most ${most} in flight`);

  const notSent = (r: (typeof due)[number]) => !r.ok && r.error === NOT_SENT && !r.timedOut;
  const sent = due.findIndex(notSent);
  assert.ok(sent >= 0, "calls due after the deadline were not sent");
  assert.ok(due.slice(0, sent).every((r) => r.ok), "the calls written were answered");
  assert.ok(due.slice(sent).every(notSent), "none written after the deadline");
  assert.equal(outstanding.length, 50 + sent, "the peer saw only the calls written");
  assert.ok(past.every(notSent), "a deadline already past writes nothing");
});

Deno.test("post: calls answered in order are read while a later call is waited for", async () => {
  await withPeer(2, (connection) => {
    const earlier = connection.post(Array.from({ length: 20 }, () => call("Ping")));
    assert.ok(earlier.left > 0, "posting does not wait");
    const [later] = connection.callMany([call("Ping")], SILENCE_MS);
    assert.ok(later.ok);
    assert.equal(earlier.left, 0, "the earlier calls' replies, which came first, were read");
    assert.ok(earlier.replies.every((r) => r?.ok), "and kept for their caller");

    // Silence times out every call left, not only the one waited for.
    const never = connection.post([call("Never")]);
    const started = performance.now();
    const [silent] = connection.callMany([call("Never")], SILENCE_MS);
    assert.ok(performance.now() - started >= SILENCE_MS);
    for (const reply of [silent, never.replies[0]]) {
      assert.ok(reply !== null && !reply.ok && reply.timedOut, "timed out");
    }
  });
});

/** Holds the thread, as the AT-SPI host's walk does while it works on replies. */
function work(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

Deno.test("busyMs: while calls written are unanswered, not after the peer finished", async () => {
  await withPeer(PACE_MS, (connection) => {
    const from = connection.busyMs;
    const started = performance.now();
    connection.callMany(Array.from({ length: 4 }, () => call("Ping")), SILENCE_MS);
    const waited = performance.now() - started;
    const answering = connection.busyMs - from;
    assert.ok(answering >= 3 * PACE_MS && answering <= waited, `${answering} of ${waited} ms`);
  });
  // A peer answering at once has long finished when the caller, back from a second's work, reads.
  await withPeer(0, (connection) => {
    const before = connection.busyMs;
    const posted = connection.post([call("Ping"), call("Ping")]);
    work(1000);
    connection.settle(posted, SILENCE_MS);
    const counted = connection.busyMs - before;
    assert.ok(posted.replies.every((r) => r?.ok));
    assert.ok(
      counted < 500,
      `the caller's work after the peer finished is not counted: ${counted}`,
    );
  });
});

Deno.test("settle: a window freed while the caller worked is filled before waiting", async () => {
  await withPeer(0, (connection) => {
    const first = connection.post([call("Ping"), call("Ping")], { inFlight: 2 });
    const queued = connection.post([call("Ping"), call("Ping")], { inFlight: 2 });
    work(500); // the first two are answered meanwhile; the next two wait for room
    connection.settle(first, SILENCE_MS);
    const started = performance.now();
    connection.settle(queued, SILENCE_MS);
    assert.ok(queued.replies.every((r) => r?.ok));
    assert.ok(performance.now() - started < SILENCE_MS, "not left unwritten until a timeout");
  });
});

Deno.test("answeredByPeer: a value or the peer's own error, not a timeout, hang-up or unsent call", () => {
  const failed = (error: string, timedOut = false): Reply => ({ ok: false, error, timedOut });
  const cases: Array<[string, Reply, boolean]> = [
    ["a value", { ok: true, signature: "s", body: ["x"] }, true],
    ["the peer's error", failed("org.freedesktop.DBus.Error.UnknownMethod"), true],
    [
      "a reply that does not match its signature",
      failed("org.freedesktop.DBus.Error.InvalidArgs"),
      true,
    ],
    ["no reply in time", failed("org.freedesktop.DBus.Error.NoReply", true), false],
    ["the connection closed", failed("org.freedesktop.DBus.Error.Disconnected"), false],
    ["not sent by the batch's deadline", failed(NOT_SENT), false],
  ];
  for (const [what, reply, expected] of cases) assert.equal(answeredByPeer(reply), expected, what);
});
