// The worker watchdog: a request past its deadline waits while the worker's
// heartbeat goes on (a busy machine), and abandons the worker when the beat
// stops (a held thread) or when the request is lost (four deadlines). A typed
// error thrown in the worker reaches the caller as itself.

import { strict as assert } from "node:assert";
import { sanitizedForReuse } from "../lib/model/untrusted.ts";
import {
  keepArrivedJson,
  resultJson,
  resultJsonOut,
  reuseTreeJsonOf,
} from "../lib/model/json_text.ts";
import { WorkerAdapter } from "./worker_adapter.ts";
import { asCapture } from "./types.ts";
import { ToolError } from "../lib/model/errors.ts";

const FIXTURE = import.meta.resolve("../tests/fixtures/workers/stalling_desktop.ts");
const DEADLINE_MS = 1_000;
const SILENCE_MS = 2_500;
// The slow call (2 s in the fixture) and the silence both end before four deadlines.

const LIMITS = { maxDepth: 5, maxNodes: 100, timeoutMs: 1000 };

function fixtureAdapter(): Promise<WorkerAdapter> {
  return new WorkerAdapter("MockAdapter", FIXTURE, "the fixture worker", {
    requestTimeoutMs: DEADLINE_MS,
    silenceMs: SILENCE_MS,
  }).started();
}

Deno.test("worker watchdog: slow is waited for, held or lost is abandoned", async (t) => {
  const adapter = await fixtureAdapter();
  try {
    await t.step("a call slower than its deadline, on a beating worker, is answered", async () => {
      const started = Date.now();
      assert.deepEqual(await adapter.monitors(), []);
      assert.ok(Date.now() - started > DEADLINE_MS, "it was late");
    });

    await t.step("a read served at once passes a slow call; others wait their turn", async () => {
      const settled: string[] = [];
      const noted = (name: string) => () => void settled.push(name);
      const slow = adapter.monitors().then(noted("monitors"));
      const behind = adapter.captureTree(null, LIMITS).then(noted("captureTree"));
      await adapter.listWindows().then(noted("listWindows"));
      await Promise.all([slow, behind]);
      assert.deepEqual(settled, ["listWindows", "monitors", "captureTree"]);
    });

    await t.step("a typed error crosses as itself: its code and context", async () => {
      await assert.rejects(adapter.screenshot({ kind: "screen" }), (e: unknown) => {
        assert.ok(e instanceof ToolError);
        assert.deepEqual([e.code, e.message, e.context], [
          "ServiceBusy",
          "the user is asked",
          { portal_request: "Screenshot" },
        ]);
        return true;
      });
    });

    await t.step(
      "a capture the worker holds as JSON in pieces arrives as the tree, its root's UTF-8 kept",
      async () => {
        assert.deepEqual(await adapter.captureTree(null, LIMITS), {
          root: {
            id: "root",
            role: "Window",
            name: "Ünïcode \u2028 text",
            bounds: {},
            children: [],
          },
          nodeCount: 1,
          captureMs: 3,
          cutShort: null,
          version: "v1",
        });
        const replaced = asCapture(await adapter.captureTree("replacement character", LIMITS))!;
        assert.equal(replaced.root.name, "text\uFFFD");
        const laid = asCapture(await adapter.captureTree("laid out", LIMITS))!;
        assert.equal(laid.root.children.length, 150);
        assert.equal(laid.root.children[149].name, "Ünïcode — ✓ 149");
        assert.equal(laid.nodeCount, 151);
        assert.deepEqual(Object.keys(laid), [
          "root",
          "nodeCount",
          "captureMs",
          "cutShort",
          "version",
        ]);
        keepArrivedJson(laid.root);
        reuseTreeJsonOf(laid.root);
        const laidOut = resultJsonOut({ tree: laid.root, n: 1 });
        assert.ok(laidOut.textFromBytes, "the tree's JSON is its UTF-8, as it came");
        const [before, bytes, after] = laidOut.pieces;
        assert.ok(bytes instanceof Uint8Array);
        assert.equal(new TextDecoder().decode(bytes), JSON.stringify(laid.root));
        assert.equal(
          `${before}${new TextDecoder().decode(bytes)}${after}`,
          JSON.stringify({ tree: laid.root, n: 1 }),
        );
        assert.equal(resultJson({ tree: laid.root }), JSON.stringify({ tree: laid.root }));
        // Text with a character sanitizing removes is not vouched for: the view still cleans it,
        // and its JSON is made anew.
        const dirty = asCapture(await adapter.captureTree("dirty", LIMITS))!;
        assert.equal(dirty.root.name, "bell\x07");
        assert.equal(sanitizedForReuse(dirty.root).name, "bell");
        keepArrivedJson(dirty.root);
        reuseTreeJsonOf(dirty.root);
        assert.equal(resultJsonOut({ tree: dirty.root }).textFromBytes, false);
        for (const handle of ["broken", "laid out wrong", "not utf-8", "broken byte in a name"]) {
          await assert.rejects(
            adapter.captureTree(handle, LIMITS),
            /answered with broken JSON: (SyntaxError|TypeError)/,
            handle,
          );
        }
      },
    );

    await t.step(
      "after a reply as JSON, the next ones are written in room the main thread made",
      async () => {
        const inRoom = async () =>
          (asCapture(await adapter.captureTree("roomed", LIMITS)) as unknown as {
            in_room: boolean;
          })
            .in_room;
        // Room is made after a big reply, beside the next request; the fixture answers a request
        // at once, before it reads the room offered beside it, which is then the next reply's.
        const rooms = [];
        for (let i = 0; i < 4; i++) rooms.push(await inRoom());
        assert.deepEqual(rooms, [false, false, true, true]);
      },
    );

    await t.step("a held thread is abandoned once its beat has stopped", async () => {
      const started = Date.now();
      await assert.rejects(
        adapter.pointer(),
        /did not answer pointer within 1000 ms, silent for \d+ ms .*restarted/,
      );
      assert.ok(Date.now() - started >= SILENCE_MS, "not before the silence");
      assert.deepEqual(await adapter.listWindows(), [], "a new worker answers");
    });

    await t.step("a call the beating worker never answers is lost at four deadlines", async () => {
      const started = Date.now();
      await assert.rejects(
        adapter.windowsAbove("1"),
        /did not answer windowsAbove within 1000 ms \(request windowsAbove abandoned; the worker is restarted\)/,
      );
      assert.ok(Date.now() - started >= 4 * DEADLINE_MS);
      assert.deepEqual(await adapter.listWindows(), [], "a new worker answers");
    });
  } finally {
    await adapter.close();
  }
});
