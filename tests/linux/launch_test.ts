// Starting on a real desktop: `deno task start` serves it (not the mock), and
// `deno task osworld-run` without --service starts a service of its own on
// it, runs the task and stops it.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { getJson } from "../helpers/http.ts";
import { startService } from "../helpers/service.ts";
import { desktopTest } from "./linux_service.ts";

const ROOT = new URL("../../", import.meta.url).pathname;

desktopTest(
  "a real desktop is served by deno task start and by the agent programs",
  async (t, desktop) => {
    await t.step("deno task start serves the desktop and says so", async () => {
      const svc = await startService({ task: "start", env: desktop.env });
      try {
        const health = (await getJson(`${svc.url}/api/healthz`)).body;
        assert.equal(health.is_mock, false, svc.stderr());
        assert.match(
          svc.stderr(),
          new RegExp(`serving the Linux desktop at DISPLAY=${desktop.display}`),
        );
      } finally {
        await svc.stop();
      }
    });

    await t.step(
      "osworld-run without --service runs the task on a service of its own",
      async () => {
        const dir = await Deno.makeTempDir({ prefix: "oso-run-here-" });
        try {
          const config = join(dir, "config.json");
          await Deno.writeTextFile(config, JSON.stringify({ osworld: { file_dirs: [dir] } }));
          const task = join(dir, "task.json");
          await Deno.writeTextFile(
            task,
            JSON.stringify({
              id: "oso-here",
              instruction: "Nothing to do: the setup writes the file.",
              config: [{
                type: "execute",
                parameters: { command: `printf here > '${dir}/here.txt'`, shell: true },
              }],
              evaluator: {
                func: "exact_match",
                result: { type: "vm_file", path: `${dir}/here.txt` },
                expected: { type: "rule", rules: { expected: "here" } },
              },
            }),
          );
          const out = await new Deno.Command(Deno.execPath(), {
            args: [
              "task",
              "--quiet",
              "osworld-run",
              task,
              "--config",
              config,
              "--allow-task-commands",
            ],
            cwd: ROOT,
            env: desktop.env,
            stdin: "null",
            stdout: "piped",
            stderr: "piped",
          }).output();
          const stderr = new TextDecoder().decode(out.stderr);
          assert.equal(out.code, 0, stderr);
          assert.match(stderr, /serving the Linux desktop at DISPLAY=/);
          const report = JSON.parse(
            new TextDecoder().decode(out.stdout).trim().split("\n").at(-1)!,
          );
          assert.equal(report.evaluation.score, 1, JSON.stringify(report));
        } finally {
          await Deno.remove(dir, { recursive: true });
        }
      },
    );
  },
);
