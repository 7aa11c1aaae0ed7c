// Reads a results folder in OSWorld's layout
// (<action space>/<observation>/<model>/<domain>/<task id>/) with the pods'
// attempt records, and writes the suite's summary.json and report.html there.

import { join } from "node:path";
import {
  type ExpectedTask,
  type RunSummary,
  summarize,
  type TaskFolder,
} from "../../formats/fleet/summary.ts";
import { reportHtml } from "../../formats/fleet/report.ts";

async function subfolders(dir: string): Promise<string[]> {
  const names: string[] = [];
  try {
    for await (const entry of Deno.readDir(dir)) if (entry.isDirectory) names.push(entry.name);
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return names.sort();
}

async function textOrNull(path: string): Promise<string | null> {
  try {
    return await Deno.readTextFile(path);
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return null;
    throw e;
  }
}

async function taskFolder(dir: string, names: string[]): Promise<TaskFolder> {
  const [actionSpace, observation, model, domain, id] = names;
  const traj = await textOrNull(join(dir, "traj.jsonl"));
  const attempts: string[] = [];
  const attemptsDir = join(dir, "attempts");
  try {
    for await (const entry of Deno.readDir(attemptsDir)) {
      if (entry.isFile && entry.name.endsWith(".json")) {
        attempts.push(await Deno.readTextFile(join(attemptsDir, entry.name)));
      }
    }
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
  return {
    actionSpace,
    observation,
    model,
    domain,
    id,
    result: await textOrNull(join(dir, "result.txt")),
    trajLines: traj === null ? 0 : traj.split("\n").filter((l) => l.trim() !== "").length,
    attempts,
  };
}

/** Every task folder five levels under `root`. */
export async function readResults(root: string): Promise<TaskFolder[]> {
  const folders: TaskFolder[] = [];
  const walk = async (dir: string, names: string[]): Promise<void> => {
    if (names.length === 5) {
      folders.push(await taskFolder(dir, names));
      return;
    }
    for (const name of await subfolders(dir)) {
      // The runner's own folders beside the results.
      if (names.length === 0 && name === "logs") continue;
      await walk(join(dir, name), [...names, name]);
    }
  };
  await walk(root, []);
  return folders;
}

/** Writes summary.json and report.html into `root`; returns the summary. */
export async function collect(
  root: string,
  expected: ExpectedTask[],
  title: string,
): Promise<RunSummary[]> {
  const runs = summarize(await readResults(root), expected);
  await Deno.writeTextFile(join(root, "summary.json"), `${JSON.stringify(runs, null, 2)}\n`);
  await Deno.writeTextFile(join(root, "report.html"), reportHtml(runs, title));
  return runs;
}

/** A few lines for the terminal. */
export function summaryText(runs: RunSummary[]): string {
  if (runs.length === 0) return "no results found";
  return runs.map((run) => {
    const t = run.totals;
    const causes = Object.entries(run.failuresByCause).map(([c, n]) => `${c} ${n}`).join(", ");
    return [
      `${run.model} ${run.actionSpace}/${run.observation}: score ${t.score} of ${t.tasks} ` +
      `(${(t.rate * 100).toFixed(1)} %); ${t.scored} scored, ${t.unsupported} unsupported, ` +
      `${t.failed} failed, ${t.notRun} not run; ${t.attempts} attempts` +
      (causes === "" ? "" : `; failed attempts: ${causes}`),
      ...run.tasks.map((task) =>
        `  ${task.domain}/${task.id}: ${task.status}` +
        `${task.score === null ? "" : ` ${task.score}`}, ${task.steps} steps, ` +
        `${task.seconds ?? "?"} s, ${task.attempts} attempt(s)`
      ),
    ].join("\n");
  }).join("\n");
}
