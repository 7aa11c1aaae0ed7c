// The desktop portal's D-Bus conversation (GNOME's and KDE's way to capture
// and inject on Wayland) against a fake portal that speaks the documented
// interfaces on a private session bus: a screenshot, a RemoteDesktop session
// with screen-cast streams (consent asked once, then restored by its token),
// input as the portal takes it, a user who has yet to answer (one dialog,
// taken up by the next call), a user who refuses, and no portal at all.

import { strict as assert } from "node:assert";
import { partAvailable } from "../helpers/parts.ts";
import { firstLine, sessionBusConfig, terminateChildren } from "./desktop.ts";
import { openLibc } from "../../adapters/linux/ffi/libc.ts";
import { Portal } from "../../adapters/linux/portal/portal.ts";
import { PortalInput } from "../../adapters/linux/portal/portal_input.ts";
import { decodePng } from "../../lib/formats/image/png.ts";
import { ToolError } from "../../lib/model/errors.ts";

const FAKE = new URL("../fixtures/dbus/fake_portal.py", import.meta.url).pathname;
const PYTHON = "/usr/bin/python3";

function portalParts(): boolean {
  let ok = true;
  try {
    Deno.statSync(PYTHON);
    const out = new Deno.Command(PYTHON, { args: ["-c", "import gi"], stderr: "null" })
      .outputSync();
    ok = out.code === 0;
  } catch {
    ok = false;
  }
  return partAvailable("Python with GObject (the fake portal)", ok, "apt-get install python3-gi");
}

/**
 * `call`'s value once the user's answer reaches it: until then it says the
 * user is asked, after waiting for the answer itself (the portal's answerMs).
 */
function untilAnswered<T>(call: () => T, withinMs = 30_000): T {
  const deadline = Date.now() + withinMs;
  for (;;) {
    try {
      return call();
    } catch (e) {
      if (!(e instanceof ToolError && e.code === "ServiceBusy") || Date.now() > deadline) throw e;
    }
  }
}

interface Logged {
  held?: string;
  call?: string;
  args?: unknown[];
  options?: Record<string, unknown>;
  consent?: string;
}

Deno.test({
  name: "the desktop portal: screenshot, a remembered RemoteDesktop session, input, refusal",
  ignore: !portalParts(),
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "oso-portal-" });
    const children: Deno.ChildProcess[] = [];
    const { libc, close: closeLibc } = openLibc();
    try {
      await Deno.writeTextFile(`${dir}/session.conf`, sessionBusConfig(dir));
      await Deno.mkdir(`${dir}/services`);
      const bus = new Deno.Command("dbus-daemon", {
        args: ["--nofork", "--print-address=1", `--config-file=${dir}/session.conf`],
        stdout: "piped",
        stderr: "null",
      }).spawn();
      children.push(bus);
      const address = await firstLine(bus.stdout, "dbus-daemon");
      const startFake = async (log: string, env: Record<string, string> = {}) => {
        const fake = new Deno.Command(PYTHON, {
          args: [FAKE, log],
          env: { DBUS_SESSION_BUS_ADDRESS: address, ...env },
          stdout: "piped",
          stderr: "inherit",
        }).spawn();
        children.push(fake);
        assert.equal(await firstLine(fake.stdout, "the fake portal"), "ready");
        return fake;
      };
      const readLog = async (log: string): Promise<Logged[]> =>
        (await Deno.readTextFile(log)).trim().split("\n").map((line) => JSON.parse(line));

      /**
       * A fake portal whose `method` requests wait for a user who has not
       * answered yet, and a portal client waiting 1 s for each answer; `answer`
       * gives the user's answer (0 allowed, 1 refused).
       */
      const holdingPortal = async (name: string, method: string) => {
        const answerFile = `${dir}/${name}-answer`;
        const log = `${dir}/${name}.log`;
        const fake = await startFake(log, {
          FAKE_PORTAL_HOLD: method,
          FAKE_PORTAL_ANSWER: answerFile,
        });
        const portal = Portal.open(libc, address, 1000);
        return {
          portal,
          log,
          // Written aside and renamed into place: the fake polls for the file
          // and must never read it half-written (CI once read it empty).
          answer: async (code: number) => {
            await Deno.writeTextFile(`${answerFile}.part`, String(code));
            await Deno.rename(`${answerFile}.part`, answerFile);
          },
          async stop() {
            portal.close();
            fake.kill();
            await fake.status;
          },
        };
      };

      await t.step("no portal on the bus: said so, with what to install", () => {
        const portal = Portal.open(libc, address, 5000);
        try {
          assert.throws(() => portal.screenshot(), /no xdg-desktop-portal on the session bus/);
        } finally {
          portal.close();
        }
      });

      const log = `${dir}/portal.log`;
      const fake = await startFake(log);
      const portal = Portal.open(libc, address, 10_000);
      try {
        await t.step("a screenshot: the portal's file, a PNG", async () => {
          const file = portal.screenshot();
          const image = await decodePng(await Deno.readFile(file));
          assert.deepEqual([image.width, image.height], [4, 3]);
          assert.deepEqual([...image.data.subarray(0, 3)], [200, 100, 50]);
          const [call] = await readLog(log);
          assert.equal(call.call, "Screenshot.Screenshot");
          assert.equal(call.options?.interactive, false);
          assert.match(String(call.options?.handle_token), /^oso\d+$/);
        });

        await t.step(
          "a RemoteDesktop session: consent once, streams, input in their frames",
          async () => {
            const session = portal.startRemoteDesktop(null);
            assert.equal(session.restoreToken, "restore-1");
            assert.deepEqual(session.streams.map((s) => [s.nodeId, s.position.x, s.size.width]), [
              [44, 0, 1280],
              [45, 1280, 1024],
            ]);
            const input = new PortalInput(portal, session);
            input.move(100, 120);
            input.move(1300, 50);
            await input.button("left", true);
            await input.button("left", false);
            await input.type("a€");
            await input.chord(["ctrl", "c"]);
            await input.scroll(2, false);
            assert.throws(() => input.move(3000, 10), /no monitor of the portal's session/);
            const calls = (await readLog(log)).filter((e) =>
              e.call?.startsWith("RemoteDesktop.Notify")
            );
            assert.deepEqual(
              calls.map((c) => [c.call!.slice("RemoteDesktop.Notify".length), c.args]),
              [
                ["PointerMotionAbsolute", [session.handle, 44, 100, 120]],
                ["PointerMotionAbsolute", [session.handle, 45, 20, 50]],
                ["PointerButton", [session.handle, 0x110, 1]],
                ["PointerButton", [session.handle, 0x110, 0]],
                ["KeyboardKeysym", [session.handle, 0x61, 1]],
                ["KeyboardKeysym", [session.handle, 0x61, 0]],
                ["KeyboardKeysym", [session.handle, 0x10020ac, 1]],
                ["KeyboardKeysym", [session.handle, 0x10020ac, 0]],
                ["KeyboardKeysym", [session.handle, 0xffe3, 1]],
                ["KeyboardKeysym", [session.handle, 0x63, 1]],
                ["KeyboardKeysym", [session.handle, 0x63, 0]],
                ["KeyboardKeysym", [session.handle, 0xffe3, 0]],
                ["PointerAxisDiscrete", [session.handle, 0, -2]],
              ],
            );
            const selected = (await readLog(log)).find((e) =>
              e.call === "RemoteDesktop.SelectDevices"
            );
            assert.deepEqual([selected?.options?.types, selected?.options?.persist_mode], [3, 2]);
            assert.equal((await readLog(log)).filter((e) => e.consent).length, 1, "asked once");
          },
        );

        await t.step("the next session, with the restore token, asks nobody", async () => {
          const again = portal.startRemoteDesktop("restore-1");
          assert.equal(again.restoreToken, "restore-2");
          const selected = (await readLog(log)).filter((e) =>
            e.call === "RemoteDesktop.SelectDevices"
          )
            .at(-1);
          assert.equal(selected?.options?.restore_token, "restore-1");
          assert.equal((await readLog(log)).filter((e) => e.consent).length, 1, "still once");
        });
      } finally {
        portal.close();
        fake.kill();
        await fake.status;
      }

      await t.step("a user yet to answer: said at once, one dialog, taken up after", async () => {
        const held = await holdingPortal("held", "Screenshot");
        try {
          for (let call = 0; call < 2; call++) {
            assert.throws(() => held.portal.screenshot(), (e: unknown) => {
              assert.ok(e instanceof ToolError);
              assert.equal(e.code, "ServiceBusy");
              assert.match(e.message, /Screenshot\.Screenshot: the desktop is asking the user/);
              return true;
            });
          }
          const asked = (await readLog(held.log)).filter((e) => e.held);
          assert.equal(asked.length, 1, "the second call takes up the first dialog");
          await held.answer(0);
          const file = untilAnswered(() => held.portal.screenshot());
          const image = await decodePng(await Deno.readFile(file));
          assert.deepEqual([image.width, image.height], [4, 3]);
          const calls = (await readLog(held.log)).filter((e) => e.call === "Screenshot.Screenshot");
          assert.equal(calls.length, 2, "the allowed request's picture is old: the screen again");
        } finally {
          await held.stop();
        }
      });

      await t.step("a RemoteDesktop start yet to answer: the same session taken up", async () => {
        const held = await holdingPortal("start", "Start");
        try {
          for (let call = 0; call < 2; call++) {
            assert.throws(
              () => held.portal.startRemoteDesktop(null),
              /RemoteDesktop\.Start: the desktop is asking the user/,
            );
          }
          await held.answer(0);
          const session = untilAnswered(() => held.portal.startRemoteDesktop(null));
          assert.equal(session.streams.length, 2);
          const logged = await readLog(held.log);
          const made = logged.filter((e) => e.call === "RemoteDesktop.CreateSession");
          assert.equal(made.length, 1, "one session, started once the user answered");
          assert.equal(logged.filter((e) => e.held).length, 1);
        } finally {
          await held.stop();
        }
      });

      await t.step("a user who refuses the dialog later: PermissionDenied", async () => {
        const held = await holdingPortal("refused-later", "Screenshot");
        try {
          assert.throws(() => held.portal.screenshot(), /the desktop is asking the user/);
          await held.answer(1);
          const refused = untilAnswered(() => {
            try {
              held.portal.screenshot();
              return null;
            } catch (e) {
              if (e instanceof ToolError && e.code === "PermissionDenied") return e;
              throw e;
            }
          });
          assert.match(refused?.message ?? "", /Screenshot\.Screenshot: the user refused/);
        } finally {
          await held.stop();
        }
      });

      await t.step("a user who refuses: said so", async () => {
        const refusing = await startFake(`${dir}/refusing.log`, {
          FAKE_PORTAL_REFUSE: "Screenshot",
        });
        const asked = Portal.open(libc, address, 10_000);
        try {
          assert.throws(() => asked.screenshot(), /Screenshot\.Screenshot: the user refused/);
        } finally {
          asked.close();
          refusing.kill();
          await refusing.status;
        }
      });
    } finally {
      await terminateChildren(children);
      closeLibc();
      await Deno.remove(dir, { recursive: true });
    }
  },
});
