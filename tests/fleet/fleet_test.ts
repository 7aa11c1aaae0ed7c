// The desktop image and task suites, for real: the image is built from
// deploy/Containerfile with podman (on a local base image when no registry
// answers: deploy/base-image.sh), a container serves the API with a token,
// and a suite of four OSWorld-format tasks runs as the pods an Indexed Job
// would create (`podman kube play` of each), two at a time, against a local
// model speaking OpenAI's wire format; a pod killed mid-task is created again
// and reported.

import { strict as assert } from "node:assert";
import { join } from "node:path";
import { partAvailable } from "../helpers/parts.ts";
import { fixtureSuiteScripts, startFleetModel } from "../helpers/fleet_model.ts";
import type { RunSummary } from "../../lib/osworld/formats/fleet/summary.ts";
import { CONTAINER_HINT, containerPartsReady, ensureImage, IMAGE, podman } from "./podman.ts";

const CLI = new URL("../../lib/osworld/interfaces/fleet/cli.ts", import.meta.url).pathname;
const TASKS = new URL("../fixtures/fleet/tasks/", import.meta.url).pathname;
const MODEL = "fleet-test-model";
const KEY = "sk-fleet-test-5b1f0c2e9d";
const SUITE = "fleet-test";

Deno.test({
  name: "a suite of four tasks as the Job's pods, two at a time: scores, a killed pod retried",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    if (!partAvailable("podman with the base image", await containerPartsReady(), CONTAINER_HINT)) {
      return;
    }
    await t.step("the image builds from deploy/Containerfile", async () => {
      await ensureImage();
    });

    const { scripts, held } = await fixtureSuiteScripts(TASKS);
    const model = startFleetModel(scripts, { model: MODEL, apiKey: KEY, hold: held });
    const results = await Deno.makeTempDir({ prefix: "oso-fleet-results-" });
    try {
      const run = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "-A",
          CLI,
          "run",
          "--tasks",
          TASKS,
          "--name",
          SUITE,
          "--model",
          MODEL,
          "--base-url",
          model.url,
          "--parallelism",
          "2",
          "--max-steps",
          "12",
          "--pod-seconds",
          "600",
          "--image",
          IMAGE,
          "--results",
          results,
        ],
        env: { OSO_AGENT_API_KEY: KEY, NO_COLOR: "1" },
        stdout: "piped",
        stderr: "piped",
      }).spawn();
      const output = Promise.all([
        new Response(run.stdout).text(),
        new Response(run.stderr).text(),
      ]);
      // The difference task (index 0) is held at its first question: its pod is killed there.
      await model.held;
      await podman(["pod", "kill", `${SUITE}-0-0`]);
      const status = await run.status;
      const [stdout, stderr] = await output;
      assert.deepEqual(model.problems, [], stderr);
      assert.equal(status.code, 0, `${stdout}\n${stderr}`);

      const [summary] = JSON.parse(
        await Deno.readTextFile(join(results, "summary.json")),
      ) as RunSummary[];
      const byId = new Map(summary.tasks.map((task) => [task.id, task]));
      const detail = JSON.stringify(summary, null, 1) + stderr;
      assert.equal(byId.get("oso-fleet-product")?.score, 1, detail);
      assert.equal(byId.get("oso-fleet-sum")?.score, 0, detail);
      assert.equal(byId.get("oso-fleet-note")?.score, 1, detail);
      const killed = byId.get("oso-fleet-difference")!;
      assert.equal(killed.score, 1, detail);
      assert.equal(killed.attempts, 2, detail);
      assert.deepEqual(killed.failures, ["pod-ended"], detail);
      assert.deepEqual(summary.failuresByCause, { "pod-ended": 1 });
      assert.equal(summary.totals.score, 3);
      assert.equal(summary.totals.attempts, 5);
      assert.deepEqual(summary.domains.map((d) => [d.domain, d.tasks, d.score]), [
        ["gnome-calculator", 3, 2],
        ["mousepad", 1, 1],
      ]);

      // OSWorld's results layout, with the trajectory and a screenshot per step.
      const product = join(
        results,
        "pyautogui",
        "a11y_tree",
        MODEL,
        "gnome-calculator",
        "oso-fleet-product",
      );
      assert.equal(await Deno.readTextFile(join(product, "result.txt")), "1\n");
      const traj = (await Deno.readTextFile(join(product, "traj.jsonl"))).trim().split("\n");
      assert.ok(traj.length >= 2, "at least one action and DONE");
      for (const line of traj) await Deno.stat(join(product, JSON.parse(line).screenshot_file));
      const report = await Deno.readTextFile(join(results, "report.html"));
      for (const id of byId.keys()) assert.ok(report.includes(id), `the report names ${id}`);

      // Two pods at a time, never more (the runner's start and end lines, in order).
      let running = 0;
      let most = 0;
      for (const line of stderr.split("\n")) {
        if (/^fleet: start /.test(line)) most = Math.max(most, ++running);
        if (/^fleet: end /.test(line)) running--;
      }
      assert.equal(most, 2, stderr);
      assert.match(stderr, new RegExp(`end ${SUITE}-0-0: exit 137`));

      // The key reached the model and nothing else: not the results, logs or output.
      const leaks: string[] = [];
      const scan = async (dir: string) => {
        for await (const entry of Deno.readDir(dir)) {
          const path = join(dir, entry.name);
          if (entry.isDirectory) await scan(path);
          else if (new TextDecoder().decode(await Deno.readFile(path)).includes(KEY)) {
            leaks.push(path);
          }
        }
      };
      await scan(results);
      assert.deepEqual(leaks, []);
      assert.ok(!stdout.includes(KEY) && !stderr.includes(KEY));
    } finally {
      await model.stop();
      await Deno.remove(results, { recursive: true });
    }
  },
});
