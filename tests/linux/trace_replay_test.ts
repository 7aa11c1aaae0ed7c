// A real mousepad session recorded under Xvfb and replayed in execute mode
// into a fresh mousepad (issue 16): the new window and its Save As dialog
// have other X ids, so the replay finds them again by title and process, and
// the file it saves holds what the recorded session typed.

import assert from "node:assert/strict";
import { join } from "node:path";
import { client, desktopTest, eventually, TEST_CONFIG, uidOf } from "./linux_service.ts";
import { startService } from "../helpers/service.ts";
import { parseTrace } from "../../lib/formats/trace/parse.ts";

type Body = Record<string, unknown>;

desktopTest(
  "a mousepad session (type, save) replays into a fresh mousepad",
  async (_t, desktop) => {
    const traces = await Deno.makeTempDir({ prefix: "oso-traces-" });
    const files = await Deno.makeTempDir({ prefix: "oso-saved-" });
    const file = join(files, "replayed note.txt");
    const text = "Recorded once, typed again by the replay.";
    const service = await startService({
      mock: false,
      env: desktop.env,
      config: { ...TEST_CONFIG, tracing: { dir: traces, screenshot_every_n_actions: 2 } },
    });
    const c = client(service);
    const tool = async (name: string, args: Body) => {
      const r = await c.post(`/api/tool/${name}`, args);
      assert.equal(r.status, 200, `${name}: ${JSON.stringify(r.body)}`);
      return r.body as Body;
    };
    try {
      const first = await desktop.launch("mousepad");
      const uid = uidOf(first.window);
      await eventually(() => c.structure(uid), (tree) => tree.children.length > 0, 15_000);
      const started = await tool("trace_start", { label: "mousepad save" });
      await tool("type_text", { text, window_uid: uid });
      await tool("press_key", { keys: "ctrl+shift+s", window_uid: uid });
      await tool("wait_for", {
        any_of: [{ type: "window_appears", title_regex: "^Save As$" }],
        timeout_ms: 10_000,
      });
      const dialog = ((await tool("list_windows", {})).windows as Body[])
        .find((w) => w.title === "Save As")!;
      await tool("set_value", {
        window_uid: dialog.window_uid,
        selector: 'Edit[name="Name:"]',
        value: file,
      });
      await tool("click_element", {
        window_uid: dialog.window_uid,
        selector: 'Button[name="Save"]',
      });
      const saved = await eventually(
        () => Deno.readTextFile(file).catch(() => ""),
        (s) => s === text,
        10_000,
      );
      assert.equal(saved, text, "the recorded session saved the file");
      const stopped = await tool("trace_stop", {});
      assert.equal(stopped.step_count, 6);
      const recorded = parseTrace(await Deno.readTextFile(String(stopped.path)));
      assert.equal(recorded.rows[4].window?.title, "Save As", "the dialog is recorded by title");
      assert.equal(recorded.rows[0].window?.process, "mousepad");
      assert.ok(recorded.rows[0].screenshot_full_ref, "the first step has its screenshot");

      await first.kill();
      // Only once the X server has let the old client go does its id range become free for the
      // bystander below (under load the disconnect lands after the process has exited).
      await eventually(
        () => c.windows(),
        (windows) => !windows.some((w) => w.window_uid === uid),
        10_000,
      );
      await Deno.remove(file);
      // X hands a new client the lowest id range free, so a fresh mousepad could get the
      // recorded id back. Bystanders take ranges first; the old client's range is freed when
      // the server has let it go, which under load lands late: until the fresh window's id
      // differs, one more bystander takes the range (a setup condition, not a retried check).
      const bystanders = [await desktop.launch("zenity", ["--info", "--text", "bystander"])];
      let second = await desktop.launch("mousepad");
      while (uidOf(second.window) === uid && bystanders.length < 10) {
        await second.kill();
        bystanders.push(await desktop.launch("zenity", ["--info", "--text", "bystander"]));
        second = await desktop.launch("mousepad");
      }
      if (bystanders.length > 1) {
        console.error(`the recorded X id came back: ${bystanders.length} bystanders took ranges`);
      }
      const fresh = uidOf(second.window);
      assert.notEqual(fresh, uid, "a new window with a new X id");
      await eventually(() => c.structure(fresh), (tree) => tree.children.length > 0, 15_000);

      const start = await tool("replay_start", {
        trace_id: started.trace_id,
        on_divergence: "stop",
      });
      assert.equal(start.mode, "execute");
      const run = await tool("replay_run", { replay_id: start.replay_id });
      assert.deepEqual(run.divergences, [], JSON.stringify(run.steps));
      const steps = run.steps as Body[];
      assert.deepEqual(steps.map((s) => s.outcome), Array(6).fill("executed"));
      assert.match(
        (steps[0].notes as string[]).join(" "),
        new RegExp(`\\(${fresh}\\) in place of the recorded one`),
      );
      assert.match((steps[4].notes as string[]).join(" "), /window 'Save As'/);
      const replayed = await eventually(
        () => Deno.readTextFile(file).catch(() => ""),
        (s) => s === text,
        10_000,
      );
      assert.equal(replayed, text, "the replay saved the same text into the same file");
      await second.kill();
      for (const bystander of bystanders) await bystander.kill();
    } finally {
      await service.stop();
      await Deno.remove(traces, { recursive: true });
      await Deno.remove(files, { recursive: true });
    }
  },
);
