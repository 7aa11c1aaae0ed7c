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
import { startFleetModel, type TaskScript } from "../helpers/fleet_model.ts";
import type { RunSummary } from "../../lib/osworld/formats/fleet/summary.ts";
import { CONTAINER_HINT, containerPartsReady, ensureImage, IMAGE, podman } from "./podman.ts";

const CLI = new URL("../../lib/osworld/interfaces/fleet/cli.ts", import.meta.url).pathname;
const TASKS = new URL("../fixtures/fleet/tasks/", import.meta.url).pathname;
const MODEL = "fleet-test-model";
const KEY = "sk-fleet-test-5b1f0c2e9d";
const SUITE = "fleet-test";

const py = (code: string) => `Acting.\n\`\`\`python\n${code}\n\`\`\``;
/** Lines of the observation's element table, split into cells. */
const rows = (obs: string) => obs.split("\n").map((line) => line.split("\t"));
/** A table row whose name or text is `value`. */
const shows = (obs: string, value: string) =>
  rows(obs).some((cells) => cells[1]?.trim() === value || cells[2]?.trim() === value);
const listsTag = (obs: string, tag: string) => rows(obs).some((cells) => cells[0] === tag);

/** Types `input` until the display shows `result`, then DONE (a careful agent). */
const calculatorRight = (input: string, result: string): TaskScript => (obs) =>
  shows(obs, result)
    ? "DONE"
    : listsTag(obs, "push-button")
    ? py(`pyautogui.press('escape')\npyautogui.write('${input}')\npyautogui.press('enter')`)
    : null;
/** Types a wrong sum once, then says DONE without looking. */
const calculatorWrong = (input: string): TaskScript => (obs, earlier) =>
  earlier.some((reply) => reply.includes("pyautogui.write"))
    ? "DONE"
    : listsTag(obs, "push-button")
    ? py(`pyautogui.write('${input}')\npyautogui.press('enter')`)
    : null;
/** Mousepad's File menu is listed (its empty editor is not). */
const noteRight: TaskScript = (obs) =>
  shows(obs, "fleet note")
    ? "DONE"
    : shows(obs, "File")
    ? py(`pyautogui.hotkey('ctrl', 'a')\npyautogui.write('fleet note')`)
    : null;

async function instructionOf(file: string): Promise<string> {
  return JSON.parse(await Deno.readTextFile(join(TASKS, file))).instruction;
}

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

    const difference = await instructionOf("gnome-calculator/oso-fleet-difference.json");
    const model = startFleetModel(
      new Map<string, TaskScript>([
        [
          await instructionOf("gnome-calculator/oso-fleet-product.json"),
          calculatorRight("7*6", "42"),
        ],
        [await instructionOf("gnome-calculator/oso-fleet-sum.json"), calculatorWrong("12-33")],
        [difference, calculatorRight("50-8", "42")],
        [await instructionOf("mousepad/oso-fleet-note.json"), noteRight],
      ]),
      { model: MODEL, apiKey: KEY, hold: difference },
    );
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
