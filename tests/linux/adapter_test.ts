// The Linux adapter in-process, without the HTTP layer: real GTK apps driven
// through it (adapter_controls.ts), capture limits, a window closing
// mid-capture, a hung worker being replaced, memory over a thousand captures,
// and a lost accessibility bus (last: it leaves older apps unreachable).

import { strict as assert } from "node:assert";
import { createLinuxAdapter } from "../../adapters/linux/index.ts";
import { type Adapter, asCapture, WindowGoneError } from "../../adapters/types.ts";
import { inProcessEnv, sessionBusReply, withDesktopEnv as withEnv } from "./desktop.ts";
import { desktopTest } from "./linux_service.ts";
import { busLossSteps, controlSteps } from "./adapter_controls.ts";

const LIMITS = { maxDepth: 30, maxNodes: 20000, timeoutMs: 10000 };

async function frameCapture(adapter: Adapter, handle: string) {
  const deadline = Date.now() + 15_000;
  while (true) {
    const capture = asCapture(await adapter.captureTree(handle, LIMITS));
    if ((capture?.nodeCount ?? 0) > 1 || Date.now() > deadline) return capture!;
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The strings of a dbus-send reply, in order. */
const repliedStrings = (reply: string) => [...reply.matchAll(/string "([^"]*)"/g)].map((m) => m[1]);

/**
 * The accessible applications' bus names as the registry lists them, each
 * with its number of top-level accessibles, asked with dbus-send (not through
 * the adapter, which would list them afresh).
 */
async function registeredApplications(env: Record<string, string>): Promise<Map<string, number>> {
  const [bus] = repliedStrings(
    await sessionBusReply(env, [
      "--dest=org.a11y.Bus",
      "/org/a11y/bus",
      "org.a11y.Bus.GetAddress",
    ]),
  );
  const children = async (name: string) => {
    const out = await new Deno.Command("dbus-send", {
      args: [
        `--bus=${bus}`,
        "--print-reply",
        `--dest=${name}`,
        "/org/a11y/atspi/accessible/root",
        "org.a11y.atspi.Accessible.GetChildren",
      ],
      stderr: "null",
    }).output();
    return repliedStrings(new TextDecoder().decode(out.stdout));
  };
  const apps = new Map<string, number>();
  for (const name of await children("org.a11y.atspi.Registry")) {
    apps.set(name, (await children(name)).length);
  }
  return apps;
}

desktopTest(
  "Linux adapter on a real desktop: controls, limits, failures, restart and memory",
  async (t, desktop) => {
    const factory = await desktop.launch("gtk3-widget-factory");
    const dialog = await desktop.launch("zenity", ["--question", "--text=Keep going?"]);
    // One adapter per process, as in the service: Xlib's error handlers are process-wide.
    // No grace over a capture's own time limit and no patience with a beating worker,
    // so a 1 ms capture counts as hung.
    await withEnv(desktop.env, async () => {
      const adapter = await createLinuxAdapter({ captureGraceMs: 0, silenceMs: 0 });
      try {
        const factoryHandle = factory.window.toString();
        const dialogHandle = dialog.window.toString();

        await t.step("captures are cut short by node count and by depth", async () => {
          const full = await frameCapture(adapter, factoryHandle);
          assert.ok(full.nodeCount > 200, `widget-factory nodes: ${full.nodeCount}`);
          assert.equal(full.cutShort, null);
          const few = asCapture(
            await adapter.captureTree(factoryHandle, { ...LIMITS, maxNodes: 10 }),
          );
          assert.equal(few!.cutShort, "nodes");
          assert.equal(few!.nodeCount, 10);
          const shallow = asCapture(
            await adapter.captureTree(factoryHandle, { ...LIMITS, maxDepth: 2 }),
          );
          assert.equal(shallow!.cutShort, "depth");
          const cut = shallow!.root.children.flatMap((c) => c.children).filter((c) => c.truncated);
          assert.ok(cut.length > 0 && cut.every((c) => (c.child_count ?? 0) > 0));
        });

        await controlSteps(t, adapter, desktop, factory);

        await t.step("a hung request is rejected clearly and the worker replaced", async () => {
          await assert.rejects(
            adapter.captureTree(factoryHandle, { ...LIMITS, timeoutMs: 1 }),
            /did not answer captureTree within 1 ms.*restarted/,
          );
          const windows = await adapter.listWindows();
          assert.ok(windows.some((w) => w.handle === factoryHandle), "a new worker answers");
          const again = asCapture(await adapter.captureTree(factoryHandle, LIMITS));
          assert.ok(again!.nodeCount > 200, "and captures trees again");
        });

        await t.step("1,000 captures do not grow memory", async () => {
          await frameCapture(adapter, dialogHandle);
          // In a process of its own: under --parallel this process holds every test file.
          const probe = await new Deno.Command(Deno.execPath(), {
            args: [
              "run",
              "--allow-all",
              import.meta.resolve("./capture_memory_probe.ts"),
              dialogHandle,
            ],
            env: inProcessEnv(desktop.env),
            stdout: "piped",
            stderr: "piped",
          }).output();
          const stderr = new TextDecoder().decode(probe.stderr);
          assert.equal(probe.code, 0, stderr);
          const { nodes, growthBytes } = JSON.parse(new TextDecoder().decode(probe.stdout));
          const growthMb = growthBytes / 2 ** 20;
          console.log(
            `RSS growth over 1,000 captures (${nodes} nodes): ${growthMb.toFixed(1)} MiB`,
          );
          assert.ok(nodes >= 1000, `nodes: ${nodes}`);
          assert.ok(growthMb < 16, `RSS grew ${growthMb.toFixed(1)} MiB`);
        });

        await t.step("activation and stacking follow the window manager", async () => {
          const [ok, note] = await adapter.activate(factoryHandle);
          assert.equal(ok, true, note);
          let windows = await adapter.listWindows();
          assert.equal(windows.find((w) => w.focused)?.handle, factoryHandle);
          const dialogBounds = windows.find((w) => w.handle === dialogHandle)!.bounds;
          assert.deepEqual(await adapter.windowsAbove(dialogHandle), [
            windows.find((w) => w.handle === factoryHandle)!.bounds,
          ]);
          assert.equal((await adapter.activate(dialogHandle))[0], true);
          windows = await adapter.listWindows();
          assert.equal(windows.find((w) => w.focused)?.handle, dialogHandle);
          assert.deepEqual(await adapter.windowsAbove(factoryHandle), [dialogBounds]);
          assert.deepEqual(await adapter.windowsAbove(dialogHandle), []);
        });

        await t.step(
          "an application started after the last capture is found at its first capture",
          async () => {
            // The adapter has listed the applications (every capture above); one starts now.
            const before = await registeredApplications(desktop.env);
            const app = await desktop.launch("zenity", ["--info", "--text=Started late"]);
            try {
              // Registered, with its window's frame, before the adapter is asked once.
              const deadline = Date.now() + 15_000;
              while (true) {
                const now = await registeredApplications(desktop.env);
                if ([...now].some(([name, frames]) => !before.has(name) && frames > 0)) break;
                assert.ok(Date.now() < deadline, "zenity registered no frame within 15 s");
                await new Promise((r) => setTimeout(r, 50));
              }
              const capture = asCapture(await adapter.captureTree(app.window.toString(), LIMITS));
              assert.ok((capture?.nodeCount ?? 0) > 1, `nodes: ${capture?.nodeCount}`);
            } finally {
              await app.kill();
            }
          },
        );

        await t.step("a window that closes mid-capture is WindowGone", async () => {
          const outcomes = new Set<string>();
          for (let i = 0; i < 3; i++) {
            const app = await desktop.launch("zenity", ["--info", `--text=run ${i}`]);
            const handle = app.window.toString();
            await frameCapture(adapter, handle);
            const capture = adapter.captureTree(handle, LIMITS).then(
              () => "complete",
              (e) => e instanceof WindowGoneError ? "gone" : `other: ${e}`,
            );
            await app.kill();
            outcomes.add(await capture);
            await assert.rejects(adapter.captureTree(handle, LIMITS), WindowGoneError);
          }
          assert.ok(![...outcomes].some((o) => o.startsWith("other")), [...outcomes].join());
        });

        await busLossSteps(t, adapter, desktop, factory);
      } finally {
        await adapter.close();
      }
    });
  },
);
