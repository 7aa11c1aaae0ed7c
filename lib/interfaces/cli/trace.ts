// `deno task trace-report <trace> [--out file.html]` and
// `deno task trace-osworld <trace> [--out folder]`: a trace folder (or its
// trace.jsonl) as an offline HTML report or an OSWorld trajectory. Prints
// the output's path; a trace or an output that cannot be used is one line on
// stderr and exit code 2.

import { writeHtmlReport } from "../../formats/trace/report/index.ts";
import { isInputTool } from "../../osworld/interfaces/input_tools.ts";
import { writeOsworldTrajectory } from "../../osworld/formats/trajectory/index.ts";

const USAGE = "usage: cli.ts report <trace dir | trace.jsonl> [--out file.html]\n" +
  "       cli.ts osworld <trace dir | trace.jsonl> [--out folder]";

export interface CliOptions {
  command: "report" | "osworld";
  trace: string;
  out?: string;
}

/** The options, or what is wrong with the arguments. */
export function parseCliArgs(args: readonly string[]): CliOptions | { problem: string } {
  const [command, ...rest] = args;
  if (command !== "report" && command !== "osworld") {
    return { problem: command === undefined ? "no command" : `unknown command '${command}'` };
  }
  const positional: string[] = [];
  let out: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i];
    if (arg === "--out") {
      out = rest[++i];
      if (out === undefined || out === "") return { problem: "--out needs a path" };
    } else if (arg.startsWith("--out=")) {
      out = arg.slice("--out=".length);
      if (out === "") return { problem: "--out needs a path" };
    } else if (arg.startsWith("-") && arg !== "-") return { problem: `unknown option '${arg}'` };
    else positional.push(arg);
  }
  if (positional.length !== 1) return { problem: "give exactly one trace folder or trace.jsonl" };
  return { command, trace: positional[0], ...(out !== undefined ? { out } : {}) };
}

async function run(options: CliOptions): Promise<void> {
  if (options.command === "report") {
    console.log(await writeHtmlReport(options.trace, options.out));
    return;
  }
  const written = await writeOsworldTrajectory(options.trace, isInputTool, options.out);
  const missing = written.withoutScreenshot.length;
  if (missing > 0) {
    console.error(
      `note: ${missing} of ${written.steps} steps have no screenshot taken after their action ` +
        "(screenshot_file null); tracing.screenshot_every_n_actions = 1 records one per step",
    );
  }
  console.log(written.dir);
}

export async function main(args: readonly string[]): Promise<number> {
  const options = parseCliArgs(args);
  if ("problem" in options) {
    console.error(`${options.problem}\n${USAGE}`);
    return 2;
  }
  try {
    await run(options);
    return 0;
  } catch (e) {
    // TraceFolderProblem names the file and line; others are the output failing to be written.
    const message = e instanceof Error ? e.message : String(e);
    console.error(`error: ${message.replace(/\s*\n\s*/g, " ")}`);
    return 2;
  }
}

if (import.meta.main) Deno.exit(await main(Deno.args));
