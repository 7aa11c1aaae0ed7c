// A window behind another, on a real desktop over HTTP (issue 14): element
// verbs bring their element's window to the front and say so, refuse with a
// tool that exists as the next step when told not to, and bring_to_foreground
// works as a tool and as the legacy GET route.

import assert from "node:assert/strict";
import { desktopTest, eventually, uidOf, withLinuxService } from "./linux_service.ts";

desktopTest("a dialog behind another window is filled and confirmed", async (t, desktop) => {
  const dialog = await desktop.launch("zenity", ["--entry", "--title=Rename", "--text=Name:"]);
  // A window as large as the screen, started last: it covers the dialog.
  const cover = await desktop.launch("zenity", [
    "--info",
    "--title=Cover",
    "--text=in front",
    "--width=1280",
    "--height=800",
  ]);
  await withLinuxService(desktop, async (c) => {
    const uid = uidOf(dialog.window);
    await eventually(
      () => c.get(`/api/structure?window_uid=${uid}`),
      (r) => JSON.stringify(r.body.tree ?? {}).includes('"Edit"'),
      15_000,
    );

    await t.step("auto_activate false: ElementOccluded, next bring_to_foreground", async () => {
      const r = await c.post("/api/element/click", {
        window_uid: uid,
        selector: 'Button[name="OK"]',
        auto_activate: false,
      });
      assert.equal(r.status, 409, JSON.stringify(r.body));
      const error = r.body.error as Record<string, unknown>;
      assert.equal(error.code, "ElementOccluded");
      assert.equal(error.suggested_next_tool, "bring_to_foreground");
    });

    await t.step("set_value brings the dialog to the front first and says so", async () => {
      const r = await c.post("/api/element/set_value", {
        window_uid: uid,
        selector: "Edit",
        value: "report ✓.txt",
      });
      assert.equal(r.status, 200, JSON.stringify(r.body));
      const steps = r.body.steps as { activated: boolean; activation: Record<string, unknown> };
      assert.equal(steps.activated, true);
      assert.equal(steps.activation.action, "activate_api");
      const windows = (await c.get("/api/windows")).body.windows as Array<Record<string, unknown>>;
      assert.equal(windows.find((w) => w.focused)?.window_uid, uid, "the dialog has the focus");
    });

    await t.step("bring_to_foreground: the tool and the legacy route", async () => {
      const coverUid = uidOf(cover.window);
      const tool = await c.post("/api/tool/bring_to_foreground", { window_uid: coverUid });
      assert.equal(tool.status, 200, JSON.stringify(tool.body));
      assert.equal(tool.body.success, true);
      assert.equal(tool.body.action, "activate_api");
      assert.equal(tool.body.window, "Cover");
      const legacy = await c.get(`/api/bring_to_foreground?window_uid=${uid}`);
      assert.equal(legacy.status, 200, JSON.stringify(legacy.body));
      assert.equal(legacy.body.success, true);
      assert.equal(legacy.body.window_uid, uid);
      const missing = await c.get("/api/bring_to_foreground");
      assert.equal(missing.status, 400);
      assert.deepEqual(missing.body, {
        success: false,
        error: "window_uid or window_index is required",
      });
    });

    await t.step(
      "covered again, OK is clicked by selector and zenity prints the text",
      async () => {
        await c.post("/api/tool/bring_to_foreground", { window_uid: uidOf(cover.window) });
        const r = await c.post("/api/element/click", {
          window_uid: uid,
          selector: 'Button[name="OK"]',
        });
        assert.equal(r.status, 200, JSON.stringify(r.body));
        assert.equal((r.body.steps as { activated: boolean }).activated, true);
        assert.equal(await dialog.exited, 0);
        assert.equal(dialog.stdout(), "report ✓.txt\n");
      },
    );
  });
});
