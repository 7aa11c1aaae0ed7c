// A suite on one machine, without Kubernetes: the pods the Job would create,
// `parallelism` at a time, with Podman (`podman kube play` of each pod's
// manifest, the same YAML a cluster gets) or Docker (`docker run` of the same
// pod). A pod that fails is created again under a new name, as the Job's
// controller does, until the suite's failures pass the backoffLimit; then
// nothing new starts, as when the Job fails.

import { join } from "node:path";
import {
  type FleetOptions,
  type Manifest,
  manifestsYaml,
  podFor,
  SECRET_KEY,
  suiteJob,
  tasksConfigMap,
} from "../../formats/fleet/manifests.ts";
import { dockerRunArgs } from "../../formats/fleet/docker.ts";
import type { SuiteTask } from "../../formats/fleet/suite.ts";
import { toBase64 } from "../../../model/base64.ts";

export type Engine = "podman" | "docker";

export interface LocalRun {
  engine: Engine;
  /** With results in a folder of this machine. */
  options: FleetOptions & { results: { kind: "host"; path: string } };
  suite: SuiteTask[];
  /** The model endpoint's key (null: none). */
  key: string | null;
  log: (line: string) => void;
}

export interface LocalOutcome {
  /** Pods that failed, over the suite. */
  failedPods: number;
  /** The backoffLimit was passed: tasks after it were not started. */
  gaveUp: boolean;
}

const decoder = new TextDecoder();

async function run(
  command: string,
  args: string[],
  options: { stdin?: string; env?: Record<string, string> } = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const child = new Deno.Command(command, {
    args,
    stdin: options.stdin === undefined ? "null" : "piped",
    stdout: "piped",
    stderr: "piped",
    env: options.env,
  }).spawn();
  if (options.stdin !== undefined) {
    const writer = child.stdin.getWriter();
    await writer.write(new TextEncoder().encode(options.stdin));
    await writer.close();
  }
  const out = await child.output();
  return { code: out.code, stdout: decoder.decode(out.stdout), stderr: decoder.decode(out.stderr) };
}

async function must(command: string, args: string[], stdin?: string): Promise<string> {
  const out = await run(command, args, { stdin });
  if (out.code !== 0) {
    throw new Error(`${command} ${args.slice(0, 2).join(" ")} failed: ${out.stderr.trim()}`);
  }
  return out.stdout;
}

/** The image's user (uid 1000) must be able to write the results. */
async function prepareResults(path: string): Promise<void> {
  await Deno.mkdir(join(path, "logs"), { recursive: true });
  for (const dir of [path, join(path, "logs")]) {
    if (Deno.uid() === 0) await Deno.chown(dir, 1000, 1000);
    else await Deno.chmod(dir, 0o777);
  }
}

/** Runs one pod to its end; returns its exit code (137: killed). */
type PodRunner = (pod: Manifest) => Promise<number>;

async function podmanRunner(localRun: LocalRun, workDir: string): Promise<PodRunner> {
  const { options, key } = localRun;
  // kube play reads a Secret's keys from a Podman secret holding them as JSON.
  await run("podman", ["secret", "rm", options.secretName]);
  await must(
    "podman",
    ["secret", "create", options.secretName, "-"],
    JSON.stringify({ [SECRET_KEY]: toBase64(new TextEncoder().encode(key ?? "")) }),
  );
  const configMap = tasksConfigMap(options, localRun.suite);
  return async (pod) => {
    const name = (pod.metadata as { name: string }).name;
    const file = join(workDir, `${name}.yaml`);
    await Deno.writeTextFile(file, manifestsYaml([configMap, pod]));
    await must("podman", ["kube", "play", "--replace", file]);
    const container = `${name}-desktop`;
    const deadline = options.podSeconds === null ? null : setTimeout(() => {
      run("podman", ["pod", "kill", name]).catch(() => {});
    }, options.podSeconds * 1000);
    const waited = await run("podman", ["wait", container]);
    if (deadline !== null) clearTimeout(deadline);
    const logs = await run("podman", ["logs", container]);
    await Deno.writeTextFile(
      join(options.results.path, "logs", `${name}.log`),
      logs.stdout + logs.stderr,
    );
    await run("podman", ["kube", "down", file]);
    const code = Number(waited.stdout.trim());
    return waited.code === 0 && Number.isInteger(code) ? code : 1;
  };
}

async function dockerRunner(localRun: LocalRun, workDir: string): Promise<PodRunner> {
  const { options, key } = localRun;
  const tasksDir = join(workDir, "tasks");
  await Deno.mkdir(tasksDir);
  const data = tasksConfigMap(options, localRun.suite).data as Record<string, string>;
  for (const [name, text] of Object.entries(data)) {
    await Deno.writeTextFile(join(tasksDir, name), text);
  }
  await Deno.chmod(workDir, 0o755);
  await Deno.chmod(tasksDir, 0o755);
  const env = { ...Deno.env.toObject(), OSO_AGENT_API_KEY: key ?? "" };
  return async (pod) => {
    const name = (pod.metadata as { name: string }).name;
    const args = dockerRunArgs(pod, { tasks: tasksDir, results: options.results.path });
    const deadline = options.podSeconds === null ? null : setTimeout(() => {
      run("docker", ["kill", name]).catch(() => {});
    }, options.podSeconds * 1000);
    const out = await run("docker", args, { env });
    if (deadline !== null) clearTimeout(deadline);
    await Deno.writeTextFile(
      join(options.results.path, "logs", `${name}.log`),
      out.stdout + out.stderr,
    );
    await run("docker", ["rm", "-f", name]);
    return out.code;
  };
}

export async function runLocally(localRun: LocalRun): Promise<LocalOutcome> {
  const { options, suite, log } = localRun;
  await prepareResults(options.results.path);
  const workDir = await Deno.makeTempDir({ prefix: "oso-fleet-" });
  try {
    const runPod = localRun.engine === "podman"
      ? await podmanRunner(localRun, workDir)
      : await dockerRunner(localRun, workDir);
    const job = suiteJob(options, suite.length);
    const queue = suite.map((t) => t.index);
    const attempts = new Map<number, number>();
    const running = new Map<number, Promise<void>>();
    let failedPods = 0;
    let gaveUp = false;
    const start = (index: number) => {
      const attempt = attempts.get(index) ?? 0;
      attempts.set(index, attempt + 1);
      const pod = podFor(job, index, attempt, true);
      const name = (pod.metadata as { name: string }).name;
      const task = suite[index];
      log(`start ${name}: ${task.domain}/${task.id}`);
      running.set(
        index,
        runPod(pod).catch((e) => {
          log(`${name}: ${(e as Error).message}`);
          return 1;
        }).then((code) => {
          running.delete(index);
          log(`end ${name}: exit ${code}`);
          if (code === 0) return;
          failedPods++;
          if (failedPods > options.backoffLimit) {
            if (!gaveUp) {
              log(`${failedPods} pods failed, past backoffLimit ${options.backoffLimit}`);
            }
            gaveUp = true;
          } else {
            queue.unshift(index);
          }
        }),
      );
    };
    while (queue.length > 0 || running.size > 0) {
      while (!gaveUp && queue.length > 0 && running.size < options.parallelism) {
        start(queue.shift()!);
      }
      if (running.size === 0) break;
      await Promise.race(running.values());
    }
    return { failedPods, gaveUp };
  } finally {
    if (localRun.engine === "podman") await run("podman", ["secret", "rm", options.secretName]);
    await Deno.remove(workDir, { recursive: true });
  }
}
