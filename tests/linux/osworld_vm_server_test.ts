// OSWorld's in-VM server protocol on a real desktop (Xvfb, openbox, AT-SPI):
// a client written from the harness's side uploads a document, opens it in
// Mousepad and waits for its window, types through /execute's pyautogui
// code, reads the file back, and closes the window; then a task of our own in
// OSWorld's format is set up, acted on and scored only through these routes,
// as OSWorld's DesktopEnv would (its SetupController steps, its vm_file getter).

import { strict as assert } from "node:assert";
import { freePort, type Service, startService } from "../helpers/service.ts";
import { type Answer, VmClient } from "../helpers/osworld_vm_client.ts";
import { desktopTest, eventually, TEST_CONFIG } from "./linux_service.ts";
import type { Desktop } from "./desktop.ts";
import { openTextInMousepad } from "./osworld_apps.ts";
import { decodeErrors, probeVideo } from "../helpers/video_probe.ts";

const MOUSEPAD = { command: "mousepad", package: "mousepad" };

async function startVmService(desktop: Desktop, dir: string): Promise<[Service, VmClient]> {
  await openTextInMousepad(desktop);
  const port = freePort();
  const service = await startService({
    mock: false,
    env: desktop.env,
    config: { ...TEST_CONFIG, osworld: { file_dirs: [dir] } },
    args: ["--osworld-server", "--osworld-port", String(port)],
  });
  return [service, new VmClient(`http://127.0.0.1:${port}`)];
}

const ok = (vm: VmClient, answer: Answer) => {
  assert.equal(answer.status, 200, vm.text(answer));
  return answer;
};

/** The text of the file at `path`, read through /file (null while it is missing). */
async function vmFile(vm: VmClient, path: string): Promise<string | null> {
  const answer = await vm.postForm("/file", { file_path: path });
  if (answer.status === 404) return null;
  return vm.text(ok(vm, answer));
}

async function accessibilityXml(vm: VmClient): Promise<string> {
  return vm.text(ok(vm, await vm.get("/accessibility")));
}

desktopTest("OSWorld's server protocol drives a real desktop", async (t, desktop) => {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "oso-vm-linux-" }));
  const [service, vm] = await startVmService(desktop, dir);
  try {
    const path = `${dir}/notes.txt`;

    await t.step(
      "a document uploaded and opened: the call returns once its window is up",
      async () => {
        ok(vm, await vm.upload(path, new TextEncoder().encode("first line\n"), "notes.txt"));
        const opened = ok(vm, await vm.postJson("/setup/open_file", { path }));
        assert.equal(vm.text(opened), "File opened and window activated successfully");
        const xml = (ok(vm, await vm.get("/accessibility")).json as { AT: string }).AT;
        assert.match(xml, /notes\.txt - Mousepad/);
        assert.match(xml, /first line/);
      },
    );

    await t.step("sizes: the screen, the application's window", async () => {
      const screen = ok(vm, await vm.postJson("/screen_size", {})).json as Record<string, number>;
      const shot = ok(vm, await vm.get("/screenshot"));
      assert.equal(shot.type, "image/png");
      const view = new DataView(shot.bytes.buffer);
      assert.deepEqual({ width: view.getUint32(16), height: view.getUint32(20) }, screen);
      const size = ok(vm, await vm.postForm("/window_size", { app_class_name: "mousepad" }));
      const { width, height } = size.json as Record<string, number>;
      assert.ok(width > 100 && height > 100, JSON.stringify(size.json));
    });

    await t.step(
      "the harness's pyautogui code types and saves; /file reads the result",
      async () => {
        ok(vm, await vm.postJson("/setup/activate_window", { window_name: "notes.txt" }));
        ok(vm, await vm.postJson("/start_recording", {}));
        const typed = ok(
          vm,
          await vm.executePython(
            "pyautogui.hotkey('ctrl', 'end')\npyautogui.typewrite('second line')\n" +
              "pyautogui.hotkey('ctrl', 's')",
          ),
        );
        assert.equal((typed.json as { returncode: number }).returncode, 0, vm.text(typed));
        const saved = await eventually(
          () => vmFile(vm, path),
          (text) => text?.includes("second line") === true,
        );
        assert.equal(saved, "first line\nsecond line");
      },
    );

    await t.step("the task's recording is a video a standard player reads in full", async () => {
      const ended = ok(vm, await vm.postJson("/end_recording", {}));
      const video = `${dir}/recording.avi`;
      await Deno.writeFile(video, ended.bytes);
      const probed = await probeVideo(video);
      const screen = ok(vm, await vm.postJson("/screen_size", {})).json as Record<string, number>;
      assert.deepEqual([probed.codec, probed.width, probed.height], [
        "mjpeg",
        screen.width,
        screen.height,
      ]);
      assert.ok(probed.frames >= 1);
      assert.equal(await decodeErrors(video), "");
    });

    await t.step(
      "a terminal launched by /setup/launch: /terminal reads what it shows",
      async () => {
        const launched = ok(
          vm,
          await vm.postJson("/setup/launch", {
            command: ["xfce4-terminal", "--disable-server", `--working-directory=${dir}`],
          }),
        );
        assert.match(
          vm.text(launched),
          /^xfce4-terminal --disable-server .* launched successfully$/,
        );
        // The harness waits for a window the same way: activation answers 404 until it is up.
        const activate = () => vm.postJson("/setup/activate_window", { window_name: "Terminal" });
        await eventually(activate, (answer) => answer.status === 200, 120_000);
        ok(vm, await vm.executePython("pyautogui.typewrite('echo vm-protocol-$((6*7))\\n')"));
        const shown = await eventually(
          async () => (ok(vm, await vm.get("/terminal")).json as { output: string | null }).output,
          (output) => output?.includes("vm-protocol-42") === true,
        );
        assert.match(shown ?? "", /vm-protocol-42/);
        ok(vm, await vm.postJson("/setup/close_window", { window_name: "Terminal" }));
      },
    );

    await t.step("the window closes by name, through the service's own input", async () => {
      const closed = ok(vm, await vm.postJson("/setup/close_window", { window_name: "notes.txt" }));
      assert.equal(vm.text(closed), "Window closed successfully.");
      await eventually(() => accessibilityXml(vm), (xml) => !xml.includes("notes.txt - Mousepad"));
    });
  } finally {
    await service.stop();
    await Deno.remove(dir, { recursive: true }).catch(() => {});
  }
}, {
  apps: [MOUSEPAD, { command: "ffprobe", package: "ffmpeg" }, {
    command: "xfce4-terminal",
    package: "xfce4-terminal",
  }],
});

/** A task of our own, as OSWorld writes them: config steps, then an evaluator on a vm_file. */
const TASK = {
  id: "oso-vm-protocol-append",
  instruction: "Add the line 'checked' at the end of todo.txt and save it.",
  config: [
    { type: "upload_file", parameters: { files: [{ local: "todo", path: "@DIR@/todo.txt" }] } },
    { type: "open", parameters: { path: "@DIR@/todo.txt" } },
    { type: "activate_window", parameters: { window_name: "todo.txt" } },
  ],
  evaluator: {
    func: "exact_match",
    result: { type: "vm_file", path: "@DIR@/todo.txt", dest: "todo.txt" },
    expected: { type: "rule", rules: { match: "buy milk\nchecked\n" } },
  },
};

/** What DesktopEnv's SetupController sends for each config step. */
async function setUp(vm: VmClient, steps: typeof TASK.config, files: Record<string, string>) {
  for (const step of steps) {
    const p = step.parameters as Record<string, unknown>;
    if (step.type === "upload_file") {
      for (const file of p.files as { local: string; path: string }[]) {
        ok(vm, await vm.upload(file.path, new TextEncoder().encode(files[file.local])));
      }
    } else if (step.type === "open") {
      ok(vm, await vm.postJson("/setup/open_file", { path: p.path }));
    } else {
      ok(vm, await vm.postJson(`/setup/${step.type}`, p));
    }
  }
}

/** exact_match of the vm_file against the rule, as OSWorld's evaluator scores it. */
async function score(vm: VmClient, evaluator: typeof TASK.evaluator): Promise<number> {
  const result = await vmFile(vm, evaluator.result.path);
  return result === evaluator.expected.rules.match ? 1 : 0;
}

desktopTest(
  "a task in OSWorld's format, set up and scored through the protocol",
  async (t, desktop) => {
    const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "oso-vm-task-" }));
    const [service, vm] = await startVmService(desktop, dir);
    const task = JSON.parse(JSON.stringify(TASK).replaceAll("@DIR@", dir)) as typeof TASK;
    try {
      await t.step("setup: uploaded, opened, activated", async () => {
        await setUp(vm, task.config, { todo: "buy milk\n" });
        assert.equal(await score(vm, task.evaluator), 0, "not done yet");
      });

      await t.step("a wrong agent scores 0, a right one 1", async () => {
        ok(
          vm,
          await vm.executePython("pyautogui.hotkey('ctrl', 'end')\npyautogui.write('chekced')"),
        );
        ok(vm, await vm.executePython("pyautogui.hotkey('ctrl', 's')"));
        await eventually(
          () => vmFile(vm, `${dir}/todo.txt`),
          (text) => text?.includes("chekced") === true,
        );
        assert.equal(await score(vm, task.evaluator), 0);
        ok(
          vm,
          await vm.executePython(
            "pyautogui.hotkey('ctrl', 'a')\npyautogui.typewrite('buy milk\\nchecked\\n')\n" +
              "pyautogui.hotkey('ctrl', 's')",
          ),
        );
        await eventually(
          () => vmFile(vm, `${dir}/todo.txt`),
          (text) => text?.includes("checked") === true,
        );
        assert.equal(await score(vm, task.evaluator), 1);
      });
    } finally {
      await service.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    }
  },
  { apps: [MOUSEPAD] },
);
