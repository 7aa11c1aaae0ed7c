// deno task fleet <command> …: task suites on many desktops.
//   build     the desktop image (deploy/Containerfile) with podman or docker
//   render    the Kubernetes manifests of a suite, printed
//   apply     the same, applied with kubectl (the key's Secret included)
//   run       the suite on this machine, N containers at a time
//   collect   a results folder's summary.json and report.html

import { parseArgs } from "node:util";
import { basename, join, relative, resolve } from "node:path";
import { z } from "zod";
import {
  checkSuiteName,
  type FleetOptions,
  manifestsYaml,
  suiteManifests,
} from "../../formats/fleet/manifests.ts";
import { SuiteError, suiteOf, type SuiteTask, type TaskFile } from "../../formats/fleet/suite.ts";
import { collect, summaryText } from "./collect.ts";
import { type Engine, runLocally } from "./local_run.ts";
import { buildImage } from "./build.ts";

const USAGE = `usage: deno task fleet <command> [options]
  build    [--engine podman|docker] [--image NAME]
  render   --tasks DIR --model NAME --base-url URL [suite options] [--out FILE]
  apply    --tasks DIR --model NAME --base-url URL [suite options] [--kubectl PATH]
  run      --tasks DIR --model NAME --base-url URL --results DIR [suite options]
           [--engine podman|docker]
  collect  --results DIR [--tasks DIR]
suite options:
  --name NAME               the Job's name (default: the task folder's name)
  --parallelism N           pods at a time (default 2)
  --backoff-limit N         failed pods tolerated over the suite (default: the task count)
  --image NAME              (default localhost/oso-desktop:latest)
  --pull-policy P           Always | IfNotPresent (default) | Never
  --observation TYPE        screenshot | a11y_tree (default) | screenshot_a11y_tree | som
  --action-space SPACE      pyautogui (default) | computer_13
  --max-steps N             (default 15)
  --secret NAME             the Secret holding the key as api-key (default NAME-model)
  --results-claim NAME      the PersistentVolumeClaim results go to (default NAME-results)
  --results-size SIZE       its size (default 10Gi)
  --cpu N --memory SIZE     each pod's request (default 1 and 3Gi)
  --pod-seconds N           a pod running longer is ended and counts as failed (default 1800)
The model endpoint's key is read from OSO_AGENT_API_KEY: apply puts it in the
Secret through kubectl's standard input, run hands it to the containers; it is
never printed.`;

const TEXT = { type: "string" } as const;
const OPTIONS = {
  tasks: TEXT,
  model: TEXT,
  "base-url": TEXT,
  name: TEXT,
  parallelism: TEXT,
  "backoff-limit": TEXT,
  image: TEXT,
  "pull-policy": TEXT,
  observation: TEXT,
  "action-space": TEXT,
  "max-steps": TEXT,
  secret: TEXT,
  "results-claim": TEXT,
  "results-size": TEXT,
  results: TEXT,
  cpu: TEXT,
  memory: TEXT,
  "pod-seconds": TEXT,
  out: TEXT,
  kubectl: TEXT,
  engine: TEXT,
} as const;

const count = (flag: string, min: number) =>
  z.string().regex(/^\d+$/, `--${flag} takes a whole number`).transform(Number).pipe(
    z.number().min(min, `--${flag} must be at least ${min}`),
  );
const QUANTITY = /^\d+(\.\d+)?(m|Ki|Mi|Gi|Ti|k|M|G|T)?$/;

const SuiteFlags = z.object({
  tasks: z.string({ error: "--tasks DIR is needed" }).min(1),
  model: z.string({ error: "--model NAME is needed" }).min(1),
  "base-url": z.string({ error: "--base-url URL is needed" }).url("--base-url must be a URL"),
  name: z.string().optional(),
  parallelism: count("parallelism", 1).default(2),
  "backoff-limit": count("backoff-limit", 0).optional(),
  image: z.string().min(1).default("localhost/oso-desktop:latest"),
  "pull-policy": z.enum(["Always", "IfNotPresent", "Never"]).default("IfNotPresent"),
  observation: z.enum(["screenshot", "a11y_tree", "screenshot_a11y_tree", "som"])
    .default("a11y_tree"),
  "action-space": z.enum(["pyautogui", "computer_13"]).default("pyautogui"),
  "max-steps": count("max-steps", 1).default(15),
  secret: z.string().optional(),
  "results-claim": z.string().optional(),
  "results-size": z.string().regex(QUANTITY, "--results-size is a quantity (10Gi)")
    .default("10Gi"),
  results: z.string().min(1).optional(),
  cpu: z.string().regex(QUANTITY, "--cpu is a quantity (1, 500m)").default("1"),
  memory: z.string().regex(QUANTITY, "--memory is a quantity (3Gi)").default("3Gi"),
  "pod-seconds": count("pod-seconds", 1).default(1800),
});

class UsageError extends Error {}

async function readSuite(dir: string): Promise<SuiteTask[]> {
  const files: TaskFile[] = [];
  const walk = async (folder: string) => {
    for await (const entry of Deno.readDir(folder)) {
      const path = join(folder, entry.name);
      if (entry.isDirectory) await walk(path);
      else if (entry.isFile && entry.name.endsWith(".json")) {
        files.push({ path: relative(dir, path), text: await Deno.readTextFile(path) });
      }
    }
  };
  await walk(dir);
  return suiteOf(files, basename(resolve(dir)));
}

function suiteOptions(
  values: Record<string, unknown>,
  taskCount: number,
  folder: string,
): FleetOptions {
  const parsed = SuiteFlags.safeParse(values);
  if (!parsed.success) throw new UsageError(parsed.error.issues[0].message);
  const v = parsed.data;
  const name = v.name ?? basename(resolve(folder)).toLowerCase().replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  checkSuiteName(name);
  return {
    name,
    image: v.image,
    imagePullPolicy: v["pull-policy"],
    parallelism: v.parallelism,
    backoffLimit: v["backoff-limit"] ?? taskCount,
    model: v.model,
    baseUrl: v["base-url"],
    secretName: v.secret ?? `${name}-model`,
    observation: v.observation,
    actionSpace: v["action-space"],
    maxSteps: v["max-steps"],
    results: v.results !== undefined ? { kind: "host", path: resolve(v.results) } : {
      kind: "claim",
      claimName: v["results-claim"] ?? `${name}-results`,
      size: v["results-size"],
    },
    resources: { cpu: v.cpu, memory: v.memory },
    podSeconds: v["pod-seconds"],
  };
}

function engineOf(text: unknown): Engine {
  if (text === undefined || text === "podman" || text === "docker") {
    return (text ?? "podman") as Engine;
  }
  throw new UsageError("--engine must be podman or docker");
}

const apiKey = () => Deno.env.get("OSO_AGENT_API_KEY") || null;

async function command(name: string, values: Record<string, unknown>): Promise<number> {
  if (name === "build") {
    return await buildImage(engineOf(values.engine), String(values.image ?? "oso-desktop"));
  }
  if (name === "collect") {
    if (typeof values.results !== "string") throw new UsageError("--results DIR is needed");
    const expected = typeof values.tasks === "string" ? await readSuite(values.tasks) : [];
    const runs = await collect(values.results, expected, `Suite results: ${values.results}`);
    console.log(summaryText(runs));
    return 0;
  }
  if (!["render", "apply", "run"].includes(name)) throw new UsageError(`unknown command '${name}'`);
  if (typeof values.tasks !== "string") throw new UsageError("--tasks DIR is needed");
  const suite = await readSuite(values.tasks);
  const options = suiteOptions(values, suite.length, values.tasks);
  if (name === "render") {
    const text = manifestsYaml(suiteManifests(options, suite, null));
    const header =
      `# Suite ${options.name}: ${suite.length} tasks. Create the key's Secret first:\n` +
      `#   kubectl create secret generic ${options.secretName} --from-literal=api-key=…\n`;
    if (typeof values.out === "string") await Deno.writeTextFile(values.out, header + text);
    else console.log(header + text);
    return 0;
  }
  if (name === "apply") {
    const kubectl = typeof values.kubectl === "string" ? values.kubectl : "kubectl";
    const child = new Deno.Command(kubectl, { args: ["apply", "-f", "-"], stdin: "piped" })
      .spawn();
    const writer = child.stdin.getWriter();
    await writer.write(
      new TextEncoder().encode(manifestsYaml(suiteManifests(options, suite, apiKey()))),
    );
    await writer.close();
    const status = await child.status;
    if (status.code === 0) {
      console.log(
        `applied suite ${options.name} (${suite.length} tasks, ${options.parallelism} at a time); ` +
          `wait with: kubectl wait --for=condition=complete --timeout=24h job/${options.name}\n` +
          `then copy the claim ${
            options.results.kind === "claim" ? options.results.claimName : ""
          } to a folder and run: deno task fleet collect --results FOLDER`,
      );
    }
    return status.code;
  }
  if (options.results.kind !== "host") throw new UsageError("run needs --results DIR");
  const outcome = await runLocally({
    engine: engineOf(values.engine),
    options: { ...options, results: options.results },
    suite,
    key: apiKey(),
    log: (line) => console.error(`fleet: ${line}`),
  });
  const runs = await collect(options.results.path, suite, `Suite ${options.name}`);
  console.log(summaryText(runs));
  console.log(`report: ${join(options.results.path, "report.html")}`);
  return outcome.gaveUp ? 1 : 0;
}

export async function fleetMain(args: string[]): Promise<number> {
  const [name, ...rest] = args;
  if (name === undefined || name === "--help" || name === "help") {
    console.error(USAGE);
    return name === undefined ? 2 : 0;
  }
  try {
    const { values } = parseArgs({ args: rest, options: OPTIONS, strict: true });
    return await command(name, values);
  } catch (e) {
    if (e instanceof UsageError || e instanceof SuiteError || e instanceof TypeError) {
      console.error(`fleet ${name}: ${(e as Error).message}\n\n${USAGE}`);
      return 2;
    }
    // A folder or program that is not there (the task folder, podman, kubectl).
    if (e instanceof Deno.errors.NotFound || e instanceof Deno.errors.PermissionDenied) {
      console.error(`fleet ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

if (import.meta.main) Deno.exit(await fleetMain(Deno.args));
