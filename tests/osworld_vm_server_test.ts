// OSWorld's in-VM server protocol on the mock desktop, driven by a client
// written from the harness's side (tests/helpers/osworld_vm_client.ts): every
// route, each request form (JSON, form, multipart) and each error path, the
// guards and the bearer token. tests/linux/osworld_vm_server_test.ts drives a
// real desktop the same way.

import { strict as assert } from "node:assert";
import { freePort, runMain, type Service, startService } from "./helpers/service.ts";
import { type Answer, PREFIX, VmClient } from "./helpers/osworld_vm_client.ts";
import { rawRequest } from "./helpers/http.ts";
import { processesRunning, until } from "./helpers/proc.ts";
import { readAvi } from "./helpers/avi.ts";
import { decodePng } from "../lib/formats/image/png.ts";
import { fromBase64 } from "../lib/model/base64.ts";
import type { RawImage } from "../lib/model/image.ts";

interface Served {
  svc: Service;
  vm: VmClient;
  dir: string;
  stop(): Promise<void>;
}

async function serve(
  options: { args?: string[]; env?: Record<string, string>; token?: string } = {},
): Promise<Served> {
  const dir = await Deno.realPath(await Deno.makeTempDir({ prefix: "oso-vm-" }));
  await Deno.mkdir(`${dir}/files/Desktop`, { recursive: true });
  const port = freePort();
  const svc = await startService({
    args: ["--osworld-server", "--osworld-port", String(port), ...(options.args ?? [])],
    config: {
      osworld: { file_dirs: [`${dir}/files`], open_timeout_s: 1800 },
      safety: { audit: { path: `${dir}/audit.jsonl` } },
      tracing: { dir: `${dir}/traces` },
    },
    env: {
      HOME: `${dir}/files`,
      ...(options.token ? { OSO_TOKEN: options.token } : {}),
      ...options.env,
    },
  });
  const vm = new VmClient(`http://127.0.0.1:${port}`, options.token ?? null);
  return {
    svc,
    vm,
    dir,
    async stop() {
      await svc.stop();
      await Deno.remove(dir, { recursive: true }).catch(() => {});
    },
  };
}

function ok(vm: VmClient, answer: Answer): Answer {
  assert.equal(answer.status, 200, vm.text(answer));
  return answer;
}

function isPng(bytes: Uint8Array): boolean {
  return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a].every((b, i) => bytes[i] === b);
}

function pngSize(bytes: Uint8Array): { width: number; height: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

Deno.test("OSWorld's server protocol on the mock: agent actions, observation, windows", async (t) => {
  const s = await serve();
  const { vm } = s;
  try {
    await t.step("/execute performs the harness's pyautogui code through the bridge", async () => {
      const moved = await vm.executePython("pyautogui.moveTo(321, 234, 0.6, pyautogui.easeInQuad)");
      assert.equal(moved.status, 200, vm.text(moved));
      assert.deepEqual(moved.json, { status: "success", output: "", error: "", returncode: 0 });
      const at = await vm.get("/cursor_position");
      assert.deepEqual(at.json, [321, 234]);
      const clicked = await vm.postJson("/execute", {
        command: `python -c "${PREFIX}pyautogui.click(button='left', x=400, y=300)"`,
        shell: false,
      });
      assert.equal((clicked.json as { returncode: number }).returncode, 0, vm.text(clicked));
      assert.deepEqual((await vm.get("/cursor_position")).json, [400, 300]);
    });

    await t.step(
      "a program the bridge refuses runs nothing and says why, in /execute's shape",
      async () => {
        const refused = await vm.executePython("pyautogui.click(5, 5)\nimport os; os.system('id')");
        assert.equal(refused.status, 200);
        const body = refused.json as Record<string, unknown>;
        assert.equal(body.status, "error");
        assert.equal(body.returncode, 1);
        assert.match(String(body.error), /line 2, column 8: importing 'os' is not allowed/);
        assert.deepEqual((await vm.get("/cursor_position")).json, [400, 300]);
      },
    );

    await t.step("the platform query is answered; other commands are off", async () => {
      const platform = await vm.executePython("import platform; print(platform.system())");
      assert.equal((platform.json as { output: string }).output, "Linux\n");
      const command = await vm.postJson("/execute", { command: ["ls", "/"], shell: false });
      assert.equal(command.status, 403);
      assert.equal((command.json as { status: string }).status, "error");
      assert.match((command.json as { message: string }).message, /--allow-task-commands/);
      for (const path of ["/run_bash_script", "/run_python"]) {
        const body = path === "/run_python" ? { code: "print(1)" } : { script: "echo hi" };
        assert.equal((await vm.postJson(path, body)).status, 403, path);
      }
      const shell = await vm.postJson("/setup/launch", { command: "echo hi", shell: true });
      assert.equal(shell.status, 403);
      // A program by argv is a launch, as a task's setup may always do.
      const program = await vm.postJson("/setup/launch", { command: ["true", "--version"] });
      assert.equal(program.status, 200, vm.text(program));
      assert.equal(vm.text(program), "true --version launched successfully");
      const download = await vm.postJson("/setup/download_file", {
        url: "http://127.0.0.1:1/x",
        path: `${s.dir}/files/x`,
      });
      assert.equal(download.status, 403);
    });

    await t.step("bodies that are not what the route takes are 400s, in JSON", async () => {
      const notJson = await vm.request("POST", "/execute", {
        headers: { "content-type": "application/json" },
        body: "{not json",
      });
      assert.equal(notJson.status, 400);
      assert.equal((notJson.json as { status: string }).status, "error");
      assert.equal((await vm.postJson("/execute", { shell: false })).status, 400);
      assert.equal((await vm.postJson("/execute", { command: 5 })).status, 400);
      const unclosed = await vm.postJson("/execute", { command: "echo 'open" });
      assert.equal(unclosed.status, 400);
      assert.match((unclosed.json as { message: string }).message, /No closing quotation/);
      assert.equal((await vm.postJson("/setup/open_file", {})).status, 400);
      assert.equal((await vm.postJson("/setup/activate_window", {})).status, 400);
      assert.deepEqual((await vm.postForm("/window_size", {})).json, {
        error: "app_class_name is required",
      });
      const text = await vm.request("POST", "/execute", {
        headers: { "content-type": "text/plain" },
        body: "x",
      });
      assert.equal(text.status, 415);
    });

    await t.step("unknown routes and methods are JSON 404 and 405", async () => {
      const missing = await vm.get("/no_such_route");
      assert.equal(missing.status, 404);
      assert.equal((missing.json as { status: string }).status, "error");
      const method = await vm.get("/execute");
      assert.equal(method.status, 405);
      assert.match(method.type, /json/);
    });

    await t.step("/screenshot is a PNG of the whole screen, /screen_size its size", async () => {
      const shot = await vm.get("/screenshot");
      assert.equal(shot.status, 200);
      assert.equal(shot.type, "image/png");
      assert.ok(isPng(shot.bytes));
      const size = (await vm.postJson("/screen_size", {})).json as {
        width: number;
        height: number;
      };
      assert.deepEqual(pngSize(shot.bytes), size);
    });

    await t.step("/screenshot draws the pointer: the arrow's white fill at its place", async () => {
      ok(vm, await vm.executePython("pyautogui.moveTo(700, 500)"));
      const shot = await decodePng(ok(vm, await vm.get("/screenshot")).bytes);
      const plain = await fetch(`${s.svc.url}/api/tool/get_full_screenshot`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ format: "png" }),
      });
      const bare = await decodePng(fromBase64((await plain.json()).data));
      const pixel = (
        image: RawImage,
        x: number,
        y: number,
      ) => [...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3)];
      // Row 4 of the arrow is "#oo#": its fill starts one pixel right of the edge.
      assert.deepEqual(pixel(shot, 701, 504), [255, 255, 255]);
      assert.deepEqual(pixel(shot, 700, 504), [0, 0, 0]);
      assert.notDeepEqual(pixel(bare, 700, 504), [0, 0, 0]);
      assert.deepEqual(pixel(shot, 710, 490), pixel(bare, 710, 490), "above the arrow: the screen");
    });

    await t.step("a recording of the screen, as an AVI file", async () => {
      const started = ok(vm, await vm.postJson("/start_recording", {}));
      assert.deepEqual(started.json, {
        status: "success",
        message: "Started recording successfully.",
      });
      const again = await vm.postJson("/start_recording", {});
      assert.deepEqual(again.json, {
        status: "error",
        message: "Recording is already in progress.",
      });
      assert.equal(again.status, 400);
      ok(vm, await vm.executePython("pyautogui.moveTo(100, 100)\ntime.sleep(0.5)"));
      const ended = ok(vm, await vm.postJson("/end_recording", {}));
      assert.match(ended.headers.get("content-disposition") ?? "", /attachment/);
      const avi = readAvi(ended.bytes);
      assert.deepEqual([avi.width, avi.height, avi.fps, avi.compression], [1920, 1080, 10, "MJPG"]);
      assert.ok(avi.frames.length >= 5, `${avi.frames.length} frames over half a second at least`);
      const none = await vm.postJson("/end_recording", {});
      assert.deepEqual(none.json, {
        status: "error",
        message: "No recording in progress to stop.",
      });
    });

    await t.step("/accessibility is OSWorld's XML under AT", async () => {
      const tree = await vm.get("/accessibility");
      assert.equal(tree.status, 200);
      const at = (tree.json as { AT: string }).AT;
      assert.match(at, /^<desktop-frame /);
      assert.match(at, /Notepad/);
    });

    await t.step("windows: size by class, activation and closing by name", async () => {
      const size = await vm.postForm("/window_size", { app_class_name: "NOTEPAD.EXE" });
      assert.deepEqual(size.json, { width: 800, height: 600 });
      const none = await vm.postForm("/window_size", { app_class_name: "nothing" });
      assert.equal(none.status, 404);
      const activated = await vm.postJson("/setup/activate_window", {
        window_name: "Visual Studio",
      });
      assert.equal(activated.status, 200, vm.text(activated));
      assert.equal(vm.text(activated), "Window activated successfully");
      const unmatched = await vm.postJson("/setup/activate_window", { window_name: "No Such" });
      assert.equal(unmatched.status, 404);
      const strict = await vm.postJson("/setup/activate_window", {
        window_name: "notepad",
        strict: true,
      });
      assert.equal(strict.status, 404, "strict needs the whole title");
    });

    await t.step("/platform, /terminal, /desktop_path, /wallpaper", async () => {
      const platform = await vm.get("/platform");
      assert.equal(vm.text(platform), "Linux");
      const terminal = await vm.get("/terminal");
      assert.equal(terminal.status, 200);
      assert.equal((terminal.json as { status: string }).status, "success");
      const desktop = await vm.postJson("/desktop_path", {});
      assert.deepEqual(desktop.json, { desktop_path: `${s.dir}/files/Desktop` });
      for (const path of ["/wallpaper", "/setup/change_wallpaper"]) {
        const wallpaper = await vm.postJson(path, { path: `${s.dir}/files/Desktop` });
        assert.equal(wallpaper.status, 501, path);
        assert.equal((wallpaper.json as { status: string }).status, "error");
      }
    });

    await t.step("a trace records the protocol's calls with their caller", async () => {
      const tool = async (name: string, args: unknown) =>
        await (await fetch(`${s.svc.url}/api/tool/${name}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(args),
        })).json();
      const { trace_id } = await tool("trace_start", {});
      ok(vm, await vm.executePython("pyautogui.moveTo(12, 34)"));
      await tool("trace_stop", {});
      const { steps } = await tool("get_trace", { trace_id });
      const rows = (steps as { caller: string; tool: string }[]).map((r) =>
        `${r.caller} ${r.tool}`
      );
      assert.ok(rows.includes("osworld run_pyautogui"), rows.join(", "));
      assert.ok(rows.includes("osworld hover_at"), rows.join(", "));
    });

    await t.step("the audit log names each call of the protocol", async () => {
      const audit = await Deno.readTextFile(`${s.dir}/audit.jsonl`);
      const rows = audit.trim().split("\n").map((line) => JSON.parse(line));
      const ours = rows.filter((r) => r.caller === "osworld");
      assert.ok(ours.some((r) => r.tool === "run_pyautogui" && r.result === "ok"));
      assert.ok(ours.some((r) => r.tool === "run_command" && r.result === "PermissionDenied"));
    });
  } finally {
    await s.stop();
  }
});

Deno.test("OSWorld's server protocol on the mock: files, forms and multipart", async (t) => {
  const s = await serve();
  const { vm } = s;
  const inside = `${s.dir}/files`;
  try {
    await t.step("/setup/upload writes a file /file reads back", async () => {
      const data = new Uint8Array(70_000).map((_, i) => (i * 7) % 256);
      const up = await vm.upload(`${inside}/docs/report.xlsx`, data);
      assert.equal(up.status, 200, vm.text(up));
      assert.equal(vm.text(up), `File Uploaded: ${data.length} bytes`);
      const back = await vm.postForm("/file", { file_path: `${inside}/docs/report.xlsx` });
      assert.equal(back.status, 200);
      assert.deepEqual(back.bytes, data);
      assert.match(
        back.headers.get("content-disposition") ?? "",
        /attachment; filename="report.xlsx"/,
      );
      assert.match(back.type, /spreadsheetml/);
      const viaHome = await vm.postForm("/file", { file_path: "~/docs/report.xlsx" });
      assert.deepEqual(viaHome.bytes, data);
    });

    await t.step("files outside osworld.file_dirs are refused both ways", async () => {
      const read = await vm.postForm("/file", { file_path: "/etc/passwd" });
      assert.equal(read.status, 403);
      assert.ok((read.json as { error: string }).error.includes("osworld.file_dirs"));
      const write = await vm.upload(`${s.dir}/outside.txt`, new Uint8Array([1]));
      assert.equal(write.status, 403);
      assert.equal(await Deno.stat(`${s.dir}/outside.txt`).then(() => true, () => false), false);
      const escape = await vm.upload(`${inside}/../escaped.txt`, new Uint8Array([1]));
      assert.equal(escape.status, 403);
    });

    await t.step("missing files and fields", async () => {
      const missing = await vm.postForm("/file", { file_path: `${inside}/nope.txt` });
      assert.equal(missing.status, 404);
      assert.deepEqual((missing.json as { error: string }).error, "File not found");
      assert.deepEqual((await vm.postForm("/file", {})).json, { error: "file_path is required" });
      const form = new FormData();
      form.set("file_path", `${inside}/x`);
      const noData = await vm.request("POST", "/setup/upload", { body: form });
      assert.equal(noData.status, 400);
      assert.deepEqual(noData.json, { error: "file_path and file_data are required" });
    });

    await t.step("/list_directory gives the tree, hidden entries included", async () => {
      await Deno.writeTextFile(`${inside}/docs/.hidden`, "h");
      const listed = await vm.postJson("/list_directory", { path: `${inside}/docs` });
      assert.equal(listed.status, 200, vm.text(listed));
      const tree =
        (listed.json as { directory_tree: { name: string; children: { name: string }[] } })
          .directory_tree;
      assert.equal(tree.name, "docs");
      assert.deepEqual(tree.children.map((c) => c.name).sort(), [".hidden", "report.xlsx"]);
      assert.equal((await vm.postJson("/list_directory", {})).status, 400);
      assert.equal((await vm.postJson("/list_directory", { path: "/etc" })).status, 403);
      const file = await vm.postJson("/list_directory", { path: `${inside}/docs/.hidden` });
      assert.equal(file.status, 400);
    });

    await t.step("/setup/open_file of a missing file is a 404", async () => {
      const missing = await vm.postJson("/setup/open_file", { path: `${inside}/none.odt` });
      assert.equal(missing.status, 404);
      assert.equal((missing.json as { status: string }).status, "error");
    });
  } finally {
    await s.stop();
  }
});

Deno.test("OSWorld's server protocol with commands allowed: once, bounded, in the original's shapes", async (t) => {
  const s = await serve({ args: ["--allow-task-commands"] });
  const { vm } = s;
  try {
    await t.step("/execute runs a command: any exit code is a 200 with its output", async () => {
      const ok = await vm.postJson("/execute", {
        command: ["sh", "-c", "echo out; echo err >&2; exit 3"],
      });
      assert.deepEqual(ok.json, {
        status: "success",
        output: "out\n",
        error: "err\n",
        returncode: 3,
      });
      const shell = await vm.postJson("/setup/execute", { command: "echo ~ | wc -c", shell: true });
      assert.equal((shell.json as { returncode: number }).returncode, 0);
      const home = await vm.postJson("/execute", { command: ["echo", "~/x"] });
      assert.equal((home.json as { output: string }).output, `${s.dir}/files/x\n`);
      const missing = await vm.postJson("/execute", { command: ["no-such-program-here"] });
      assert.equal(missing.status, 400);
    });

    await t.step(
      "/setup/download_file fetches onto the desktop, inside the allowed folders",
      async () => {
        const payload = new TextEncoder().encode("a,b\n1,2\n");
        const server = Deno.serve(
          { hostname: "127.0.0.1", port: 0, onListen: () => {} },
          () => new Response(payload),
        );
        try {
          const url = `http://127.0.0.1:${server.addr.port}/data.csv`;
          const done = await vm.postJson("/setup/download_file", {
            url,
            path: `${s.dir}/files/in/data.csv`,
          });
          assert.equal(vm.text(done), `File downloaded successfully: ${payload.length} bytes`);
          assert.deepEqual(await Deno.readFile(`${s.dir}/files/in/data.csv`), payload);
          const outside = await vm.postJson("/setup/download_file", {
            url,
            path: `${s.dir}/x.csv`,
          });
          assert.equal(outside.status, 403);
          const scheme = await vm.postJson("/setup/download_file", {
            url: "file:///etc/passwd",
            path: `${s.dir}/files/p`,
          });
          assert.equal(scheme.status, 400);
          const missing = await vm.postJson("/setup/download_file", { url });
          assert.equal(vm.text(missing), "Path or URL not supplied!");
        } finally {
          await server.shutdown();
        }
      },
    );

    await t.step("/run_bash_script runs its script once and answers", async () => {
      const marker = `${s.dir}/files/runs.txt`;
      const ran = await vm.postJson("/run_bash_script", {
        script: `echo run >> ${marker}; echo to-stderr >&2; echo done`,
        working_dir: `${s.dir}/files`,
      });
      assert.equal(ran.status, 200, vm.text(ran));
      assert.deepEqual(ran.json, {
        status: "success",
        output: "to-stderr\ndone\n",
        error: "",
        returncode: 0,
      });
      assert.equal(await Deno.readTextFile(marker), "run\n");
      const failed = await vm.postJson("/run_bash_script", { script: "exit 4" });
      assert.deepEqual(failed.json, { status: "error", output: "", error: "", returncode: 4 });
      const slow = await vm.postJson("/run_bash_script", { script: "sleep 30", timeout: 1 });
      assert.equal(slow.status, 408);
      assert.match((slow.json as { output: string }).output, /timed out after 1 seconds/);
      const none = await vm.postJson("/run_bash_script", {});
      assert.deepEqual(none.json, {
        status: "error",
        output: "Script not supplied!",
        error: "",
        returncode: -1,
      });
      const nowhere = await vm.postJson("/run_bash_script", {
        script: "true",
        working_dir: "/nope",
      });
      assert.equal(nowhere.status, 400);
    });

    await t.step("/run_python answers with return_code", async () => {
      const ran = await vm.postJson("/run_python", {
        code: "import sys\nprint('hi')\nsys.exit(2)",
      });
      const body = ran.json as Record<string, unknown>;
      assert.equal(body.status, "error");
      assert.equal(body.output, "hi\n");
      assert.equal(body.return_code, 2);
      assert.equal(body.error, "Process exited with code 2");
      assert.deepEqual((await vm.postJson("/run_python", {})).json, {
        status: "error",
        message: "Code not supplied!",
      });
    });

    await t.step("a harness that hangs up stops the command it started", async () => {
      const marker = `sleep ${1000 + Math.random()}`;
      const client = new AbortController();
      const call = vm.request("POST", "/run_bash_script", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ script: `exec ${marker}`, timeout: 1000 }),
        signal: client.signal,
      }).catch(() => null);
      assert.ok(await until(async () => (await processesRunning(marker)) > 0), "it started");
      client.abort();
      await call;
      assert.ok(await until(async () => (await processesRunning(marker)) === 0), "it was stopped");
    });

    await t.step("... and the window it was waiting for", async () => {
      await Deno.writeTextFile(`${s.dir}/files/never.odt`, "no window shows this");
      const client = new AbortController();
      const call = vm.request("POST", "/setup/open_file", {
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ path: `${s.dir}/files/never.odt` }),
        signal: client.signal,
      }).catch(() => null);
      const audited = async () =>
        (await Deno.readTextFile(`${s.dir}/audit.jsonl`)).split("\n")
          .filter((line) => line.includes('"tool":"osworld_task"')).length;
      const before = await audited();
      // Polling: the wait's own steps show it is under way.
      const steps = async () => (await (await fetch(`${s.svc.url}/api/healthz`)).json()).step_count;
      const first = await steps();
      assert.ok(await until(async () => (await steps()) > first + 2), "the wait polls");
      client.abort();
      await call;
      // osworld.open_timeout_s is 1800 s here: an answer this early is the cancellation.
      assert.ok(await until(async () => (await audited()) > before), "the task step ended");
    });

    await t.step("/execute_with_verification waits for a window, bounded", async () => {
      const passed = await vm.postJson("/execute_with_verification", {
        command: ["true"],
        verification: { window_exists: "notepad" },
      });
      assert.equal(passed.status, 200, vm.text(passed));
      assert.equal((passed.json as { verification: string }).verification, "passed");
      const failed = await vm.postJson("/setup/execute_with_verification", {
        command: ["true"],
        verification: { command_success: "false" },
        max_wait_time: 1,
        check_interval: 0.2,
      });
      assert.equal(failed.status, 408);
      assert.equal((failed.json as { status: string }).status, "verification_failed");
    });
  } finally {
    await s.stop();
  }
});

Deno.test("OSWorld's server protocol: a bearer token, the guards, budgets", async (t) => {
  const token = "vm-token-0123456789abcdef";
  const s = await serve({ token, args: ["--max-actions", "2"] });
  try {
    await t.step("without the token, or with a wrong one: 401, audited", async () => {
      const anonymous = new VmClient(s.vm.base);
      const none = await anonymous.get("/platform");
      assert.equal(none.status, 401);
      assert.match(none.headers.get("www-authenticate") ?? "", /^Bearer/);
      const wrong = new VmClient(s.vm.base, "wrong-token-0123456789");
      assert.equal((await wrong.get("/screenshot")).status, 401);
      const rest = await fetch(`${s.svc.url}/api/windows`);
      await rest.body?.cancel();
      assert.equal(rest.status, 401);
      const audit = await Deno.readTextFile(`${s.dir}/audit.jsonl`);
      assert.match(audit, /"result":"Unauthorized"/);
      assert.ok(!audit.includes(token) && !s.svc.stderr().includes(token));
    });

    await t.step("with it: served", async () => {
      assert.equal(s.vm.text(await s.vm.get("/platform")), "Linux");
    });

    await t.step("a foreign Host or Origin is refused", async () => {
      const port = Number(new URL(s.vm.base).port);
      const host = await rawRequest(
        port,
        `GET /platform HTTP/1.1\r\nHost: evil.example:${port}\r\nAuthorization: Bearer ${token}` +
          "\r\nConnection: close\r\n\r\n",
      );
      assert.equal(host.status, 403);
      const origin = await s.vm.request("POST", "/execute", {
        headers: { origin: "http://evil.example", "content-type": "application/json" },
        body: JSON.stringify({ command: ["true"] }),
      });
      assert.equal(origin.status, 403);
    });

    await t.step("the action budget counts the protocol's actions", async () => {
      for (let i = 0; i < 2; i++) {
        const ok = await s.vm.executePython(`pyautogui.moveTo(${10 + i}, 10)`);
        assert.equal(ok.status, 200, s.vm.text(ok));
      }
      const over = await s.vm.executePython("pyautogui.moveTo(30, 10)");
      assert.equal(over.status, 429);
      assert.equal((over.json as { code: string }).code, "BudgetExceeded");
    });
  } finally {
    await s.stop();
  }
});

Deno.test("listening beyond loopback without a token is refused at start-up", async () => {
  const { code, stderr } = await runMain([
    "--mock",
    "--mode",
    "inspect",
    "--osworld-server",
    "--osworld-port",
    String(freePort()),
    "--host",
    "0.0.0.0",
    "--port",
    String(freePort()),
  ]);
  assert.equal(code, 2);
  assert.match(stderr, /needs a bearer token: --token-file PATH or the OSO_TOKEN/);
});
