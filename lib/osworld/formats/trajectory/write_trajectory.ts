// A trace folder exported as an OSWorld result folder: traj.jsonl and each
// step's screenshot beside it (default folder: <trace dir>/osworld/).

import { join } from "node:path";
import { readTraceFolder } from "../../../formats/trace/report/trace_folder.ts";
import { trajectoryOf } from "./trajectory.ts";

export const TRAJECTORY_FILE = "traj.jsonl";
export const OSWORLD_DIR = "osworld";

export interface WrittenTrajectory {
  /** The output folder. */
  dir: string;
  /** Its traj.jsonl. */
  file: string;
  /** The screenshot files written, in step order. */
  screenshots: string[];
  steps: number;
  /** step_num of the steps with no screenshot after their action (screenshot_file null). */
  withoutScreenshot: number[];
}

/**
 * Reads the trace at `tracePath` (its folder or its trace.jsonl) and writes
 * traj.jsonl and the screenshots into `outDir` (created if needed). Throws
 * TraceFolderProblem when the trace cannot be used.
 */
export async function writeOsworldTrajectory(
  tracePath: string,
  isAction: (tool: string) => boolean,
  outDir?: string,
): Promise<WrittenTrajectory> {
  const folder = await readTraceFolder(tracePath);
  const dir = outDir ?? join(folder.dir, OSWORLD_DIR);
  const steps = trajectoryOf(folder.trace, (ref) => folder.screenshots.has(ref), isAction);
  await Deno.mkdir(dir, { recursive: true });
  const screenshots: string[] = [];
  for (const { line, screenshotRef } of steps) {
    if (line.screenshot_file === null || screenshotRef === null) continue;
    const path = join(dir, line.screenshot_file);
    await Deno.writeFile(path, folder.screenshots.get(screenshotRef)!);
    screenshots.push(path);
  }
  const file = join(dir, TRAJECTORY_FILE);
  await Deno.writeTextFile(file, steps.map(({ line }) => `${JSON.stringify(line)}\n`).join(""));
  return {
    dir,
    file,
    screenshots,
    steps: steps.length,
    withoutScreenshot: steps.filter((s) => s.line.screenshot_file === null).map((s) =>
      s.line.step_num
    ),
  };
}
